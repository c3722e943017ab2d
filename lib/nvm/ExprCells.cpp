// Expression-to-cell naming for the data-flow summaries.
#include "nvm/ExprCells.h"
#include "nvm/CellNames.h"
#include "nvm/RecordNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Index/USRGeneration.h"

using namespace clang;

namespace nvm {

std::string functionNameOfUsr(llvm::StringRef Usr) {
  llvm::StringRef Name = Usr.split('#').first.rsplit('@').second;
  return (Name.empty() ? Usr : Name).str();
}

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!index::generateUSRForDecl(D, Buf)) {
    // A static function's USR names only its file's base name: src/dict.c and
    // deps/hiredis/dict.c both define "c:dict.c@F@_dictInit". Add the full path.
    const SourceManager &SM = D->getASTContext().getSourceManager();
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && !FD->isExternallyVisible())
      if (SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
        if (const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID()))
          return (Buf + "#" + Main->tryGetRealPathName()).str();
    return std::string(Buf);
  }
  if (const auto *ND = dyn_cast<NamedDecl>(D))
    return ND->getNameAsString();
  return "?";
}

std::string ExprCells::callCell(const CallExpr *C) {
  auto It = CallIds.try_emplace(C, CallIds.size());
  return cell::call(It.first->second);
}

std::string ExprCells::varCell(const VarDecl *V) {
  if (const auto *P = dyn_cast<ParmVarDecl>(V))
    if (P->getDeclContext() == Fn)
      return cell::param(P->getFunctionScopeIndex());
  if (V->hasGlobalStorage() && !V->isStaticLocal())
    return cell::global(V->getName());
  const SourceManager &SM = V->getASTContext().getSourceManager();
  unsigned Line = SM.getExpansionLineNumber(V->getLocation());
  return cell::var(V->getName(), Line);
}

static const Expr *strip(const Expr *E) { return E ? E->IgnoreParenCasts() : nullptr; }

std::string ExprCells::pointerCell(const Expr *E) {
  E = strip(E);
  if (!E)
    return {};
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return varCell(V);
    return {};
  }
  if (isa<MemberExpr>(E))
    return lvalueCell(E, false);
  if (const auto *C = dyn_cast<CallExpr>(E))
    return callCell(C);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return pointee(U->getSubExpr(), false);
    if (U->isIncrementDecrementOp())
      return pointerCell(U->getSubExpr());
    return {};
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointee(AS->getBase(), false);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp() || B->getOpcode() == BO_Comma)
      return pointerCell(B->getOpcode() == BO_Comma ? B->getRHS() : B->getLHS());
    // Pointer arithmetic stays inside the object the pointer operand points to.
    if (B->isAdditiveOp())
      return pointerCell(B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS());
    return {};
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E))
    return pointerCell(CO->getTrueExpr());
  // ({ ...; p; }): a GNU statement expression is its last expression (glibc's obstack_copy0,
  // whose value is the object it copied into).
  if (const auto *SE = dyn_cast<StmtExpr>(E))
    if (const auto *Body = SE->getSubStmt(); Body && !Body->body_empty())
      if (const auto *Last = dyn_cast<Expr>(Body->body_back()))
        return pointerCell(Last);
  return {};
}

std::string ExprCells::pointee(const Expr *Ptr, bool ForWrite) {
  if (!Ptr)
    return {};
  const Expr *E = Ptr->IgnoreParenImpCasts();
  // An array names its own storage; &x points at x.
  if (E->getType()->isArrayType())
    return lvalueCell(E, ForWrite);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
    std::string Cell = lvalueCell(U->getSubExpr(), ForWrite);
    noteField("&", Cell, Flow::Alias);
    return Cell;
  }
  // The most specific record seen through the casts decides a typed pointee.
  for (const Expr *Cur = Ptr;;) {
    if (const RecordDecl *RD = pointeeRecordOf(Cur->getType()))
      return ForWrite ? cell::object(recordKey(RD)) : cell::objectRead(recordKey(RD));
    const Expr *Next = Cur->IgnoreParens();
    if (const auto *CE = dyn_cast<CastExpr>(Next))
      Cur = CE->getSubExpr();
    else if (Next != Cur)
      Cur = Next;
    else
      break;
  }
  // Under the casts: &it->data, (char *)&x + n, an array: still the same storage.
  const Expr *S = Ptr->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf) {
    std::string Cell = lvalueCell(U->getSubExpr(), ForWrite);
    noteField("&", Cell, Flow::Alias);
    return Cell;
  }
  // p + n, and the integer form of a field table's store, *(char **)((uintptr_t)p + off)
  // (dpkg's STRUCTFIELD): the operand that holds the address, under its cast to an integer.
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAdditiveOp()) {
    auto HoldsAddress = [](const Expr *X) {
      return X->getType()->isPointerType() || X->IgnoreParenCasts()->getType()->isPointerType();
    };
    return pointee(HoldsAddress(B->getLHS()) || !HoldsAddress(B->getRHS()) ? B->getLHS()
                                                                           : B->getRHS(),
                   ForWrite);
  }
  if (S->getType()->isArrayType())
    return lvalueCell(S, ForWrite);
  std::string Cell = pointerCell(Ptr);
  return Cell.empty() ? std::string() : "*" + Cell;
}

std::string ExprCells::lvalueCell(const Expr *E, bool ForWrite) {
  E = E->IgnoreParens();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      if (V->hasGlobalStorage() && !V->isStaticLocal())
        return varCell(V);
  if (const RecordDecl *RD = E->getType()->getAsRecordDecl();
      RD && !isa<MemberExpr>(E))
    return ForWrite ? cell::object(recordKey(RD)) : cell::objectRead(recordKey(RD));
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return varCell(V);
    return {};
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return {};
    // Fields of a global object keep the global's name: those are the roots.
    if (!ME->isArrow()) {
      std::string Base = lvalueCell(ME->getBase(), ForWrite);
      if (llvm::StringRef(Base).startswith(cell::Global))
        return Base + "." + FD->getName().str();
    }
    std::string Field = cell::field(recordKey(FD->getParent()), FD->getName());
    noteField(objectBase(ME), Field, ForWrite ? Flow::Base : Flow::ReadBase);
    return Field;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointee(U->getSubExpr(), ForWrite);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return pointee(AS->getBase(), ForWrite);
  if (const auto *CL = dyn_cast<CompoundLiteralExpr>(E))
    return lvalueCell(CL->getInitializer(), ForWrite);
  return {};
}

/// The pointer whose object holds member ME (p in p->a.b, q in q[i].x), or "?" when the
/// object is not reached through a pointer (a local or global struct, a call's result).
std::string ExprCells::objectBase(const MemberExpr *ME) {
  const Expr *B = ME->getBase()->IgnoreParens();
  if (ME->isArrow()) {
    std::string C = pointerCell(B);
    return C.empty() ? "?" : C;
  }
  if (const auto *M = dyn_cast<MemberExpr>(B))
    return objectBase(M);
  const Expr *Ptr = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(B)) {
    const Expr *A = AS->getBase()->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(A); M && A->getType()->isArrayType())
      return objectBase(M);
    Ptr = A->getType()->isPointerType() ? A : nullptr;
  } else if (const auto *U = dyn_cast<UnaryOperator>(B); U && U->getOpcode() == UO_Deref) {
    Ptr = U->getSubExpr();
  }
  std::string C = Ptr ? pointerCell(Ptr) : std::string();
  return C.empty() ? "?" : C;
}

void ExprCells::noteField(const std::string &Base, const std::string &Field, Flow::KindT Kind) {
  if (HeapOut && llvm::StringRef(Field).startswith(cell::Field) &&
      Noted.insert({Base, Field, char(Kind)}).second)
    HeapOut->push_back({Base, Field, "", Kind});
}

std::string ExprCells::globalRoot(const Expr *E) {
  std::vector<std::string> Fields;
  for (E = E->IgnoreParenImpCasts();; ) {
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
      Fields.push_back(ME->getMemberDecl()->getName().str());
      E = ME->getBase()->IgnoreParenImpCasts();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
               AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
      E = AS->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!V || !V->hasGlobalStorage() || V->isStaticLocal())
    return {};
  std::string Path = varCell(V);
  for (auto It = Fields.rbegin(); It != Fields.rend(); ++It)
    Path += "." + *It;
  return Path;
}

std::string ExprCells::embeddedMember(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParens());
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!FD || !FD->getType()->getAsRecordDecl())
    return {};
  return cell::AddressOf.str() + cell::field(recordKey(FD->getParent()), FD->getName());
}

std::string ExprCells::written(const Expr *E) { return lvalueCell(E, true); }
std::string ExprCells::readFrom(const Expr *E) { return lvalueCell(E, false); }

std::vector<std::string> ExprCells::sources(const Expr *E) {
  std::vector<std::string> Out;
  addSources(E, Out);
  return Out;
}

void ExprCells::addSources(const Expr *E, std::vector<std::string> &Out) {
  if (!E)
    return;
  E = E->IgnoreParenCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
      // An array-typed name stands for its address, not for its contents.
      if (!V->getType()->isArrayType())
        Out.push_back(lvalueCell(E, false));
    } else if (const auto *F = dyn_cast<FunctionDecl>(DR->getDecl())) {
      Out.push_back((cell::FunctionAddress + usrOf(F->getCanonicalDecl())).str());
    }
    return;
  }
  if (isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)) {
    if (!E->getType()->isArrayType()) {
      if (std::string C = lvalueCell(E, false); !C.empty())
        Out.push_back(C);
    } else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && ME->isArrow()) {
      // h->buf decays to an address inside *h: the value is derived from h.
      if (std::string C = pointerCell(ME->getBase()); !C.empty())
        Out.push_back(C);
    }
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      if (std::string C = pointee(U->getSubExpr(), false); !C.empty())
        Out.push_back(C);
    } else if (U->getOpcode() == UO_AddrOf) {
      // An address carries no data, but it names a callee (&f) or a root (&server).
      const Expr *Sub = U->getSubExpr()->IgnoreParens();
      if (const auto *DR = dyn_cast<DeclRefExpr>(Sub); DR && isa<FunctionDecl>(DR->getDecl()))
        addSources(DR, Out);
      else if (std::string Root = globalRoot(Sub); !Root.empty())
        Out.push_back(Root);
      else if (std::string Member = embeddedMember(Sub); !Member.empty())
        Out.push_back(Member);
    } else {
      addSources(U->getSubExpr(), Out);
    }
    return;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma || B->isAssignmentOp())
      return addSources(B->getOpcode() == BO_Comma ? B->getRHS() : B->getLHS(), Out);
    addSources(B->getLHS(), Out);
    addSources(B->getRHS(), Out);
    return;
  }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    addSources(CO->getTrueExpr(), Out);
    addSources(CO->getFalseExpr(), Out);
    return;
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    Out.push_back(callCell(C));
    return;
  }
  if (const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    if (S->getKind() == UETT_SizeOf)
      if (const RecordDecl *RD = recordOf(S->getTypeOfArgument()))
        Out.push_back((cell::Sizeof + recordKey(RD)).str());
    return;
  }
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    if (const auto *Body = SE->getSubStmt(); Body && !Body->body_empty())
      if (const auto *Last = dyn_cast<Expr>(Body->body_back()))
        addSources(Last, Out);
    return;
  }
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral, OffsetOfExpr,
          GNUNullExpr, AddrLabelExpr>(E))
    return;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      addSources(CE, Out);
}

} // namespace nvm
