// Strict loading of compile_commands.json: the first problem is an error, never a fallback.
#ifndef NVM_COMPILEDATABASE_H
#define NVM_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace nvm {

/// Loads Dir/compile_commands.json (or the file itself when Dir names one).
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(llvm::StringRef Dir);

/// The commands to analyse: those of Files (each must be in the database), or all of them.
/// Only C translation units are kept; a file listed twice is analysed once.
llvm::Expected<std::vector<clang::tooling::CompileCommand>>
selectCommands(const clang::tooling::CompilationDatabase &DB,
               const std::vector<std::string> &Files);

/// loadCompileDatabase then selectCommands; also fails when no C translation unit is left.
llvm::Expected<std::vector<clang::tooling::CompileCommand>>
loadCommands(llvm::StringRef Dir, const std::vector<std::string> &Files);

} // namespace nvm

#endif
