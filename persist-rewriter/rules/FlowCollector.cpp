// Flow-insensitive, field-based value flow inside one function body.
#include "rules/FlowCollector.h"
#include "rules/StoreRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/Allocators.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

std::string variableNode(const VarDecl *V, const SourceManager &SM) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    if (const auto *Owner = dyn_cast<FunctionDecl>(P->getDeclContext()))
      return "param:" + functionId(Owner, SM) + "#" + std::to_string(P->getFunctionScopeIndex());
  if (V->hasGlobalStorage())
    return "global:" + (V->isExternallyVisible()
                            ? V->getName().str()
                            : PortRule::fileOf(SM, V->getLocation()) + "#" + V->getName().str());
  std::string Fn;
  if (const auto *Owner = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()))
    Fn = functionId(Owner, SM);
  return "var:" + Fn + ":" + V->getName().str() + "@" +
         std::to_string(SM.getFileOffset(SM.getExpansionLoc(V->getLocation())));
}

std::string fieldNode(const MemberExpr *M) {
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!F)
    return {};
  return "field:" + displayKey(recordKey(F->getParent())) + "." + F->getName().str();
}

/// A call into the port's runtime (<pmem_shim/port.h>): in sources already ported, it stands
/// for the libc call or store it replaced (the CI check rewrites ported sources again).
static bool runtimeCall(const CallExpr *C, const SourceManager &SM) {
  const FunctionDecl *FD = C->getDirectCallee();
  return FD && FD->getName().startswith("pms_") &&
         SM.getFilename(SM.getSpellingLoc(FD->getLocation())).endswith("pmem_shim/port.h");
}

/// The runtime's store forms, which return the address of the l-value they log or mark.
static bool storeForm(StringRef Name) {
  return isLoggedStoreCall(Name) || isValueStoreCall(Name);
}

const Expr *portedLValue(const Expr *E, const SourceManager &SM) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenCasts());
  const auto *C = U && U->getOpcode() == UO_Deref
                      ? dyn_cast<CallExpr>(U->getSubExpr()->IgnoreParenCasts())
                      : nullptr;
  if (!C || !runtimeCall(C, SM) || C->getNumArgs() == 0)
    return E;
  if (!storeForm(C->getDirectCallee()->getName()))
    return E;
  const auto *A = dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenCasts());
  return A && A->getOpcode() == UO_AddrOf ? A->getSubExpr() : E;
}

std::string callNode(const CallExpr *C, const FunctionDecl *Callee, const PortContext &Ctx,
                     const SourceManager &SM) {
  return "call:" + functionId(Callee, SM) + "@" + locString(SM, C->getBeginLoc(), Ctx.Root);
}

std::vector<std::string> valueNodes(const Expr *E, const PortContext &Ctx, ASTContext &AC) {
  const SourceManager &SM = AC.getSourceManager();
  auto nodesOf = [&](const Expr *X) { return valueNodes(X, Ctx, AC); };
  E = portedLValue(E, SM)->IgnoreParenCasts();
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    if (auto A = allocatorCall(C, Ctx.Config, SM, AC.getLangOpts()))
      return {A->Site};
    if (runtimeCall(C, SM)) {
      // A runtime allocation is a pool object; the logged libc forms return their destination.
      StringRef Name = C->getDirectCallee()->getName();
      if (portAllocates(Name))
        return {node::PersistentField};
      // The store forms return the address of their l-value (PMS_LOGGED, PMS_VALUE_STORE), which
      // the graph has no node for; stores through them are stores into that l-value (sinkOf).
      if (storeForm(Name))
        return {};
      return C->getNumArgs() > 0 && C->getArg(0)->getType()->isPointerType()
                 ? nodesOf(C->getArg(0))
                 : std::vector<std::string>{};
    }
    if (const FunctionDecl *Callee = C->getDirectCallee())
      if (!Callee->getBuiltinID() && !SM.isInSystemHeader(Callee->getLocation()))
        return {callNode(C, Callee, Ctx, SM)};
    return {};
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return {variableNode(V, SM)};
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (nvm::rewrite::persistentRecord(M, Ctx.Types))
      return {node::PersistentField};
    if (std::string F = fieldNode(M); !F.empty())
      return {F};
    return {};
  }
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
    return nodesOf(S->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref:
    case UO_AddrOf:
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return nodesOf(U->getSubExpr());
    default:
      return {};
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Assign || B->getOpcode() == BO_Comma)
      return nodesOf(B->getRHS());
    if (B->isAdditiveOp() || B->isCompoundAssignmentOp()) {
      if (B->getLHS()->getType()->isPointerType())
        return nodesOf(B->getLHS());
      if (B->getRHS()->getType()->isPointerType())
        return nodesOf(B->getRHS());
    }
    return {};
  }
  if (const auto *C = dyn_cast<AbstractConditionalOperator>(E)) {
    std::vector<std::string> N = nodesOf(C->getTrueExpr());
    std::vector<std::string> F = nodesOf(C->getFalseExpr());
    N.insert(N.end(), F.begin(), F.end());
    return N;
  }
  return {};
}

namespace {

class BodyFlow : public RecursiveASTVisitor<BodyFlow> {
public:
  BodyFlow(PortContext &Ctx, const FunctionDecl *FD, ASTContext &AC)
      : Ctx(Ctx), FD(FD), AC(AC), SM(AC.getSourceManager()), Fn(functionId(FD, SM)) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      flow(nodesOf(B->getRHS()), sinkOf(B->getLHS()));
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getInit() && !isa<ParmVarDecl>(V))
      flow(nodesOf(V->getInit()), varNode(V));
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (S->getRetValue())
      flow(nodesOf(S->getRetValue()), "ret:" + Fn);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (auto A = Callee ? allocatorCall(C, Ctx.Config, SM, AC.getLangOpts()) : std::nullopt) {
      // A reallocation returns what it was given (moved, maybe): its result carries that.
      if ((A->Kind == AllocKind::Realloc || A->Kind == AllocKind::ReallocUsable) &&
          C->getNumArgs() > 0)
        flow(nodesOf(C->getArg(0)), A->Site);
      return true;
    }
    if (Callee && (Callee->getBuiltinID() || SM.isInSystemHeader(Callee->getLocation()) ||
                   runtimeCall(C, SM)))
      return true; // libc, builtins and the port's runtime do not keep the pointers they are given
    // The result reaches this call's own node (valueNodes), so that what each caller does with
    // it can be told apart (AllocationFlow's calling contexts).
    if (Callee)
      Ctx.Flow.edge("ret:" + functionId(Callee, SM), callNode(C, Callee, Ctx, SM));
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I);
      if (!A->getType()->isPointerType())
        continue;
      std::string To;
      if (!Callee)
        To = "U:is passed to an indirect call at " + where(C);
      else if (I >= Callee->getNumParams())
        To = "U:is a variadic argument of " + Callee->getName().str() + " at " + where(C);
      else
        To = "param:" + functionId(Callee, SM) + "#" + std::to_string(I);
      flow(nodesOf(A), To);
      // An out-parameter (`get_name(line, &nm)`): what the callee stores through its parameter
      // lands in the caller's l-value, so `free(nm)` after it may free what the callee allocated.
      if (const auto *U = dyn_cast<UnaryOperator>(A->IgnoreParenImpCasts());
          U && U->getOpcode() == UO_AddrOf && Callee && I < Callee->getNumParams())
        flow({std::string(node::ThroughPrefix) + To}, sinkOf(U->getSubExpr()));
    }
    return true;
  }

private:
  std::string where(const Stmt *S) const { return locString(SM, S->getBeginLoc(), Ctx.Root); }
  static std::string fieldNode(const MemberExpr *M) { return port::fieldNode(M); }

  std::string varNode(const VarDecl *V) const { return variableNode(V, SM); }
  std::vector<std::string> nodesOf(const Expr *E) const { return valueNodes(E, Ctx, AC); }

  /// Where a value stored into L goes.
  std::string sinkOf(const Expr *L) const {
    L = portedLValue(L, SM)->IgnoreParenCasts();
    if (const RecordDecl *RD = nvm::rewrite::persistentRecord(L, Ctx.Types)) {
      std::string What = RD->getName().str();
      if (const auto *M = dyn_cast<MemberExpr>(L))
        What += "." + M->getMemberDecl()->getName().str();
      return "P:" + where(L) + ": " + What;
    }
    if (std::string Root = rootPath(L); !Root.empty()) {
      // A root is persistent storage, and also a variable whose value later code reads back
      // (`primary_hashtable[b] = it`, `free(old_hashtable)`): both, through an edge to P.
      std::string Var = isa<MemberExpr>(L) ? fieldNode(cast<MemberExpr>(L))
                                          : varNode(cast<VarDecl>(cast<DeclRefExpr>(L)->getDecl()));
      Ctx.Flow.edge(Var, "P:" + where(L) + ": root " + Root);
      return Var;
    }
    if (const auto *D = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        return varNode(V);
    if (const auto *M = dyn_cast<MemberExpr>(L))
      return fieldNode(M);
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(L)) {
      std::vector<std::string> N = nodesOf(S->getBase());
      if (std::string Root = rootPath(S->getBase()->IgnoreParenImpCasts()); !Root.empty())
        return "P:" + where(L) + ": element of value root " + Root;
      return containerSink(N, L);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(L); U && U->getOpcode() == UO_Deref)
      return containerSink(nodesOf(U->getSubExpr()), L);
    return {};
  }

  /// The root (or value root) L names: a global `g`, or a field of one `g.f`; empty otherwise.
  std::string rootPath(const Expr *L) const {
    std::string Path;
    while (const auto *M = dyn_cast<MemberExpr>(L)) {
      if (M->isArrow())
        return {};
      Path = "." + M->getMemberDecl()->getName().str() + Path;
      L = M->getBase()->IgnoreParenImpCasts();
    }
    const auto *D = dyn_cast<DeclRefExpr>(L);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || !V->hasGlobalStorage())
      return {};
    Path = V->getName().str() + Path;
    auto Has = [&](const std::vector<std::string> &Names) {
      return std::find(Names.begin(), Names.end(), Path) != Names.end();
    };
    return Has(Ctx.Roots) || Has(Ctx.Config.ValueRoots) ? Path : "";
  }

  /// Storing through a pointer: into what the pointer's value may be. Memory a persistent
  /// object points to is persistent itself (the bucket array of a persistent table).
  std::string containerSink(const std::vector<std::string> &N, const Expr *L) const {
    for (const std::string &V : N)
      if (V == node::PersistentField)
        return "P:" + where(L) + ": memory a persistent object points to";
    // Through a variable that may point into a persistent object (`*pp = s` with
    // `pp = &obj->field`): the solver decides, once it knows what the variable holds.
    return N.size() == 1 ? std::string(node::ThroughPrefix) + N.front() : "";
  }

  void flow(const std::vector<std::string> &From, const std::string &To) {
    if (To.empty())
      return;
    for (const std::string &F : From)
      Ctx.Flow.edge(F, To);
  }

  PortContext &Ctx;
  const FunctionDecl *FD;
  ASTContext &AC;
  const SourceManager &SM;
  std::string Fn;
};

} // namespace

void FlowCollector::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
}

void FlowCollector::run(const Result &R) {
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD->hasBody() || R.SourceManager->isInSystemHeader(FD->getLocation()))
    return;
  Ctx.Flow.defined(functionId(FD, *R.SourceManager));
  std::string Name = FD->getName().str();
  if (Ctx.Config.Allocators.count(Name) || Ctx.Config.Dispatchers.count(Name))
    return; // an allocator's body is its implementation, not a flow of the program
  BodyFlow(Ctx, FD, *R.Context).TraverseStmt(FD->getBody());
}

} // namespace nvm::port
