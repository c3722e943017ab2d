// Parses the translation units of a compile database for a source-to-source tool: the
// original flags, syntax only, clang's builtin headers, and every error kept as one line.
#ifndef NVM_REWRITE_TUPARSER_H
#define NVM_REWRITE_TUPARSER_H

#include "clang/AST/ASTConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace nvm::rewrite {

/// What parsing produced besides the consumers' own results.
struct ParseOutcome {
  std::vector<std::string> MainFiles;  // absolute, in command order
  std::set<std::string> IncludedFiles; // headers under the root that the units read
  std::vector<std::string> Incomplete; // "file: first error" for units that did not parse
};

/// Makes the consumer of one translation unit; it only runs when the unit parsed without error.
using ConsumerFactory = std::function<std::unique_ptr<clang::ASTConsumer>()>;
/// Called after a unit: Ok is false when it did not parse (its results must be dropped).
using UnitDone = std::function<void(bool Ok)>;

/// Parses each command with ExtraArgs appended. Files under Root are reported in IncludedFiles.
ParseOutcome parseUnits(const std::vector<clang::tooling::CompileCommand> &Commands,
                        llvm::StringRef Root, const std::vector<std::string> &ExtraArgs,
                        const ConsumerFactory &MakeConsumer, const UnitDone &Done);

} // namespace nvm::rewrite

#endif
