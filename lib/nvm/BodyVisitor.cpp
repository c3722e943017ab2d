// Turns one function body into its summary: a thin RecursiveASTVisitor that forwards each
// statement kind to the FlowRecorder.
#include "nvm/BodyVisitor.h"
#include "nvm/FieldAccessOrder.h"
#include "nvm/FlowRecorder.h"
#include "nvm/PointerFlowRecorder.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nvm {

std::string classifyValue(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "data";
  E = E->IgnoreParenCasts();
  if (isa<StringLiteral>(E))
    return "text";
  if (!E->isValueDependent() && E->isEvaluatable(Ctx))
    return "constant";
  return "data";
}

namespace {

class BodyVisitor : public RecursiveASTVisitor<BodyVisitor> {
public:
  BodyVisitor(FlowRecorder &R, ASTContext &Ctx) : R(R), Ctx(Ctx) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign) {
      R.assign(B->getLHS(), B->getRHS(), B->getOperatorLoc());
      R.write(B->getLHS(), "=", classifyValue(B->getRHS(), Ctx), B->getOperatorLoc());
    }
    return true;
  }
  // Compound assignments accumulate (sizes, counts, offsets): the paper's walk sees them as
  // writes, but they carry no loaded data of their own into the l-value.
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    bool Counter = classifyValue(B->getRHS(), Ctx) == "constant";
    R.write(B->getLHS(), B->getOpcodeStr(), Counter ? "counter" : "data", B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      R.write(U->getSubExpr(), U->isIncrementOp() ? "++" : "--", "counter", U->getOperatorLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V) && !V->hasGlobalStorage())
      R.typeOf(R.Cells.varCell(V), V->getType(), V->getLocation());
    if (V->hasInit() && !isa<ParmVarDecl>(V) && !V->hasGlobalStorage()) {
      R.initVar(V, V->getInit());
      R.writeVar(V, classifyValue(V->getInit(), Ctx));
    }
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (const Expr *E = S->getRetValue()) {
      R.store(R.Cells.sources(E), std::string(cell::Ret), S->getReturnLoc());
      if (isRawPointer(E->getType()))
        R.flow(R.Cells.pointeeRead(E), "*ret", S->getReturnLoc(), Flow::Alias);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    R.call(C);
    return true;
  }
  /// Every global the body names, read or written (the flows carry only data movements, not
  /// a read in a condition).
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
        V && R.Summary && V->hasGlobalStorage() && !V->isStaticLocal())
      R.Summary->GlobalsUsed.insert(V->getName().str());
    return true;
  }
  /// A byte buffer cast to a record pointer is an overlay: the record holds those bytes.
  /// (The other way, a record read as bytes, is the aliasing of the assignment it feeds.)
  bool VisitCastExpr(CastExpr *C) {
    QualType From = C->getSubExpr()->getType();
    if (const RecordDecl *RTo = pointeeRecordOf(C->getType());
        RTo && isRawPointer(From) && !isVoidPointer(From)) {
      R.flow(R.Cells.pointeeRead(C->getSubExpr()), cell::object(recordKey(RTo)), C->getBeginLoc(),
             Flow::Alias);
    }
    // A pointer to one record cast to another lays the second layout over the same object
    // (gdbm's header block read as its standard or extended header): "t:from" -> "t:to".
    if (const RecordDecl *RTo = pointeeRecordOf(C->getType()); RTo && C->getType()->isPointerType())
      if (const RecordDecl *RFrom = pointeeRecordOf(From);
          RFrom && From->isPointerType() && recordKey(RFrom) != recordKey(RTo))
        R.flow(cell::type(recordKey(RFrom)), cell::type(recordKey(RTo)), C->getBeginLoc(),
               Flow::Type);
    return true;
  }
  // Calls inside a loop may run again after what follows them (CallSite::InLoop).
  bool TraverseForStmt(ForStmt *S) { return inLoop([&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) { return inLoop([&] { return Base::TraverseDoStmt(S); }); }
  // Operands of sizeof are not evaluated: nothing in them is assigned or called.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }

private:
  using Base = RecursiveASTVisitor<BodyVisitor>;
  template <typename F> bool inLoop(F Traverse) {
    ++R.LoopDepth;
    bool Ok = Traverse();
    --R.LoopDepth;
    return Ok;
  }

  FlowRecorder &R;
  ASTContext &Ctx;
};

} // namespace
/// A body whose last statement calls exit()/abort()/a noreturn function, with no return
/// statement anywhere: every path ends the process (Redis' rdbCheckThenExit, memcached's
/// fatal paths). Conservative: any return keeps the function.
static bool endsInNoReturnCall(const FunctionDecl *Fn) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Fn->getBody());
  if (!Body || Body->body_empty())
    return false;
  const auto *Last = dyn_cast<CallExpr>(Body->body_back()->IgnoreContainers());
  const FunctionDecl *Callee = Last ? Last->getDirectCallee() : nullptr;
  if (!Callee || !Callee->isNoReturn())
    return false;
  struct ReturnFinder : RecursiveASTVisitor<ReturnFinder> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  } Finder;
  Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return !Finder.Found;
}

FunctionSummary summariseFunction(const FunctionDecl *Fn, StringRef Root) {
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionSummary S;
  S.Usr = usrOf(Fn->getCanonicalDecl());
  S.Name = Fn->getNameAsString();
  S.DefinedAt = locString(SM, Fn->getLocation(), Root, false);
  S.InApp = !SM.isInSystemHeader(SM.getExpansionLoc(Fn->getLocation()));
  S.NumParams = Fn->getNumParams();
  S.ReturnsPointer = Fn->getReturnType()->isPointerType();
  S.ReturnsRecord = Fn->getReturnType()->isRecordType();
  S.TrivialSignature = llvm::all_of(Fn->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType().getCanonicalType();
    return T->isBuiltinType() || T->isEnumeralType();
  });
  S.NoReturn = Fn->isNoReturn() || endsInNoReturnCall(Fn);
  std::unique_ptr<CFG> Graph = buildBodyCFG(Fn);
  ExitPaths Exits = findExitPaths(Graph.get());
  S.NoReturnCallees = Exits.NoReturnCallees;
  if (Exits.Body) {
    S.EndsProcess = true;
    S.EndsThrough = Exits.Body->Through;
  }
  FlowRecorder R(Fn, Ctx, Root, S.Flows);
  R.Summary = &S;
  R.Exits = &Exits;
  CallGuardMap Guards = findCallGuards(Fn, Graph.get());
  R.Guards = &Guards;
  R.Cells.HeapOut = &S.HeapFlows;
  for (const ParmVarDecl *P : Fn->parameters())
    R.typeOf(R.Cells.varCell(P), P->getType(), P->getLocation());
  BodyVisitor V(R, Ctx);
  V.TraverseStmt(Fn->getBody());
  recordPointerFlows(Fn, R.Cells, Root, S.PointerFlows);
  S.FieldOrders = fieldAccessOrder(Fn);
  R.Cells.HeapOut = nullptr;
  return S;
}

std::vector<Flow> globalInitFlows(const VarDecl *V, StringRef Root) {
  std::vector<Flow> Flows;
  if (!V->hasInit())
    return Flows;
  FlowRecorder R(nullptr, V->getASTContext(), Root, Flows);
  R.initVar(V, V->getInit());
  return Flows;
}

} // namespace nvm
