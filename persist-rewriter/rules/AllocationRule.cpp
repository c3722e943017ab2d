// Allocation sites and what decides them.
#include "rules/AllocationRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/Allocators.h"
#include "rules/FlowCollector.h"
#include "nvm/RecordNames.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <functional>

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

/// Which records a typed reason looks for: the persistent ones, or the ones the user excluded.
using RecordMatch = std::function<const std::string *(const RecordDecl *)>;

/// The matching type name T points to, or null.
const std::string *pointee(QualType T, const RecordMatch &Match) {
  return T->isPointerType() ? Match(pointeeRecordOf(T)) : nullptr;
}

const std::string *persistentPointee(QualType T, const rewrite::TypeList &Types) {
  return pointee(T, [&](const RecordDecl *RD) { return Types.match(RD); });
}

/// Finds sizeof(T) with T matching (or an array of it) among the arguments.
class SizeofFinder : public RecursiveASTVisitor<SizeofFinder> {
public:
  explicit SizeofFinder(const RecordMatch &Match) : Match(Match) {}
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *U) {
    if (U->getKind() == UETT_SizeOf && Found.empty())
      if (const std::string *N = Match(recordOf(U->getTypeOfArgument())))
        if (!U->getTypeOfArgument()->isPointerType())
          Found = "its size is sizeof(" + *N + ")";
    return true;
  }
  std::string Found;

private:
  const RecordMatch &Match;
};

/// Why the call's type alone makes it an object of a matching type, or empty. With OwnerField,
/// a result assigned to a field of a matching record counts too (its owner is of that type).
std::string typedReason(const CallExpr *C, ASTContext &AC, const RecordMatch &Match,
                        bool OwnerField = false) {
  SizeofFinder Sizes(Match);
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
      if (const std::string *T = pointee(Cast->getType(), Match))
        if (isa<ExplicitCastExpr>(Cast))
          return "it is cast to " + *T + " *";
      Value = Cast;
    } else if (const auto *Paren = P.get<ParenExpr>()) {
      Value = Paren;
    } else if (const auto *B = P.get<BinaryOperator>()) {
      if (B->getOpcode() == BO_Assign && B->getRHS()->IgnoreParens() == Value->IgnoreParens()) {
        if (const std::string *T = pointee(B->getLHS()->getType(), Match))
          return "it is assigned to a " + *T + " *";
        // In a port checked again, the field is the l-value of PMS_LOGGED(...).
        if (OwnerField)
          if (const auto *M = dyn_cast<MemberExpr>(
                  portedLValue(B->getLHS(), AC.getSourceManager())->IgnoreParenImpCasts()))
            if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()))
              if (const std::string *T = Match(F->getParent()))
                return "it is assigned to field '" + F->getName().str() + "' of a " + *T;
      }
      return {};
    } else if (const auto *V = P.get<VarDecl>()) {
      if (const std::string *T = pointee(V->getType(), Match))
        return "it initialises a " + *T + " *";
      return {};
    } else if (const auto *Ret = P.get<ReturnStmt>()) {
      if (const FunctionDecl *FD = enclosingFunction(Ret, AC))
        if (const std::string *T = pointee(FD->getReturnType(), Match))
          return "it is returned as a " + *T + " *";
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
  // A reallocation in a macro definition would need a dispatch for the expansions that stay
  // volatile; the definition's other allocator kinds are renamed for all expansions at once.
  bool InvalidInDefinition = A->InDefinition && A->Kind == AllocKind::Realloc;
  if (A->Token.isInvalid() || InvalidInDefinition || !editable(SM, A->Token)) {
    if (A->Token.isInvalid() || InvalidInDefinition)
      skip(R, C->getBeginLoc(), "allocation inside a macro");
    return;
  }
  std::string InMacro = A->InDefinition ? "-in-macro-definition" : "";
  if (!rewrite::unexecutedReason(C, *R.Context).empty())
    return;
  ConditionalEdit E;
  E.Where = where(SM, A->Token);
  unsigned Len = tokenLength(A->Token, SM, R.Context->getLangOpts());
  if (!allocates(A->Kind)) {
    if (C->getNumArgs() < 1)
      return;
    E.Kind = "free" + InMacro;
    E.Edits = {replacement(SM, A->Token, Len, runtimeFunction(A->Kind))};
    if (const std::string *T = persistentPointee(C->getArg(0)->IgnoreParenImpCasts()->getType(),
                                                 Ctx.Types))
      E.TypedReason = "it frees a " + *T + " *";
    E.Values = valueNodes(C->getArg(0), Ctx, *R.Context);
    Ctx.Flow.add(std::move(E));
    return;
  }
  E.Kind = "allocation" + InMacro;
  E.Site = A->Site;
  E.Edits = {replacement(SM, A->Token, Len, runtimeFunction(A->Kind))};
  E.TypedReason = typedReason(
      C, *R.Context, [&](const RecordDecl *RD) { return Ctx.Types.match(RD); });
  // An object of a type the user excluded, or one only such an object owns (a client's reply
  // buffer), stays volatile even where the field-based flow says its pointer may reach
  // persistent storage (Redis' clients and adlist lists): the summary lists such sites.
  if (E.TypedReason.empty())
    E.VolatileReason = typedReason(
        C, *R.Context, [&](const RecordDecl *RD) { return Ctx.Types.matchExcluded(RD); },
        /*OwnerField=*/true);
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
