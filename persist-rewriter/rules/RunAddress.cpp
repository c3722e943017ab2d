// Addresses and values computed before a run that equal those its statements would compute.
#include "rules/RunAddress.h"
#include "rewrite/SpellingRange.h"
#include "rules/PortRule.h" // variableAtBase
#include "rules/StoreRule.h" // isLoggedStoreCall, isValueStoreCall
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include <map>

using namespace clang;

namespace nvm::port {

namespace {

/// Calls a run may hold that write no memory (the others, memcpy and the like, write bytes
/// no expression names).
bool writesNothing(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  return FD && writesNoMemory(plainCalleeName(FD->getName()));
}

class WriteScan : public RecursiveASTVisitor<WriteScan> {
public:
  std::vector<const BinaryOperator *> Assignments;
  std::vector<const Expr *> Memory; // in the order the statement spells them
  std::vector<const VarDecl *> Locals;
  bool Unknown = false;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && note(B->getLHS()))
      Assignments.push_back(B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      note(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    Locals.push_back(V);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    Unknown |= !writesNothing(C);
    return true;
  }

private:
  /// True for a write into memory (not into a local variable).
  bool note(const Expr *L) {
    L = L->IgnoreParens();
    if (const auto *D = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage()) {
        Locals.push_back(V);
        return false;
      }
    Memory.push_back(L);
    return true;
  }
};

/// The bytes an l-value may occupy, as far as C's types tell them apart.
struct Access {
  enum Kind { Field, Named, Typed, Any } K = Any;
  const FieldDecl *F = nullptr; // Field
  const VarDecl *V = nullptr;   // Named: inside this variable's storage
  QualType T;                   // Field, Typed: the accessed type; Named: its element type
};

QualType elementType(QualType T) {
  while (const ArrayType *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType();
  return T.getCanonicalType().getUnqualifiedType();
}

bool charLike(QualType T) {
  return T->isCharType() || T->isVoidType();
}

/// Whether objects of types A and B may share bytes: the same type, char (which may alias
/// anything), aggregates (which may hold either), or two scalars of one size (programs pun
/// pointers, `uintptr_t` and signedness).
bool typesMayOverlap(QualType A, QualType B, ASTContext &AC) {
  A = elementType(A);
  B = elementType(B);
  if (A == B || charLike(A) || charLike(B) || !A->isScalarType() || !B->isScalarType())
    return true;
  return AC.getTypeSize(A) == AC.getTypeSize(B);
}

/// The variable a local pointer always points into: every value the function gives it is the
/// address of (a part of) that variable, `head = &heads[id]`. Null otherwise.
const VarDecl *pointee(const VarDecl *P, std::map<const VarDecl *, const VarDecl *> &Known) {
  auto [It, New] = Known.try_emplace(P, nullptr);
  if (!New)
    return It->second;
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!FD || !FD->hasBody() || isa<ParmVarDecl>(P) || !P->getType()->isPointerType())
    return nullptr;
  const VarDecl *Into = nullptr;
  bool Ok = true;
  auto target = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
      E = B->getLHS()->IgnoreParenImpCasts(); // `heads + id`
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
    const VarDecl *V = variableAtBase(E);
    if (!V || (Into && Into != V))
      Ok = false;
    else
      Into = V;
  };
  if (P->getInit())
    target(P->getInit());
  struct Assigns : RecursiveASTVisitor<Assigns> {
    const VarDecl *P;
    std::function<void(const Expr *)> Target;
    bool Other = false;
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && refersTo(B->getLHS())) {
        if (B->getOpcode() == BO_Assign)
          Target(B->getRHS());
        else
          Other = true;
      }
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
          refersTo(U->getSubExpr()))
        Other = true;
      return true;
    }
    bool refersTo(const Expr *E) const {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParens());
      return D && D->getDecl() == P;
    }
  } Scan;
  Scan.P = P;
  Scan.Target = target;
  Scan.TraverseStmt(FD->getBody());
  if (Ok && Into && !Scan.Other)
    It->second = Into;
  return It->second;
}

using Pointees = std::map<const VarDecl *, const VarDecl *>;

Access classify(const Expr *L, Pointees &Known) {
  L = L->IgnoreParens();
  Access A;
  if (const VarDecl *V = variableAtBase(L)) {
    A.K = Access::Named, A.V = V, A.T = elementType(V->getType());
    return A;
  }
  if (const auto *M = dyn_cast<MemberExpr>(L)) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (F && !F->getParent()->isUnion()) {
      A.K = Access::Field, A.F = F, A.T = F->getType();
      return A;
    }
    A.K = Access::Typed, A.T = L->getType();
    return A;
  }
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(L)) {
    const Expr *Base = S->getBase()->IgnoreParenImpCasts();
    // An element of an array field or variable is where the array is; `p[i]` is like `*p`.
    if (Base->getType()->isArrayType())
      return classify(Base, Known);
    L = Base;
  } else if (const auto *U = dyn_cast<UnaryOperator>(L); U && U->getOpcode() == UO_Deref) {
    L = U->getSubExpr()->IgnoreParenImpCasts();
  } else {
    return A;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(L))
    if (const auto *P = dyn_cast<VarDecl>(D->getDecl()); P && P->hasLocalStorage())
      if (const VarDecl *V = pointee(P, Known)) {
        A.K = Access::Named, A.V = V, A.T = elementType(V->getType());
        return A;
      }
  if (const auto *PT = L->getType()->getAs<PointerType>()) {
    A.K = Access::Typed, A.T = PT->getPointeeType();
    return A;
  }
  return A;
}

/// Whether two expressions spell the same computation: `it->next` and `it->next`.
bool sameLValue(const Expr *A, const Expr *B) {
  A = A->IgnoreParens();
  B = B->IgnoreParens();
  if (A->getStmtClass() != B->getStmtClass())
    return false;
  if (const auto *DA = dyn_cast<DeclRefExpr>(A))
    return DA->getDecl() == cast<DeclRefExpr>(B)->getDecl();
  if (const auto *MA = dyn_cast<MemberExpr>(A)) {
    const auto *MB = cast<MemberExpr>(B);
    return MA->getMemberDecl() == MB->getMemberDecl() && MA->isArrow() == MB->isArrow() &&
           sameLValue(MA->getBase(), MB->getBase());
  }
  if (const auto *UA = dyn_cast<UnaryOperator>(A))
    return UA->getOpcode() == cast<UnaryOperator>(B)->getOpcode() &&
           sameLValue(UA->getSubExpr(), cast<UnaryOperator>(B)->getSubExpr());
  if (const auto *SA = dyn_cast<ArraySubscriptExpr>(A)) {
    const auto *SB = cast<ArraySubscriptExpr>(B);
    return sameLValue(SA->getBase(), SB->getBase()) && sameLValue(SA->getIdx(), SB->getIdx());
  }
  if (const auto *CA = dyn_cast<CastExpr>(A))
    return CA->getCastKind() == cast<CastExpr>(B)->getCastKind() &&
           CA->getType() == B->getType() &&
           sameLValue(CA->getSubExpr(), cast<CastExpr>(B)->getSubExpr());
  if (const auto *IA = dyn_cast<IntegerLiteral>(A))
    return IA->getValue() == cast<IntegerLiteral>(B)->getValue();
  return false;
}

/// Whether a member of Outer (at any depth, arrays included) is a record of type Inner.
bool holds(const RecordDecl *Outer, const RecordDecl *Inner, int Depth = 0) {
  if (Depth > 8)
    return true;
  for (const FieldDecl *F : Outer->fields())
    if (const RecordDecl *R = elementType(F->getType())->getAsRecordDecl())
      if (R->getCanonicalDecl() == Inner->getCanonicalDecl() || holds(R, Inner, Depth + 1))
        return true;
  return false;
}

bool mayAlias(const Access &A, const Access &B, ASTContext &AC) {
  if (A.K == Access::Any || B.K == Access::Any)
    return true;
  if (A.K == Access::Named && B.K == Access::Named)
    return A.V == B.V;
  if (A.K == Access::Field && B.K == Access::Field) {
    if (A.F == B.F)
      return true;
    const RecordDecl *RA = A.F->getParent(), *RB = B.F->getParent();
    if (RA->getCanonicalDecl() == RB->getCanonicalDecl())
      return false;
    // Records of unrelated types do not overlap: the compiler's own type-based alias analysis
    // assumes as much (-fstrict-aliasing, on at -O2), only a record nested in the other may.
    return (holds(RA, RB) || holds(RB, RA)) && typesMayOverlap(A.T, B.T, AC);
  }
  const Access &N = A.K == Access::Named ? A : B, &O = A.K == Access::Named ? B : A;
  if (N.K == Access::Named) // a field lies in a variable only when the variable holds records
    return N.T->isRecordType() || (O.K == Access::Typed && typesMayOverlap(N.T, O.T, AC));
  return typesMayOverlap(A.T, B.T, AC);
}

class BeforeRun {
  static constexpr size_t MaxText = 400;

public:
  BeforeRun(const RunWrites &W, const std::set<const VarDecl *> &Taken, const Expr *Own,
            ASTContext &AC)
      : W(W), Taken(Taken), Own(Own), AC(AC), SM(AC.getSourceManager()), LO(AC.getLangOpts()) {}

  /// What may have changed since the run began: the statements up to Stmt (their locals) and
  /// the first Writes memory writes of the run.
  struct Window {
    size_t Stmt, Writes;
  };
  Window upTo(size_t Stmt) const {
    size_t N = 0;
    while (N < W.memory().size() && W.memory()[N].Stmt <= Stmt)
      ++N;
    return {Stmt, N};
  }

  /// A piece of an expression's spelling replaced by another text.
  struct Sub {
    CharSourceRange Range;
    std::string Text;
  };

  bool value(const Expr *E, Window UpTo, std::vector<Sub> &Subs) {
    E = E->IgnoreParens();
    if (isa<IntegerLiteral, CharacterLiteral, FloatingLiteral>(E))
      return true;
    if (const auto *T = dyn_cast<UnaryExprOrTypeTraitExpr>(E))
      return !T->isArgumentType() || !T->getArgumentType()->isVariablyModifiedType();
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return isa<EnumConstantDecl>(D->getDecl());
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_LValueToRValue:
        return load(C->getSubExpr(), UpTo, Subs);
      case CK_ArrayToPointerDecay:
        return address(C->getSubExpr(), UpTo, Subs);
      case CK_FunctionToPointerDecay:
        return true;
      default:
        return value(C->getSubExpr(), UpTo, Subs);
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      switch (U->getOpcode()) {
      case UO_AddrOf:
        return address(U->getSubExpr(), UpTo, Subs);
      case UO_Plus:
      case UO_Minus:
      case UO_Not:
      case UO_LNot:
        return value(U->getSubExpr(), UpTo, Subs);
      default:
        return false;
      }
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return !B->isAssignmentOp() && B->getOpcode() != BO_Comma &&
             value(B->getLHS(), UpTo, Subs) && value(B->getRHS(), UpTo, Subs);
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return value(C->getCond(), UpTo, Subs) && value(C->getTrueExpr(), UpTo, Subs) &&
             value(C->getFalseExpr(), UpTo, Subs);
    // A branch hint (`likely(c)`) is the value of its first argument.
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = C->getDirectCallee();
      return FD && isBranchHint(plainCalleeName(FD->getName())) &&
             llvm::all_of(C->arguments(), [&](const Expr *A) { return value(A, UpTo, Subs); });
    }
    return false;
  }

  bool address(const Expr *L, Window UpTo, std::vector<Sub> &Subs) {
    L = L->IgnoreParens();
    if (const auto *D = dyn_cast<DeclRefExpr>(L))
      return isa<VarDecl>(D->getDecl());
    if (const auto *M = dyn_cast<MemberExpr>(L))
      return M->isArrow() ? value(M->getBase(), UpTo, Subs) : address(M->getBase(), UpTo, Subs);
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(L))
      return value(S->getBase(), UpTo, Subs) && value(S->getIdx(), UpTo, Subs);
    if (const auto *U = dyn_cast<UnaryOperator>(L); U && U->getOpcode() == UO_Deref)
      return value(U->getSubExpr(), UpTo, Subs);
    return false;
  }

  /// The value stored at L, before the run as in statement UpTo.
  bool load(const Expr *L, Window UpTo, std::vector<Sub> &Subs) {
    L = L->IgnoreParens();
    if (L->getType().isVolatileQualified())
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(L))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage())
        return !Taken.count(V) && !W.assigns(V, UpTo.Stmt);
    std::vector<Sub> AddressSubs;
    if (!address(L, UpTo, AddressSubs))
      return false;
    Access Read = classify(L, W.Pointees);
    const RunWrites::Write *Last = nullptr;
    bool Shared = false; // the last aliasing write's statement has another one
    size_t LastAt = 0;
    for (size_t I = 0; I < UpTo.Writes; ++I) {
      const RunWrites::Write &Wr = W.memory()[I];
      if (Wr.LValue && Wr.LValue == Own)
        continue; // the store's own write comes after its address
      if (Wr.LValue && !mayAlias(classify(Wr.LValue, W.Pointees), Read, AC))
        continue;
      Shared = Last && Last->Stmt == Wr.Stmt;
      Last = &Wr;
      LastAt = I;
    }
    if (!Last) {
      Subs.insert(Subs.end(), AddressSubs.begin(), AddressSubs.end());
      return true;
    }
    if (Shared || !Last->Value || !Last->LValue)
      return false;
    // The last write that may change L is a plain assignment: L holds its value if it stored
    // into L (the same l-value, or the same field of the same object: `it->next->prev = v`
    // then `it->prev` is v when it->next == it) and its condition held, else what L held
    // before it. All of it evaluated where that write happens: only the writes before it count
    // (the window shrinks, so that `p->next = p->next->next` read through itself ends).
    Window Before{Last->Stmt, LastAt};
    std::vector<Sub> ValueSubs, WhenSubs, OldSubs;
    std::vector<std::string> When;
    if (!value(Last->Value, Before, ValueSubs))
      return false;
    if (Last->Guard) {
      if (!value(Last->Guard, Before, WhenSubs))
        return false;
      std::optional<std::string> G = render(Last->Guard, WhenSubs);
      if (!G)
        return false;
      When.push_back("(" + *G + ")");
    }
    if (!sameLValue(Last->LValue, L)) {
      const auto *MW = dyn_cast<MemberExpr>(Last->LValue->IgnoreParens());
      const auto *MR = dyn_cast<MemberExpr>(L);
      std::vector<Sub> BaseW, BaseR;
      if (!MW || !MR || !MW->isArrow() || !MR->isArrow() ||
          MW->getMemberDecl() != MR->getMemberDecl() ||
          !value(MW->getBase(), Before, BaseW) || !value(MR->getBase(), Before, BaseR))
        return false;
      std::optional<std::string> TW = render(MW->getBase(), BaseW),
                                 TR = render(MR->getBase(), BaseR);
      if (!TW || !TR)
        return false;
      When.push_back("(" + *TW + ") == (" + *TR + ")");
    }
    std::optional<std::string> Text = render(Last->Value, ValueSubs);
    if (!Text)
      return false;
    PrintingPolicy PP(LO);
    std::string Type = L->getType().getUnqualifiedType().getAsString(PP);
    std::string Stored = "(" + Type + ")(" + *Text + ")";
    if (!When.empty()) {
      if (!load(L, Before, OldSubs))
        return false;
      std::optional<std::string> Old = render(L, OldSubs);
      if (!Old)
        return false;
      Stored = "(" + llvm::join(When, " && ") + ") ? " + Stored + " : (" + Type + ")(" + *Old + ")";
    }
    CharSourceRange Range = rewrite::spellingRange(L, SM, LO);
    // Each conditional stand-in repeats the old value: a chain of them grows fast.
    if (Range.isInvalid() || Stored.size() > MaxText)
      return false;
    Subs.push_back({Range, "(" + Stored + ")"});
    return true;
  }

  /// E's spelling with the substitutions made.
  std::optional<std::string> render(const Expr *E, const std::vector<Sub> &Subs) {
    CharSourceRange Range = fileRange(rewrite::spellingRange(E, SM, LO));
    if (Range.isInvalid())
      return std::nullopt;
    std::string Text = Lexer::getSourceText(Range, SM, LO).str();
    auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
    if (Text.empty())
      return std::nullopt;
    struct Piece {
      unsigned Off, Len;
      const std::string *Text;
    };
    std::vector<Piece> Pieces;
    for (const Sub &S : Subs) {
      CharSourceRange R = fileRange(S.Range);
      if (R.isInvalid())
        return std::nullopt;
      auto [SFile, SBegin] = SM.getDecomposedLoc(R.getBegin());
      unsigned SEnd = SM.getFileOffset(R.getEnd());
      if (SFile != File || SBegin < Begin || SEnd < SBegin || SEnd - Begin > Text.size())
        return std::nullopt;
      Pieces.push_back({SBegin - Begin, SEnd - SBegin, &S.Text});
    }
    // From the last piece back, so that the earlier offsets hold.
    llvm::sort(Pieces, [](const Piece &A, const Piece &B) { return A.Off > B.Off; });
    size_t Limit = Text.size();
    for (const Piece &P : Pieces) {
      if (P.Off + P.Len > Limit)
        return std::nullopt; // overlapping pieces
      Text.replace(P.Off, P.Len, *P.Text);
      Limit = P.Off;
    }
    return Text;
  }

private:
  CharSourceRange fileRange(CharSourceRange R) const {
    return R.isInvalid() ? R : Lexer::makeFileCharRange(R, SM, LO);
  }

  const RunWrites &W;
  const std::set<const VarDecl *> &Taken;
  const Expr *Own;
  ASTContext &AC;
  const SourceManager &SM;
  const LangOptions &LO;
};

} // namespace

bool writesNoMemory(llvm::StringRef PlainName) {
  static const llvm::StringSet<> Names = {
      "memcmp", "strlen", "strcmp", "strncmp", "expect", "constant_p", "object_size"};
  return Names.contains(PlainName) || isLoggedStoreCall(PlainName) ||
         isValueStoreCall(PlainName);
}

bool isBranchHint(llvm::StringRef PlainName) { return PlainName == "expect"; }

llvm::StringRef plainCalleeName(llvm::StringRef Name) {
  if (Name.consume_front("__builtin___"))
    Name.consume_back("_chk");
  else
    Name.consume_front("__builtin_");
  return Name;
}

void RunWrites::add(const Stmt *S, const std::vector<const Expr *> &Always,
                    const std::vector<const Expr *> &Guarded, const Expr *Guard) {
  WriteScan Scan;
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  size_t Index = Count++;
  for (const VarDecl *V : Scan.Locals)
    Locals.push_back({Index, V});
  for (const Expr *L : Scan.Memory) {
    Write Wr{Index, L, nullptr, nullptr};
    for (const BinaryOperator *B : Scan.Assignments)
      if (B->getLHS()->IgnoreParens() == L && B->getOpcode() == BO_Assign) {
        if (llvm::is_contained(Always, B))
          Wr.Value = B->getRHS();
        else if (Guard && llvm::is_contained(Guarded, B))
          Wr.Value = B->getRHS(), Wr.Guard = Guard;
      }
    Memory.push_back(Wr);
  }
  if (Scan.Unknown)
    Memory.push_back({Index, nullptr, nullptr, nullptr});
}

bool RunWrites::assigns(const VarDecl *V, size_t UpTo) const {
  for (const auto &[Stmt, L] : Locals)
    if (Stmt <= UpTo && L == V)
      return true;
  return false;
}

std::optional<std::string> valueBeforeRun(const Expr *E, size_t UpTo, const RunWrites &W,
                                          const std::set<const VarDecl *> &Taken,
                                          const Expr *Own, ASTContext &AC) {
  if (E->HasSideEffects(AC))
    return std::nullopt;
  BeforeRun B(W, Taken, Own, AC);
  std::vector<BeforeRun::Sub> Subs;
  if (!B.value(E, B.upTo(UpTo), Subs))
    return std::nullopt;
  return B.render(E, Subs);
}

std::optional<std::string> addressBeforeRun(const Expr *L, size_t UpTo, const RunWrites &W,
                                            const std::set<const VarDecl *> &Taken,
                                            ASTContext &AC) {
  if (L->HasSideEffects(AC))
    return std::nullopt;
  BeforeRun B(W, Taken, L->IgnoreParens(), AC);
  std::vector<BeforeRun::Sub> Subs;
  if (!B.address(L, B.upTo(UpTo), Subs))
    return std::nullopt;
  std::optional<std::string> Text = B.render(L, Subs);
  if (!Text)
    return std::nullopt;
  return "&(" + *Text + ")";
}

} // namespace nvm::port
