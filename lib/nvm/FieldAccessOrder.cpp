// Field accesses in source order. What counts as a read is everything but the left-hand side
// of a plain assignment: a condition, an operand, an argument. A compound assignment or an
// increment reads before it writes; taking a field's address, copying a whole object and
// handing an object to a library function read at once (the callee may read first).
#include "nvm/FieldAccessOrder.h"
#include "nvm/CellNames.h"
#include "nvm/LibraryFunctions.h"
#include "nvm/RecordNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>

using namespace clang;

namespace nvm {
namespace {

class FieldAccessVisitor : public RecursiveASTVisitor<FieldAccessVisitor> {
public:
  explicit FieldAccessVisitor(const SourceManager &SM) : SM(SM) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign)
      return true;
    const Expr *L = B->getLHS()->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(L)) {
      Assigned.insert(ME);
      note(fieldCell(ME), B->getEndLoc(), false);
    } else if (const RecordDecl *RD = L->getType()->getAsRecordDecl()) {
      note(wholeCell(RD), B->getEndLoc(), false);
    }
    return true;
  }
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    if (const auto *ME = dyn_cast<MemberExpr>(B->getLHS()->IgnoreParens()))
      note(fieldCell(ME), B->getEndLoc(), false);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    const auto *ME = dyn_cast<MemberExpr>(U->getSubExpr()->IgnoreParens());
    if (!ME)
      return true;
    if (U->isIncrementDecrementOp()) {
      note(fieldCell(ME), U->getEndLoc(), false);
    } else if (U->getOpcode() == UO_AddrOf) {
      note(fieldCell(ME), U->getBeginLoc(), true);
      note(fieldCell(ME), U->getBeginLoc(), false);
    }
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (!Assigned.count(ME))
      note(fieldCell(ME), ME->getExprLoc(), true);
    return true;
  }
  /// A whole object read as a value: a struct copied, passed or returned.
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      if (const RecordDecl *RD = C->getType()->getAsRecordDecl())
        note(wholeCell(RD), C->getBeginLoc(), true);
    return true;
  }
  /// A library function handed a pointer to an object (qsort, memcpy, fwrite) may read it;
  /// free does not.
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())) ||
        isDeallocator(Callee->getName()))
      return true;
    for (const Expr *A : C->arguments())
      if (const RecordDecl *RD = pointeeRecordOf(A->IgnoreParenImpCasts()->getType())) {
        note(wholeCell(RD), C->getBeginLoc(), true);
        note(wholeCell(RD), C->getBeginLoc(), false);
      }
    return true;
  }
  // Operands of sizeof are not evaluated.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }

  std::vector<FieldOrder> result() const {
    std::vector<FieldOrder> Out;
    for (const auto &[Field, O] : Orders)
      Out.push_back(O);
    return Out;
  }

private:
  // Record keys hash the record's definition: computed once per field and record.
  const std::string &fieldCell(const MemberExpr *ME) {
    static const std::string None;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return None;
    auto [It, New] = FieldCells.try_emplace(FD);
    if (New)
      It->second = cell::field(recordKey(FD->getParent()), FD->getName());
    return It->second;
  }
  const std::string &wholeCell(const RecordDecl *RD) {
    auto [It, New] = WholeCells.try_emplace(RD);
    if (New)
      It->second = cell::field(recordKey(RD), "*");
    return It->second;
  }

  void note(const std::string &Field, SourceLocation Loc, bool Read) {
    if (Field.empty())
      return;
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return;
    int64_t Pos = sourcePosition(P.getLine(), P.getColumn());
    FieldOrder &O = Orders[Field];
    O.Field = Field;
    int64_t &First = Read ? O.FirstRead : O.FirstWrite;
    if (First < 0 || Pos < First)
      First = Pos;
  }

  const SourceManager &SM;
  llvm::SmallPtrSet<const MemberExpr *, 16> Assigned;
  llvm::DenseMap<const FieldDecl *, std::string> FieldCells;
  llvm::DenseMap<const RecordDecl *, std::string> WholeCells;
  std::map<std::string, FieldOrder> Orders;
};

} // namespace

std::vector<FieldOrder> fieldAccessOrder(const FunctionDecl *Fn) {
  if (!Fn->hasBody())
    return {};
  FieldAccessVisitor V(Fn->getASTContext().getSourceManager());
  V.TraverseStmt(Fn->getBody());
  return V.result();
}

} // namespace nvm
