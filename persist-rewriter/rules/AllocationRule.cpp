// Allocation sites and what decides them.
#include "rules/AllocationRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/Allocators.h"
#include "rules/FlowCollector.h"
#include "nvm/RecordNames.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

/// The persistent type name T points to, or null.
const std::string *persistentPointee(QualType T, const rewrite::TypeList &Types) {
  return T->isPointerType() ? Types.match(pointeeRecordOf(T)) : nullptr;
}

/// Finds sizeof(T) with T persistent (or an array of it) among the arguments.
class SizeofFinder : public RecursiveASTVisitor<SizeofFinder> {
public:
  explicit SizeofFinder(const rewrite::TypeList &Types) : Types(Types) {}
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *U) {
    if (U->getKind() == UETT_SizeOf && Found.empty())
      if (const std::string *N = Types.match(recordOf(U->getTypeOfArgument())))
        if (!U->getTypeOfArgument()->isPointerType())
          Found = "its size is sizeof(" + *N + ")";
    return true;
  }
  std::string Found;

private:
  const rewrite::TypeList &Types;
};

/// Why the call's type alone makes it persistent, or empty.
std::string typedReason(const CallExpr *C, ASTContext &AC, const rewrite::TypeList &Types) {
  SizeofFinder Sizes(Types);
  for (const Expr *A : C->arguments())
    Sizes.TraverseStmt(const_cast<Expr *>(A));
  if (!Sizes.Found.empty())
    return Sizes.Found;
  DynTypedNode N = DynTypedNode::create(*C);
  const Expr *Value = C;
  for (int Depth = 0; Depth < 16; ++Depth) {
    DynTypedNodeList Parents = AC.getParents(N);
    if (Parents.empty())
      return {};
    const DynTypedNode &P = Parents[0];
    if (const auto *Cast = P.get<CastExpr>()) {
      if (const std::string *T = persistentPointee(Cast->getType(), Types))
        if (isa<ExplicitCastExpr>(Cast))
          return "it is cast to " + *T + " *";
      Value = Cast;
    } else if (const auto *Paren = P.get<ParenExpr>()) {
      Value = Paren;
    } else if (const auto *B = P.get<BinaryOperator>()) {
      if (B->getOpcode() == BO_Assign && B->getRHS()->IgnoreParens() == Value->IgnoreParens())
        if (const std::string *T = persistentPointee(B->getLHS()->getType(), Types))
          return "it is assigned to a " + *T + " *";
      return {};
    } else if (const auto *V = P.get<VarDecl>()) {
      if (const std::string *T = persistentPointee(V->getType(), Types))
        return "it initialises a " + *T + " *";
      return {};
    } else if (P.get<ReturnStmt>()) {
      for (DynTypedNode Up = P; !AC.getParents(Up).empty();) {
        Up = AC.getParents(Up)[0];
        if (const auto *FD = Up.get<FunctionDecl>()) {
          if (const std::string *T = persistentPointee(FD->getReturnType(), Types))
            return "it is returned as a " + *T + " *";
          return {};
        }
      }
      return {};
    } else {
      return {};
    }
    N = P;
  }
  return {};
}

} // namespace

void AllocationRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(callExpr(callee(functionDecl()), outsideWrappers()).bind("call"), this);
}

void AllocationRule::run(const Result &R) {
  const auto *C = R.Nodes.getNodeAs<CallExpr>("call");
  const SourceManager &SM = *R.SourceManager;
  std::optional<AllocatorCall> A = allocatorCall(C, Ctx.Config, SM, R.Context->getLangOpts());
  if (!A || A->Kind == AllocKind::UsableSize)
    return; // libc cannot size a pool object: such wrappers need a dispatch prologue
  if (A->Token.isInvalid() || !editable(SM, A->Token)) {
    if (A->Token.isInvalid())
      skip(R, C->getBeginLoc(), "allocation inside a macro");
    return;
  }
  if (!rewrite::unexecutedReason(C, *R.Context).empty())
    return;
  ConditionalEdit E;
  E.Where = where(SM, A->Token);
  unsigned Len = tokenLength(A->Token, SM, R.Context->getLangOpts());
  if (!allocates(A->Kind)) {
    if (C->getNumArgs() < 1)
      return;
    E.Kind = "free";
    E.Edits = {replacement(SM, A->Token, Len, runtimeFunction(A->Kind))};
    if (const std::string *T = persistentPointee(C->getArg(0)->IgnoreParenImpCasts()->getType(),
                                                 Ctx.Types))
      E.TypedReason = "it frees a " + *T + " *";
    E.Values = valueNodes(C->getArg(0), Ctx, *R.Context);
    Ctx.Flow.add(std::move(E));
    return;
  }
  E.Kind = "allocation";
  E.Site = A->Site;
  E.Edits = {replacement(SM, A->Token, Len, runtimeFunction(A->Kind))};
  E.TypedReason = typedReason(C, *R.Context, Ctx.Types);
  if (A->Kind == AllocKind::Realloc && C->getNumArgs() >= 1) {
    // A reallocation that stays volatile may still be handed a pool object.
    ConditionalEdit D;
    D.Kind = "realloc-dispatch";
    D.Where = E.Where;
    D.Edits = {replacement(SM, A->Token, Len, "pms_realloc_dispatch")};
    D.UnlessSite = A->Site;
    D.Values = valueNodes(C->getArg(0), Ctx, *R.Context);
    Ctx.Flow.add(std::move(D));
  }
  Ctx.Flow.add(std::move(E));
}

} // namespace nvm::port
