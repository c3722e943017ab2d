// Which conditions on a body's own parameters hold at each of its calls, decided on clang's CFG.
#ifndef NVM_CALLGUARDS_H
#define NVM_CALLGUARDS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nvm {

/// "<i>=<k>" (parameter i equals constant k) or "<i>!<k>" (it does not), or the same of its
/// bits under a constant mask ("<i>&<mask>=<k>"), or "<i><<k>" / "<i>><k>" (a signed parameter
/// is less or greater than k: `if (n > 0)`), for every fact that holds on every path from
/// the body's entry to a call: the branches taken to reach it test a parameter the body never
/// assigns nor takes the address of (`if (drop)`, `if (ifd != NULL)`, `if (flags & F_SYNC)`),
/// directly or through a local the body sets only where it declares it
/// (`int notify = !(flags & NO_NOTIFY); ... if (notify)`).
struct CallGuardMap {
  llvm::DenseMap<const clang::CallExpr *, std::vector<std::string>> Calls; ///< with any guard
  std::set<const clang::VarDecl *> Changed; ///< parameters and locals the body assigns or
                                            ///< points to
};

/// The guards of the calls of Fn, whose body's CFG is Graph (none without a CFG).
CallGuardMap findCallGuards(const clang::FunctionDecl *Fn, const clang::CFG *Graph);

/// The value of an argument when it is an integer constant (a null pointer is 0).
std::optional<int64_t> constantArgument(const clang::Expr *E, const clang::ASTContext &Ctx);

/// What a call passes as argument E, as CallSite::ConstArgs spells it: "<k>" for a constant,
/// "p<i>" for parameter i of Fn that the body never changes (its callers' values pass on), the
/// same through a local set only where it is declared, "" for anything else.
std::string argumentValue(const clang::Expr *E, const clang::FunctionDecl *Fn,
                          const CallGuardMap &Guards);

/// Whether guard G can hold when parameter i is V.
bool guardAllows(llvm::StringRef G, int64_t V);

/// The parameter a guard is about.
unsigned guardParameter(llvm::StringRef G);

} // namespace nvm

#endif
