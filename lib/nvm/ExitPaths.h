// Which calls of a function body sit on paths that can only end the process, decided on clang's CFG.
#ifndef NVM_EXITPATHS_H
#define NVM_EXITPATHS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace nvm {

/// A point of a body from which every path ends in a call that never returns, each of them a
/// library function that ends the process (ProcessExits.def) or a function of the program
/// declared never to return, which ends the process only if its own body does (decided by the
/// walk, across translation units).
struct ProcessEnd {
  std::vector<std::string> Through; ///< USRs of the program functions the paths end in
};

/// The paths of one body that end the process.
struct ExitPaths {
  /// The calls after which every path ends the process (a call on such a path cannot give
  /// anything back to the code after the load: the process is gone before it runs).
  llvm::DenseMap<const clang::CallExpr *, ProcessEnd> Calls;
  /// Set when every path from the body's entry ends the process.
  std::optional<ProcessEnd> Body;
  /// The direct callees that end a path of the body without returning, other than builtin
  /// exits (USRs): whether the body can go on elsewhere (a longjmp back into the program)
  /// depends on them.
  std::vector<std::string> NoReturnCallees;
};

/// Whether a library function of this name ends the process (ProcessExits.def).
bool isProcessExit(llvm::StringRef Name);

/// The CFG of Fn's body with every statement and call as an element (what findExitPaths and
/// findCallGuards read), or null when it cannot be built.
std::unique_ptr<clang::CFG> buildBodyCFG(const clang::FunctionDecl *Fn);

/// The paths of Fn's body (whose CFG is Graph) that end the process. Paths through a loop are
/// not counted (the loop may run for the rest of the program), nor calls of functions that never
/// return but go on elsewhere (longjmp) or through a pointer. Returns nothing without a CFG.
ExitPaths findExitPaths(const clang::CFG *Graph);

} // namespace nvm

#endif
