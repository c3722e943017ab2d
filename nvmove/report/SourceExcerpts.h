// The source lines a report shows (definitions, statements, functions), copied into the JSON.
//
// The renderer reads only the JSON, so the excerpts it highlights travel inside it: a JSON
// produced in CI renders later on a machine without the sources.
#ifndef NVMOVE_REPORT_SOURCEEXCERPTS_H
#define NVMOVE_REPORT_SOURCEEXCERPTS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvm::infer {

class SourceExcerpts {
public:
  /// Relative paths of locations are looked up in Dirs, in order; no Dirs: collects nothing.
  explicit SourceExcerpts(std::vector<std::string> Dirs) : Dirs(std::move(Dirs)) {}

  /// Asks for the lines around Loc ("file:line" or "file:line:col").
  void addAround(llvm::StringRef Loc, unsigned Before, unsigned After);
  /// Asks for the record or function defined at Loc up to its closing brace (at most
  /// MaxLines); returns the last line, or 0 if the file cannot be read.
  unsigned addDefinition(llvm::StringRef Loc, unsigned MaxLines = 120);

  /// {"file": [{"first_line": N, "lines": [...]}, ...]}, files and ranges sorted.
  llvm::json::Value toJSON() const;

private:
  const std::vector<std::string> *lines(llvm::StringRef File);

  std::vector<std::string> Dirs;
  std::map<std::string, std::vector<std::string>> Files; ///< empty vector: unreadable
  std::map<std::string, std::set<unsigned>> Wanted;
};

/// Splits "file:line[:col]" into file and line; false if it has no line.
bool splitLocation(llvm::StringRef Loc, std::string &File, unsigned &Line);

} // namespace nvm::infer

#endif
