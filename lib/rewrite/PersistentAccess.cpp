// Persistent l-values and evaluation contexts, decided on the AST alone.
#include "rewrite/PersistentAccess.h"
#include "nvm/RecordNames.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace nvm::rewrite {

static const RecordDecl *ifPersistent(const RecordDecl *RD, const TypeList &Types) {
  return RD && Types.match(RD) ? RD : nullptr;
}

/// The l-value an array-typed operand decays from, or null when E is not a decay.
static const Expr *decayedArray(const Expr *E) {
  if (const auto *C = dyn_cast<ImplicitCastExpr>(E->IgnoreParens()))
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      return C->getSubExpr();
  return nullptr;
}

const RecordDecl *persistentRecord(const Expr *L, const TypeList &Types) {
  L = L->IgnoreParens();
  if (const auto *RT = L->getType()->getAs<RecordType>())
    if (const RecordDecl *RD = ifPersistent(RT->getDecl()->getDefinition(), Types))
      return RD;
  if (const auto *M = dyn_cast<MemberExpr>(L)) {
    if (M->isArrow())
      return ifPersistent(pointeeRecordOf(M->getBase()->getType()), Types);
    return persistentRecord(M->getBase(), Types);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(L)) {
    if (U->getOpcode() != UO_Deref)
      return nullptr;
    if (const Expr *A = decayedArray(U->getSubExpr()))
      return persistentRecord(A, Types);
    return ifPersistent(pointeeRecordOf(U->getSubExpr()->getType()), Types);
  }
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(L)) {
    if (const Expr *A = decayedArray(S->getBase()))
      return persistentRecord(A, Types);
    return ifPersistent(pointeeRecordOf(S->getBase()->getType()), Types);
  }
  return nullptr;
}

const RecordDecl *pointedRecord(const Expr *Arg, const TypeList &Types) {
  const Expr *E = Arg->IgnoreParenCasts();
  if (E->getType()->isArrayType())
    return persistentRecord(E, Types);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_AddrOf)
      return persistentRecord(U->getSubExpr(), Types);
  if (E->getType()->isPointerType())
    return ifPersistent(pointeeRecordOf(E->getType()), Types);
  return nullptr;
}

StringRef unexecutedReason(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  for (int Depth = 0; Depth < 512; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return "outside-function";
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>())
      return "";
    if (P.get<TranslationUnitDecl>())
      return "outside-function";
    if (P.get<TypeLoc>())
      return "unevaluated";
    if (const auto *U = P.get<UnaryExprOrTypeTraitExpr>())
      if (!U->getTypeOfArgument()->isVariableArrayType())
        return "unevaluated";
    if (const auto *G = P.get<GenericSelectionExpr>())
      if (N.get<Expr>() == G->getControllingExpr())
        return "unevaluated";
    N = P;
  }
  return "";
}

} // namespace nvm::rewrite
