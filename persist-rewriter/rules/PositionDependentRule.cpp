// Stores of pointers into the executable.
#include "rules/PositionDependentRule.h"
#include "rewrite/PersistentAccess.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

std::string executableAddress(const Expr *Value) {
  QualType T = Value->IgnoreParenImpCasts()->getType();
  if (T->isFunctionPointerType() || T->isFunctionType())
    return "a function pointer";
  const Expr *E = Value->IgnoreParenCasts();
  if (isa<StringLiteral>(E))
    return "the address of a string literal";
  const VarDecl *V = nullptr;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    V = variableAtBase(U->getSubExpr());
  else if (const auto *D = dyn_cast<DeclRefExpr>(E); D && D->getType()->isArrayType())
    V = dyn_cast<VarDecl>(D->getDecl()); // an array decays to its address
  if (V && V->hasGlobalStorage())
    return "the address of static object '" + V->getName().str() + "'";
  // A pointer to a table of functions (Redis' dictType) points into static data as a rule;
  // one a call returns (listCreate()) is an object of its own.
  if (T->isPointerType() && !isa<CallExpr>(E))
    if (const RecordDecl *RD = T->getPointeeType()->getAsRecordDecl(); RD && RD->getDefinition())
      for (const FieldDecl *F : RD->getDefinition()->fields())
        if (F->getType()->isFunctionPointerType())
          return "a pointer to '" + RD->getName().str() +
                 "', a table of function pointers (usually static)";
  return "";
}

void PositionDependentRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(binaryOperator(hasOperatorName("="), outsideWrappers()).bind("store"), this);
}

void PositionDependentRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const auto *Store = R.Nodes.getNodeAs<BinaryOperator>("store");
  const RecordDecl *RD = rewrite::persistentRecord(Store->getLHS(), Ctx.Types);
  if (!RD)
    return;
  std::string What = executableAddress(Store->getRHS());
  SourceLocation At = SM.getExpansionLoc(Store->getBeginLoc());
  if (What.empty() || !editable(SM, At))
    return;
  // A volatile field restarts with its reset value: what it pointed to is never followed.
  if (const auto *M = dyn_cast<MemberExpr>(Store->getLHS()->IgnoreParens()))
    if (const std::string *Name = Ctx.Types.match(RD);
        Name && Ctx.Config.ReinitVolatile &&
        Ctx.Config.isVolatileField(*Name, M->getMemberDecl()->getName()))
      return;
  Ctx.Summary.PositionDependent.push_back(where(SM, At) + ": stores " + What + " into " +
                                          storedField(RD, Store->getLHS()));
}

} // namespace nvm::port
