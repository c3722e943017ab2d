// Turns one function body into its summary: writes (paper mode), calls, and data-flow edges.
#ifndef NVM_BODYVISITOR_H
#define NVM_BODYVISITOR_H

#include "nvm/Summary.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace nvm {

/// Summarises the body of Fn; Root makes locations relative.
FunctionSummary summariseFunction(const clang::FunctionDecl *Fn, llvm::StringRef Root);

/// Data-flow edges of the initializer of a global variable (callback tables and the like).
std::vector<Flow> globalInitFlows(const clang::VarDecl *V, llvm::StringRef Root);

} // namespace nvm

#endif
