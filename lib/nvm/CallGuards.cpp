// Which conditions on a body's own parameters hold at each of its calls, decided on clang's CFG.
//
// dhcpcd's dhcp6_readlease drops a lease it cannot use with dhcp6_freedrop_addrs(ifp, 0, NULL),
// whose `if (drop) rt_build(...)` and `if (drop && ...) ipv6_deleteaddr(ap)` then never run:
// with the guards of each call recorded here, the walk leaves a call out when every call of its
// function on the walk passes constants that make a guard false (CallGraphWalk.cpp). A forward
// must-analysis: facts meet by intersection where paths join; a branch adds the fact its
// condition gives on the edge taken.
#include "nvm/CallGuards.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include <cstdint>
#include <map>
#include <set>
#include <type_traits>
#include <utility>

using namespace clang;
using namespace llvm;

namespace nvm {

namespace {

/// Parameters and locals the body assigns, increments or takes the address of: facts about
/// them go stale.
struct ChangedVars : RecursiveASTVisitor<ChangedVars> {
  std::set<const VarDecl *> Changed;
  void note(const Expr *E) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        Changed.insert(V);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
};

using Facts = std::set<std::string>;

} // namespace

std::optional<int64_t> constantArgument(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  if (E->isNullPointerConstant(const_cast<ASTContext &>(Ctx), Expr::NPC_ValueDependentIsNotNull))
    return 0;
  if (!E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getSignificantBits() > 64)
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// What E stands for once the locals it names are replaced by their initializers, as long as
/// each is an automatic local the body sets only where it declares it (every run of the
/// declaration sets it again, from parameters that do not change) and its initializer keeps
/// its value (no conversion but reading it: `int notify = !(flags & F)`, not `char c = flags`).
static const Expr *throughLocals(const Expr *E, const FunctionDecl *Fn,
                                 const std::set<const VarDecl *> &Changed) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) { // `int x = x;` must end too
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || Changed.count(V) ||
        V->getType().isVolatileQualified() || V->getParentFunctionOrMethod() != Fn ||
        !V->getInit())
      return E;
    const Expr *Init = V->getInit()->IgnoreParens();
    if (const auto *C = dyn_cast<ImplicitCastExpr>(Init);
        C && C->getCastKind() != CK_LValueToRValue && C->getCastKind() != CK_NoOp)
      return E;
    E = Init;
  }
  return E;
}

std::string argumentValue(const Expr *E, const FunctionDecl *Fn, const CallGuardMap &Guards) {
  if (std::optional<int64_t> K = constantArgument(E, Fn->getASTContext()))
    return std::to_string(*K);
  // A local passes on its initializer only when the argument takes it as it is.
  const auto *Read = dyn_cast<ImplicitCastExpr>(E->IgnoreParens());
  if (Read && Read->getCastKind() == CK_LValueToRValue) {
    const Expr *Init = throughLocals(Read, Fn, Guards.Changed);
    if (Init != Read)
      if (std::optional<int64_t> K = constantArgument(Init, Fn->getASTContext()))
        return std::to_string(*K);
    E = Init;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
  if (!P || P->getDeclContext() != Fn || Guards.Changed.count(P))
    return "";
  return "p" + std::to_string(P->getFunctionScopeIndex());
}

bool guardAllows(StringRef G, int64_t V) {
  size_t Op = G.find_first_of("=!<>");
  int64_t K = 0;
  if (Op == StringRef::npos || G.drop_front(Op + 1).getAsInteger(10, K))
    return true;
  // "<i>&<mask>=<k>": the parameter's bits under the mask.
  if (size_t Amp = G.find('&'); Amp != StringRef::npos && Amp < Op) {
    int64_t Mask = 0;
    if (G.slice(Amp + 1, Op).getAsInteger(10, Mask))
      return true;
    V &= Mask;
  }
  switch (G[Op]) {
  case '<':
    return V < K;
  case '>':
    return V > K;
  default:
    return (G[Op] == '=') == (V == K);
  }
}

unsigned guardParameter(StringRef G) {
  unsigned I = ~0u;
  G.take_until([](char C) { return StringRef("=!&<>").contains(C); }).getAsInteger(10, I);
  return I;
}

namespace {
/// The facts a branch gives on the stable parameters of one body.
class BranchFacts {
public:
  BranchFacts(const FunctionDecl *Fn, const std::set<const VarDecl *> &Changed)
      : Fn(Fn), Changed(Changed), Ctx(Fn->getASTContext()) {}

  /// The fact condition C gives when it is Taken (true) or not, if it tests a stable parameter.
  std::optional<std::string> ofCondition(const Expr *C, bool Taken) const {
    C = throughLocals(C, Fn, Changed)->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(C); U && U->getOpcode() == UO_LNot)
      return ofCondition(U->getSubExpr(), !Taken);
    if (auto S = masked(C))
      return make(*S, !Taken, 0);
    const auto *B = dyn_cast<BinaryOperator>(C);
    if (B && B->isRelationalOp())
      return ofComparison(B, Taken);
    if (!B || (B->getOpcode() != BO_EQ && B->getOpcode() != BO_NE))
      return std::nullopt;
    auto SK = withConstant(B, [&](const Expr *E) { return masked(E); });
    if (!SK)
      return std::nullopt;
    return make(SK->first, (B->getOpcode() == BO_EQ) == Taken, SK->second);
  }

  /// The facts a switch on a stable parameter gives on each edge out of its block B: the
  /// case's value, or on the edge to `default:` (or past the switch when it has none) that it
  /// is none of them. Nothing when a case is a range or not a constant.
  std::vector<Facts> ofSwitch(const SwitchStmt *SW, const CFGBlock &B) const {
    std::vector<Facts> Edges(B.succ_size());
    auto S = masked(SW->getCond());
    if (!S)
      return Edges;
    std::map<const Stmt *, int64_t> Cases;
    for (const SwitchCase *SC = SW->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase()) {
      const auto *Case = dyn_cast<CaseStmt>(SC);
      if (!Case)
        continue;
      std::optional<int64_t> K = constantArgument(Case->getLHS(), Ctx);
      if (!K || Case->getRHS())
        return Edges;
      Cases[Case] = *K;
    }
    unsigned Index = 0;
    for (const CFGBlock *Succ : B.succs()) {
      Facts &Out = Edges[Index++];
      if (!Succ)
        continue;
      // The code after a switch without `default:` may start with a case of an enclosing one.
      if (auto It = Cases.find(Succ->getLabel()); It != Cases.end())
        Out.insert(make(*S, true, It->second));
      else if (Index == B.succ_size())
        for (auto &[Case, K] : Cases)
          Out.insert(make(*S, false, K));
    }
    return Edges;
  }

private:
  /// `p < K`, `K >= p`, ... as "<i><K" or "<i>>K" on the branch taken or not. Only where the
  /// comparison is between signed integers and the parameter is one: an unsigned comparison
  /// orders -1 after every other value, which the constants a call passes do not tell.
  std::optional<std::string> ofComparison(const BinaryOperator *B, bool Taken) const {
    if (!B->getLHS()->getType()->isSignedIntegerType() ||
        !B->getRHS()->getType()->isSignedIntegerType())
      return std::nullopt;
    auto Signed = [&](const Expr *E) -> std::optional<unsigned> {
      auto I = param(E);
      if (!I || !Fn->getParamDecl(*I)->getType()->isSignedIntegerType())
        return std::nullopt;
      return I;
    };
    bool Left = Signed(B->getLHS()).has_value();
    auto SK = withConstant(B, Signed);
    if (!SK || SK->second == INT64_MIN || SK->second == INT64_MAX)
      return std::nullopt;
    BinaryOperatorKind Op = B->getOpcode();
    if (!Left) // K < p is p > K
      Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : BO_LE;
    if (!Taken) // not (p < K) is p >= K
      Op = Op == BO_LT ? BO_GE : Op == BO_GT ? BO_LE : Op == BO_LE ? BO_GT : BO_LT;
    std::string S = std::to_string(SK->first);
    int64_t K = SK->second;
    switch (Op) {
    case BO_LT:
      return S + "<" + std::to_string(K);
    case BO_LE:
      return S + "<" + std::to_string(K + 1);
    case BO_GT:
      return S + ">" + std::to_string(K);
    default:
      return S + ">" + std::to_string(K - 1);
    }
  }

  std::optional<unsigned> param(const Expr *E) const {
    const auto *DR = dyn_cast<DeclRefExpr>(throughLocals(E, Fn, Changed)->IgnoreParenImpCasts());
    const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
    if (!P || P->getDeclContext() != Fn || Changed.count(P))
      return std::nullopt;
    return P->getFunctionScopeIndex();
  }

  /// Subject(one operand) and the other operand's constant, in either order (`p & 4`, `4 & p`).
  template <typename SubjectFn>
  auto withConstant(const BinaryOperator *B, SubjectFn Subject) const
      -> std::optional<std::pair<std::decay_t<decltype(*Subject(B))>, int64_t>> {
    auto S = Subject(B->getLHS());
    std::optional<int64_t> K = constantArgument(B->getRHS(), Ctx);
    if (!S) {
      S = Subject(B->getRHS());
      K = constantArgument(B->getLHS(), Ctx);
    }
    if (!S || !K)
      return std::nullopt;
    return std::pair{*S, *K};
  }

  /// "p & MASK" as a parameter with a mask ("<i>&<mask>"), a bare parameter as itself.
  std::optional<std::string> masked(const Expr *E) const {
    if (auto I = param(E))
      return std::to_string(*I);
    const auto *B = dyn_cast<BinaryOperator>(throughLocals(E, Fn, Changed)->IgnoreParenImpCasts());
    if (!B || B->getOpcode() != BO_And)
      return std::nullopt;
    auto IM = withConstant(B, [&](const Expr *X) { return param(X); });
    if (!IM)
      return std::nullopt;
    return std::to_string(IM->first) + "&" + std::to_string(IM->second);
  }

  static std::string make(const std::string &Subject, bool Equal, int64_t K) {
    return Subject + (Equal ? "=" : "!") + std::to_string(K);
  }

  const FunctionDecl *Fn;
  const std::set<const VarDecl *> &Changed;
  const ASTContext &Ctx;
};
} // namespace

CallGuardMap findCallGuards(const FunctionDecl *Fn, const CFG *Graph) {
  CallGuardMap Result;
  if (!Graph || !Fn->hasBody() || Fn->getNumParams() == 0)
    return Result;
  ChangedVars Changed;
  Changed.TraverseStmt(Fn->getBody());
  Result.Changed = Changed.Changed;
  // In[B]: the facts at B's start; nullopt until a path reaches B (the top of the lattice).
  std::vector<std::optional<Facts>> In(Graph->getNumBlockIDs());
  In[Graph->getEntry().getBlockID()] = Facts{};
  // The facts each edge gives, decided once: a switch of hundreds of cases in a loop (vim's
  // regexp_nfa.c) must not be read again at every round of the fixpoint.
  BranchFacts Branches(Fn, Changed.Changed);
  std::vector<std::vector<Facts>> EdgeFacts(Graph->getNumBlockIDs());
  for (const CFGBlock *B : *Graph) {
    auto &Edges = EdgeFacts[B->getBlockID()];
    if (const auto *Switch = dyn_cast_or_null<SwitchStmt>(B->getTerminatorStmt())) {
      Edges = Branches.ofSwitch(Switch, *B);
      continue;
    }
    Edges.resize(B->succ_size());
    const auto *Cond =
        dyn_cast_or_null<Expr>(B->succ_size() == 2 ? B->getTerminatorCondition() : nullptr);
    for (unsigned Branch = 0; Cond && Branch < 2; ++Branch)
      if (auto F = Branches.ofCondition(Cond, Branch == 0))
        Edges[Branch].insert(*F);
  }
  for (bool Changed2 = true; Changed2;) {
    Changed2 = false;
    for (const CFGBlock *B : *Graph) {
      const auto &Here = In[B->getBlockID()];
      if (!Here)
        continue;
      unsigned Index = 0;
      for (const CFGBlock *Succ : B->succs()) {
        unsigned Branch = Index++;
        if (!Succ)
          continue;
        Facts Out = *Here;
        const Facts &Given = EdgeFacts[B->getBlockID()][Branch];
        Out.insert(Given.begin(), Given.end());
        auto &Next = In[Succ->getBlockID()];
        if (!Next) {
          Next = std::move(Out);
          Changed2 = true;
          continue;
        }
        Facts Meet;
        std::set_intersection(Next->begin(), Next->end(), Out.begin(), Out.end(),
                              std::inserter(Meet, Meet.begin()));
        if (Meet.size() != Next->size()) {
          Next = std::move(Meet);
          Changed2 = true;
        }
      }
    }
  }
  for (const CFGBlock *B : *Graph) {
    const auto &Here = In[B->getBlockID()];
    if (!Here || Here->empty())
      continue;
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        if (const auto *Call = dyn_cast<CallExpr>(S->getStmt()))
          Result.Calls[Call].assign(Here->begin(), Here->end());
  }
  return Result;
}

} // namespace nvm
