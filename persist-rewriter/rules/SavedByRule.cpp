// Saved-by calls.
#include "rules/SavedByRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

void SavedByRule::registerMatchers(MatchFinder &Finder) {
  if (Ctx.Config.SavedBy.empty())
    return;
  std::vector<llvm::StringRef> Names(Ctx.Config.SavedBy.begin(), Ctx.Config.SavedBy.end());
  Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(Names)).bind("fn")),
                             hasAncestor(functionDecl(isDefinition()).bind("caller")))
                        .bind("save"),
                    this);
}

/// True when C is already the argument of pms_port_saved_rc or the left of `, pms_port_saved()`.
static bool alreadyWrapped(const CallExpr *C, ASTContext &AC) {
  DynTypedNode N = DynTypedNode::create(*C);
  for (int Depth = 0; Depth < 4; ++Depth) {
    DynTypedNodeList Parents = AC.getParents(N);
    if (Parents.empty())
      return false;
    N = Parents[0];
    if (const auto *P = N.get<CallExpr>())
      return P->getDirectCallee() && P->getDirectCallee()->getName() == "pms_port_saved_rc";
    if (const auto *B = N.get<BinaryOperator>()) {
      const auto *R = dyn_cast<CallExpr>(B->getRHS()->IgnoreParenImpCasts());
      return B->getOpcode() == BO_Comma && R && R->getDirectCallee() &&
             R->getDirectCallee()->getName() == "pms_port_saved";
    }
    if (!N.get<ParenExpr>() && !N.get<ImplicitCastExpr>())
      return false;
  }
  return false;
}

void SavedByRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const auto *C = R.Nodes.getNodeAs<CallExpr>("save");
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
  const auto *Caller = R.Nodes.getNodeAs<FunctionDecl>("caller");
  for (const std::string &S : Ctx.Config.SavedBy)
    if (Caller->getName() == S)
      return; // inside a save (save_quietly calling save): the outer call marks it
  SourceLocation Begin = C->getBeginLoc(), End = C->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID()) {
    skip(R, Begin, "saved-by call inside a macro");
    return;
  }
  if (!editable(SM, Begin) || alreadyWrapped(C, *R.Context))
    return;
  SourceLocation After = Lexer::getLocForEndOfToken(End, 0, SM, R.Context->getLangOpts());
  // In main the save is the final one of a stopping program: what follows is its tear-down.
  std::string Final = Caller->getName() == Ctx.Config.Main ? "1" : "0";
  QualType Ret = Fn->getReturnType();
  if (Ret->isVoidType()) {
    edit(SM, Begin, 0, "(", "saved-by");
    edit(SM, After, 0, ", pms_port_saved(" + Final + "))", "");
  } else if (Ret->isIntegralOrEnumerationType()) {
    edit(SM, Begin, 0, "pms_port_saved_rc(", "saved-by");
    edit(SM, After, 0, ", " + Final + ")", "");
  } else {
    Ctx.Summary.Findings.push_back(where(SM, Begin) + ": saved-by '" + Fn->getName().str() +
                                   "' returns neither a status nor nothing; call "
                                   "pms_port_saved() by hand after a completed save");
  }
}

} // namespace nvm::port
