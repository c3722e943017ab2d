// Collects instrumentation sites per translation unit and turns them into per-file
// tooling::Replacements, with the counts the summary reports.
#ifndef DELAY_EDITSINK_H
#define DELAY_EDITSINK_H

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvm::delay {

/// The first line of every instrumented file: prototypes of the runtime's inline functions
/// (their header is included at the end of the file). Its presence means "already done".
inline constexpr const char RuntimePrototypes[] =
    "static inline void pms_lat_read(const void *, __SIZE_TYPE__); "
    "static inline void pms_lat_write(const void *, __SIZE_TYPE__); "
    "/* delay-injector: defined in <pmem_shim/latency.h>, included at the end */\n";

/// One access to charge: the file range it wraps and the text opened before it (a comma
/// expression that the sink closes with ')').
struct Site {
  std::string File;
  unsigned Begin = 0, End = 0;
  std::string Prefix;
  std::string TypeName;
  bool Reads = false, Writes = false;
  std::string Where; // file:line:col, for findings
};

/// Sites instrumented in one file.
struct FileCounts {
  unsigned Sites = 0, Reads = 0, Writes = 0;
};

/// Why the sink exists: nested accesses (`p->next->key`) open comma expressions at the same
/// offset, which Replacements refuses as order-dependent. Sites are therefore gathered per TU and
/// nested ones rendered inside their enclosing site, so that each outermost site is a single
/// replacement. Overlaps that remain (a header seen differently by two TUs) become findings.
class EditSink {
public:
  /// Records a site; Code is the text of its file, valid until finishTU().
  void addSite(Site S, llvm::StringRef Code) {
    TUCode[S.File] = Code;
    Pending.push_back(std::move(S));
  }
  void skip(llvm::StringRef Reason) { ++Skipped[Reason.str()]; }
  /// Renders the sites of the TU just matched into replacements.
  void finishTU();
  /// Drops the sites of a TU that did not parse.
  void discardTU() {
    Pending.clear();
    TUCode.clear();
  }

  const std::map<std::string, clang::tooling::Replacements> &replacements() const { return Files; }
  const std::map<std::string, FileCounts> &fileCounts() const { return PerFile; }
  const std::map<std::string, unsigned> &typeCounts() const { return PerType; }
  const std::map<std::string, unsigned> &skipped() const { return Skipped; }
  /// "file:line:col: message [flag]" lines for overlapping edits.
  const std::vector<std::string> &findings() const { return Findings; }

  /// A site with the sites nested inside it.
  struct Node;

private:
  void addRoot(const Node &N, llvm::StringRef Code);

  std::vector<Site> Pending;
  std::map<std::string, llvm::StringRef> TUCode;
  std::map<std::string, clang::tooling::Replacements> Files;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
  std::map<std::string, FileCounts> PerFile;
  std::map<std::string, unsigned> PerType;
  std::map<std::string, unsigned> Skipped;
  std::vector<std::string> Findings;
};

} // namespace nvm::delay

#endif
