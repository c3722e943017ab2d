// Pointer flows of one function body. FlowRecorder follows data: an address carries none, so
// &p->f, &p[i] and p->array lead nowhere there. A library written for persistent memory
// reaches its whole layout that way (block numbers and overlays off the pool's root), so the
// pool-pointer rule needs the addresses themselves: these edges carry address values only
// (pointers, and uintptr_t/intptr_t integers that hold them), never the data they point to.
#include "nvm/PointerFlowRecorder.h"
#include "nvm/CellNames.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace nvm {
namespace {

/// A type whose values are addresses: object pointers, arrays (they decay to one) and the
/// integer types C programs keep addresses in (the pool's base, base + offset).
bool isAddressType(QualType T) {
  if (T.isNull())
    return false;
  if (T->isFunctionPointerType())
    return false;
  if (T->isPointerType() || T->isArrayType())
    return true;
  for (const TypedefType *TT = T->getAs<TypedefType>(); TT;
       TT = TT->getDecl()->getUnderlyingType()->getAs<TypedefType>()) {
    StringRef Name = TT->getDecl()->getName();
    if (Name == "uintptr_t" || Name == "intptr_t")
      return true;
  }
  return false;
}

class PointerFlowVisitor : public RecursiveASTVisitor<PointerFlowVisitor> {
public:
  PointerFlowVisitor(ExprCells &Cells, const SourceManager &SM, StringRef Root,
                     std::vector<Flow> &Out)
      : Cells(Cells), SM(SM), Root(Root), Out(Out) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      store(B->getRHS(), Cells.written(B->getLHS()), B->getOperatorLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasInit() && !isa<ParmVarDecl>(V) && (!V->hasGlobalStorage() || V->isStaticLocal()))
      store(V->getInit(), Cells.varCell(V), V->getLocation());
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (const Expr *E = S->getRetValue())
      store(E, std::string(cell::Ret), S->getReturnLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    call(C);
    return true;
  }
  /// A conversion to T * (explicit, from void *, or reading a T * l-value) uses the address as
  /// a T.
  bool VisitCastExpr(CastExpr *C) {
    if (!C->getType()->isPointerType() || !isAddressType(C->getSubExpr()->getType()))
      return true;
    if (const RecordDecl *RD = pointeeRecordOf(C->getType()))
      typeFacts(sources(C->getSubExpr()), RD, C->getBeginLoc());
    return true;
  }
  /// p->inner and p[i] of record type: that record lives where p points.
  bool VisitMemberExpr(MemberExpr *M) { return recordLValue(M); }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) { return recordLValue(A); }
  // Operands of sizeof are not evaluated (and FlowRecorder numbered no call in them).
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }

private:
  std::string loc(SourceLocation L) { return locString(SM, L, Root); }

  void flow(const std::string &From, const std::string &To, SourceLocation L, Flow::KindT K) {
    if (From.empty() || To.empty() || From == To)
      return;
    if (K == Flow::Type && !Typed.insert({From, To}).second)
      return; // one use of a cell as a record says it all; the first one explains it
    Out.push_back({From, To, loc(L), K});
  }

  /// The address value E goes into cell To.
  void store(const Expr *E, const std::string &To, SourceLocation L) {
    if (To.empty() || !isAddressType(E->getType()))
      return;
    for (const std::string &S : sources(E))
      flow(S, To, L, Flow::Store);
  }

  bool recordLValue(const Expr *E) {
    if (const RecordDecl *RD = E->getType()->getAsRecordDecl())
      typeFacts(addressOf(E), RD, E->getBeginLoc());
    return true;
  }

  void typeFacts(const std::vector<std::string> &Cells, const RecordDecl *RD, SourceLocation L) {
    for (const std::string &C : Cells)
      flow(C, cell::type(recordKey(RD)), L, Flow::Type);
  }

  /// Arguments into the callee's parameters, its address result into the call's cell, and
  /// addresses a callee stores through a T ** back into the caller's pointer. Named as
  /// FlowRecorder names them, so the flow graph wires both the same way.
  void call(const CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      if (const auto *DR = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenCasts()))
        Callee = dyn_cast<FunctionDecl>(DR->getDecl());
    if (Callee && (Callee->getName().startswith("__builtin") ||
                   Callee->getName().startswith("__atomic") ||
                   Callee->getName().startswith("__sync")))
      return;
    std::string Target = Callee ? usrOf(Callee->getCanonicalDecl())
                                : (cell::UnknownCallee + Cells.callCell(C)).str();
    SourceLocation L = C->getBeginLoc();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I);
      std::string Param = cell::calleeParam(Target, I);
      store(A, Param, L);
      QualType T = A->getType();
      if (T->isPointerType() && isAddressType(T->getPointeeType()))
        flow(cell::pointee(Param), Cells.pointeeWrite(A), L, Flow::Back);
    }
    if (isAddressType(C->getType()))
      flow(cell::calleeResult(Target), Cells.callCell(C), L, Flow::Store);
  }

  std::vector<std::string> sources(const Expr *E) {
    std::vector<std::string> S;
    addSources(E, S);
    return S;
  }

  /// The cells the address value E is computed from.
  void addSources(const Expr *E, std::vector<std::string> &S) {
    if (!E)
      return;
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      if (isAddressType(Sub->getType()))
        return addSources(Sub, S);
      // (void *)(base + off): an integer expression made an address again.
      if (CE->getCastKind() == CK_IntegralToPointer || CE->getCastKind() == CK_IntegralCast)
        return addIntegerSources(Sub, S);
      return;
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      // A named array is its own storage, not an address computed from another: its address
      // is "&<var>" (the allocation-site heap counts it as an object it does not follow).
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        S.push_back(V->getType()->isArrayType() ? "&" + Cells.varCell(V) : Cells.varCell(V));
      return;
    }
    if (isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E) ||
        (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref)) {
      if (E->getType()->isArrayType())
        return addAddressOf(E, S); // p->name decays to an address inside *p
      if (std::string C = Cells.readFrom(E); !C.empty())
        S.push_back(C);
      // An address read out of an object in the pool points into the pool too: the pool is
      // mapped at a fixed address and keeps raw pointers (docs/nvmove.md).
      addAddressOf(E, S);
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_AddrOf)
        addAddressOf(U->getSubExpr(), S);
      else if (U->isIncrementDecrementOp())
        addSources(U->getSubExpr(), S);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Comma)
        return addSources(B->getRHS(), S);
      if (B->isAssignmentOp())
        return addSources(B->getLHS(), S);
      if (!B->isAdditiveOp())
        return;
      // Pointer arithmetic stays in the object of its pointer operand; its offset is no address.
      if (B->getLHS()->getType()->isPointerType())
        return addSources(B->getLHS(), S);
      if (B->getRHS()->getType()->isPointerType())
        return addSources(B->getRHS(), S);
      return addIntegerSources(B, S);
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      addSources(CO->getTrueExpr(), S);
      addSources(CO->getFalseExpr(), S);
      return;
    }
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      S.push_back(Cells.callCell(C));
      return;
    }
    if (const auto *SE = dyn_cast<StmtExpr>(E))
      if (const auto *Body = SE->getSubStmt(); Body && !Body->body_empty())
        if (const auto *Last = dyn_cast<Expr>(Body->body_back()))
          addSources(Last, S);
  }

  /// Integer arithmetic on addresses (base + off, uintptr_t values): the operands that hold an
  /// address, not the offsets and sizes added to them.
  /// Goes down to operands only: addSources() hands a uintptr_t sum back here.
  void addIntegerSources(const Expr *E, std::vector<std::string> &S) {
    E = E->IgnoreParens();
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAdditiveOp()) {
        addIntegerSources(B->getLHS(), S);
        addIntegerSources(B->getRHS(), S);
      }
      return;
    }
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      if (Sub->getType()->isPointerType() || Sub->getType()->isArrayType())
        return addSources(Sub, S); // (uintptr_t)p
      return addIntegerSources(Sub, S);
    }
    if (isAddressType(E->getType()))
      addSources(E, S);
  }

  /// The pointers the address of l-value L is computed from: p in &p->a.b, &p[i], &*p.
  void addAddressOf(const Expr *L, std::vector<std::string> &S) {
    L = L->IgnoreParens();
    if (const auto *M = dyn_cast<MemberExpr>(L))
      return M->isArrow() ? addSources(M->getBase(), S) : addAddressOf(M->getBase(), S);
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(L))
      return addSources(A->getBase(), S);
    if (const auto *U = dyn_cast<UnaryOperator>(L); U && U->getOpcode() == UO_Deref)
      return addSources(U->getSubExpr(), S);
    if (const auto *DR = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        S.push_back("&" + Cells.varCell(V));
  }

  std::vector<std::string> addressOf(const Expr *L) {
    std::vector<std::string> S;
    addAddressOf(L, S);
    return S;
  }

  ExprCells &Cells;
  const SourceManager &SM;
  StringRef Root;
  std::vector<Flow> &Out;
  std::set<std::pair<std::string, std::string>> Typed;
};

} // namespace

void recordPointerFlows(const FunctionDecl *Fn, ExprCells &Cells, StringRef Root,
                        std::vector<Flow> &Out) {
  PointerFlowVisitor V(Cells, Fn->getASTContext().getSourceManager(), Root, Out);
  V.TraverseStmt(Fn->getBody());
}

} // namespace nvm
