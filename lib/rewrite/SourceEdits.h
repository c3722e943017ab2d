// Edits of source files gathered over many translation units, and the ways to write them out:
// a new directory, the files themselves (atomically per file), clang-apply-replacements YAML,
// or a unified diff for check mode.
#ifndef NVM_REWRITE_SOURCEEDITS_H
#define NVM_REWRITE_SOURCEEDITS_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace nvm::rewrite {

/// Per-file replacements. Headers are seen by several translation units, so the same edit
/// arrives more than once: identical edits are kept once, insertions at one offset are joined
/// in arrival order, and any other overlap becomes a finding instead of an error.
class SourceEdits {
public:
  /// Returns false when R was already there (or conflicts, which makes a finding). An insertion
  /// First goes before the insertions already at its offset (a statement put in front of one
  /// whose l-value another edit wraps), not after them.
  bool add(const clang::tooling::Replacement &R, bool First = false);
  /// Whether R is among the edits (added by this unit or an earlier one, and not dropped).
  bool contains(const clang::tooling::Replacement &R) const;
  /// Call after each translation unit: an edit repeated by a later unit is then a duplicate.
  void endTU();
  /// Text to put at the top of every edited file (after a byte-order mark).
  void setPrologue(std::string Text) { Prologue = std::move(Text); }
  /// Files the edits apply to, with their replacements (prologue not included); insertions at
  /// one offset are already joined.
  const std::map<std::string, clang::tooling::Replacements> &files() const { return Files; }
  const std::vector<std::string> &findings() const { return Findings; }
  bool empty() const;

  /// New contents of every edited file.
  llvm::Expected<std::map<std::string, std::string>> apply() const;
  /// Writes the edited files and Copies (unchanged) under Root into OutDir, which must not exist.
  llvm::Error writeOutputDir(const std::set<std::string> &Copies, llvm::StringRef Root,
                             llvm::StringRef OutDir) const;
  /// Rewrites the edited files themselves, each atomically.
  llvm::Error writeInPlace() const;
  /// Writes clang-apply-replacements YAML (the prologue is the first replacement of each file).
  llvm::Error exportFixes(llvm::StringRef Path, llvm::StringRef MainFile) const;
  /// Writes a unified diff of every edited file (paths relative to Root) to OS.
  llvm::Error writeDiff(llvm::raw_ostream &OS, llvm::StringRef Root) const;

private:
  std::vector<clang::tooling::Replacement> prologueFor(llvm::StringRef File,
                                                       llvm::StringRef Code) const;
  using Key = std::tuple<std::string, unsigned, unsigned, std::string>;
  std::map<std::string, clang::tooling::Replacements> Files;
  std::set<Key> Earlier, ThisTU;
  std::vector<std::string> Findings;
  std::string Prologue;
};

/// The current contents of a file.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readSource(const std::string &File);

} // namespace nvm::rewrite

#endif
