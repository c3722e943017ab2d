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
  // The runtime form takes the wrapper's parameters in the same order.
  unsigned Arity = Kind == AllocKind::Free || Kind == AllocKind::UsableSize ? 1
                   : Kind == AllocKind::Realloc || Kind == AllocKind::FreeUsable ? 2
                   : Kind == AllocKind::ReallocUsable ? 3
                                                     : 0;
  bool Frees = Kind == AllocKind::Free || Kind == AllocKind::FreeUsable;
  std::string Why;
  if (!Arity)
    Why = "is not a free, free_usable, realloc, realloc_usable or usable_size wrapper";
  else if (FD->getNumParams() != Arity || !FD->getParamDecl(0)->getType()->isPointerType())
    Why = "does not take the " + std::to_string(Arity) + " parameters of its kind";
  else if (Frees != FD->getReturnType()->isVoidType())
    Why = Frees ? "frees but does not return void" : "returns nothing";
  for (const ParmVarDecl *P : FD->parameters())
    if (P->getName().empty())
      Why = "has an unnamed parameter";
  if (!Why.empty()) {
    Ctx.Summary.Findings.push_back(where(SM, FD->getLocation()) + ": dispatch wrapper '" +
                                   FD->getName().str() + "' " + Why + "; not rewritten");
    return;
  }
  std::string Args;
  for (const ParmVarDecl *P : FD->parameters())
    Args += (Args.empty() ? "" : ", ") + P->getName().str();
  std::string Call = runtimeFunction(Kind).str() + "(" + Args + ")";
  std::string P = FD->getParamDecl(0)->getName().str();
  std::string Then = Frees ? "{ " + Call + "; return; }" : "return " + Call + ";";
  edit(SM, Body->getLBracLoc().getLocWithOffset(1), 0,
       " if (pms_port_in_pool(" + P + ")) " + Then, "dispatch");
}

} // namespace nvm::port
