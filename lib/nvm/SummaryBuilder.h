// Parses one translation unit with Clang and builds its summary.
#ifndef NVM_SUMMARYBUILDER_H
#define NVM_SUMMARYBUILDER_H

#include "nvm/Summary.h"
#include "clang/Tooling/CompilationDatabase.h"

namespace nvm {

/// A summary plus the files it was built from (for cache validation).
struct ParsedTU {
  TUSummary Summary;
  std::vector<std::string> Dependencies; ///< absolute paths of every file read
};

/// Parses the TU of Command. Never fails: a TU that does not parse comes back with
/// Parsed == false and its first errors.
ParsedTU buildSummary(const clang::tooling::CompileCommand &Command, llvm::StringRef Root);

} // namespace nvm

#endif
