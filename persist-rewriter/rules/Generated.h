// Text of the C functions the rules generate: prototypes printed from the AST, and a #line
// after generated lines so that the compiler's line numbers stay those of the original file.
#ifndef PORT_RULES_GENERATED_H
#define PORT_RULES_GENERATED_H

#include "clang/AST/Decl.h"
#include <string>

namespace nvm::port {

/// "static int name(const char *path, int n)" for FD under another name.
std::string prototype(const clang::FunctionDecl *FD, llvm::StringRef Name);
/// "path, n": the parameters passed on.
std::string forwardArguments(const clang::FunctionDecl *FD);
/// "T name" as a declaration, also for array and function-pointer types.
std::string declaration(clang::QualType T, llvm::StringRef Name, const clang::ASTContext &AC);
/// A name for the wrapper's result variable that no parameter of FD has.
std::string resultName(const clang::FunctionDecl *FD);
/// The line FD's definition starts on (for #line after inserted text).
unsigned lineOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

} // namespace nvm::port

#endif
