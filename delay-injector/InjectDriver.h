// Runs the rules over the translation units of a compile database.
#ifndef DELAY_INJECTDRIVER_H
#define DELAY_INJECTDRIVER_H

#include "EditSink.h"
#include "rewrite/TypeList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <set>

namespace nvm::delay {

using rewrite::TypeList;


/// What one run produced.
struct InjectResult {
  EditSink Sink;
  std::vector<std::string> MainFiles;  // absolute, in command order
  std::set<std::string> IncludedFiles; // headers under the root the TUs read, edited or not
  std::vector<std::string> Incomplete; // "file: first error" for TUs that did not parse
  std::map<std::string, std::string> ExcludedTypes; // TypeList::excluded()
};

/// Parses each command and collects the sites of every rule; only files under Root are edited.
InjectResult instrument(const std::vector<clang::tooling::CompileCommand> &Commands,
                        const TypeList &Types, llvm::StringRef Root);

} // namespace nvm::delay

#endif
