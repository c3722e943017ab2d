// Which calls of a function body sit on paths that can only end the process, decided on clang's CFG.
//
// Redis' rdbReportError runs the RDB checker (redis_check_rdb_main, which loads the whole file
// again into its own state) and then calls exit(1): whatever the checker writes is gone before
// anything after the load could read it. clang's CFG already cuts a block at a call of a
// function declared never to return; a block "ends the process" when it ends in such a call
// that is a library exit (ProcessExits.def) or a program function whose body ends the process
// (the walk decides that, the body may be in another TU), and any other block when all its
// successors do. The fixpoint is the least one, so a block in or before a loop never counts.
#include "nvm/ExitPaths.h"
#include "nvm/ExprCells.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/StringSet.h"
#include <set>

using namespace clang;
using namespace llvm;

namespace nvm {

bool isProcessExit(StringRef Name) {
  static const StringSet<> Exits = {
#define NVM_PROCESS_EXIT(Name) #Name,
#include "nvm/ProcessExits.def"
  };
  return Exits.contains(Name);
}

/// What the call that ends block B (a block clang marked as never returning) does: end the
/// process (nullopt Through means it goes on elsewhere).
static std::optional<std::set<std::string>> endOfNoReturnBlock(const CFGBlock &B,
                                                               std::set<std::string> &Callees) {
  for (auto It = B.rbegin(); It != B.rend(); ++It) {
    auto S = It->getAs<CFGStmt>();
    const auto *Call = S ? dyn_cast<CallExpr>(S->getStmt()) : nullptr;
    if (!Call)
      continue;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return std::nullopt; // a pointer to a function that never returns: which one?
    if (Callee->getBuiltinID()) {
      if (isProcessExit(Callee->getName()))
        return std::set<std::string>{};
      Callees.insert(usrOf(Callee->getCanonicalDecl()));
      return std::nullopt;
    }
    if (!Callee->isNoReturn())
      continue;
    // exit() and a program's die() alike: the walk looks for a body, then at the name.
    std::string Usr = usrOf(Callee->getCanonicalDecl());
    Callees.insert(Usr);
    return std::set<std::string>{Usr};
  }
  return std::nullopt;
}

std::unique_ptr<CFG> buildBodyCFG(const FunctionDecl *Fn) {
  if (!Fn->hasBody())
    return nullptr;
  CFG::BuildOptions Opts;
  Opts.setAllAlwaysAdd();
  return CFG::buildCFG(Fn, Fn->getBody(), &Fn->getASTContext(), Opts);
}

ExitPaths findExitPaths(const CFG *Graph) {
  ExitPaths Result;
  if (!Graph)
    return Result;
  // Ends[B]: the program functions every path from B's end ends in, once proven.
  std::vector<std::optional<std::set<std::string>>> Ends(Graph->getNumBlockIDs());
  std::vector<bool> Escapes(Graph->getNumBlockIDs(), false);
  std::set<std::string> NoReturnCallees;
  for (const CFGBlock *B : *Graph)
    if (B->hasNoReturnElement()) {
      Ends[B->getBlockID()] = endOfNoReturnBlock(*B, NoReturnCallees);
      Escapes[B->getBlockID()] = !Ends[B->getBlockID()];
    }
  Result.NoReturnCallees.assign(NoReturnCallees.begin(), NoReturnCallees.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *B : *Graph) {
      unsigned Id = B->getBlockID();
      if (Ends[Id] || Escapes[Id] || B == &Graph->getExit())
        continue;
      std::set<std::string> Through;
      bool All = false;
      for (const CFGBlock *Succ : B->succs()) {
        if (!Succ)
          continue;
        if (!Ends[Succ->getBlockID()]) {
          All = false;
          break;
        }
        All = true;
        Through.insert(Ends[Succ->getBlockID()]->begin(), Ends[Succ->getBlockID()]->end());
      }
      if (All) {
        Ends[Id] = std::move(Through);
        Changed = true;
      }
    }
  }
  for (const CFGBlock *B : *Graph) {
    const auto &End = Ends[B->getBlockID()];
    if (!End)
      continue;
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(S->getStmt()))
          Result.Calls[Call].Through.assign(End->begin(), End->end());
  }
  if (const auto &End = Ends[Graph->getEntry().getBlockID()])
    Result.Body = ProcessEnd{{End->begin(), End->end()}};
  return Result;
}

} // namespace nvm
