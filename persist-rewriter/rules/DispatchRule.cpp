// Dispatch prologues of allocation wrappers.
#include "rules/DispatchRule.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

void DispatchRule::registerMatchers(MatchFinder &Finder) {
  std::vector<llvm::StringRef> Names;
  for (const auto &[Name, Kind] : Ctx.Config.Dispatchers)
    Names.push_back(Name);
  if (!Names.empty())
    Finder.addMatcher(functionDecl(isDefinition(), hasAnyName(Names)).bind("wrapper"), this);
}

/// True when S is a prologue an earlier run added.
static bool isPrologue(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If)
    return false;
  const auto *C = dyn_cast<CallExpr>(If->getCond()->IgnoreParenCasts());
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  return FD && FD->getName() == "pms_port_in_pool";
}

void DispatchRule::run(const Result &R) {
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("wrapper");
  const SourceManager &SM = *R.SourceManager;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || !editable(SM, Body->getLBracLoc()))
    return;
  if (!Body->body_empty() && isPrologue(Body->body_front()))
    return;
  AllocKind Kind = Ctx.Config.Dispatchers.at(FD->getName().str());
  const ParmVarDecl *Ptr = nullptr, *Size = nullptr;
  for (const ParmVarDecl *P : FD->parameters()) {
    if (!Ptr && P->getType()->isPointerType())
      Ptr = P;
    else if (!Size && P->getType()->isIntegerType())
      Size = P;
  }
  std::string Why;
  if (!Ptr || Ptr->getName().empty())
    Why = "has no named pointer parameter";
  else if (Kind == AllocKind::Realloc && (!Size || Size->getName().empty()))
    Why = "has no named size parameter";
  else if (Kind != AllocKind::Free && Kind != AllocKind::Realloc && Kind != AllocKind::UsableSize)
    Why = "is not a free, realloc or usable_size wrapper";
  else if (Kind == AllocKind::Free && !FD->getReturnType()->isVoidType())
    Why = "frees but does not return void";
  if (!Why.empty()) {
    Ctx.Summary.Findings.push_back(where(SM, FD->getLocation()) + ": dispatch wrapper '" +
                                   FD->getName().str() + "' " + Why + "; not rewritten");
    return;
  }
  std::string P = Ptr->getName().str();
  std::string Then = Kind == AllocKind::Free        ? "{ pms_free(" + P + "); return; }"
                     : Kind == AllocKind::Realloc ? "return pms_realloc(" + P + ", " +
                                                        Size->getName().str() + ");"
                                                  : "return pms_malloc_usable_size(" + P + ");";
  edit(SM, Body->getLBracLoc().getLocWithOffset(1), 0,
       " if (pms_port_in_pool(" + P + ")) " + Then, "dispatch");
}

} // namespace nvm::port
