// Stores into value roots, marked so that an operation's end copies only what changed.
#include "rules/ValueStoreRule.h"
#include "rules/StoreRule.h"
#include "rewrite/PersistentAccess.h"
#include "rewrite/SpellingRange.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

/// libc writers whose destination may be a value root, and their marking forms.
static const char *const Marked[][2] = {
    {"memset", "pms_value_memset"}, {"memcpy", "pms_value_memcpy"}, {"memmove", "pms_value_memmove"}};

void ValueStoreRule::registerMatchers(MatchFinder &Finder) {
  if (Ctx.Config.ValueRoots.empty())
    return;
  std::vector<llvm::StringRef> Names(Ctx.Config.ValueRoots.begin(), Ctx.Config.ValueRoots.end());
  auto Root = varDecl(hasGlobalStorage(), hasAnyName(Names));
  Finder.addMatcher(Root.bind("def"), this);
  Finder.addMatcher(declRefExpr(to(Root)).bind("ref"), this);
}

static const Stmt *parentOf(const Stmt *S, ASTContext &AC) {
  DynTypedNodeList P = AC.getParents(*S);
  return P.empty() ? nullptr : P[0].get<Stmt>();
}

/// The callee name of the call an address argument A goes to (through casts and parens).
static const CallExpr *callTaking(const Expr *A, ASTContext &AC, unsigned &ArgNo) {
  const Stmt *S = A;
  for (const Stmt *P = parentOf(S, AC); P; S = P, P = parentOf(P, AC)) {
    if (isa<ParenExpr>(P) || isa<CastExpr>(P))
      continue;
    const auto *C = dyn_cast<CallExpr>(P);
    if (!C)
      return nullptr;
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (C->getArg(I) == S)
        return ArgNo = I, C;
    return nullptr;
  }
  return nullptr;
}

/// The whole l-value rooted at E: array elements, '.' members and parentheses around it.
static const Expr *lvalueTop(const Expr *E, ASTContext &AC) {
  for (;;) {
    const Stmt *P = parentOf(E, AC);
    if (const auto *Pa = dyn_cast_or_null<ParenExpr>(P)) {
      E = Pa;
    } else if (const auto *M = dyn_cast_or_null<MemberExpr>(P); M && !M->isArrow()) {
      E = M;
    } else if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
               C && C->getCastKind() == CK_ArrayToPointerDecay) {
      const auto *S = dyn_cast_or_null<ArraySubscriptExpr>(parentOf(C, AC));
      if (!S || S->getBase()->IgnoreParens() != C)
        return E;
      E = S;
    } else {
      return E;
    }
  }
}

/// The local pointer variable a root's address `&g[i]` is assigned to (`p = &g[i]`, `T *p =
/// &g[i]`), through parentheses and casts; null when it goes anywhere else.
static const VarDecl *localTaking(const UnaryOperator *AddrOf, ASTContext &AC) {
  DynTypedNode N = DynTypedNode::create(*AddrOf);
  const Expr *Value = AddrOf;
  for (;;) {
    DynTypedNodeList P = AC.getParents(N);
    if (P.empty())
      return nullptr;
    if (const auto *V = P[0].get<VarDecl>())
      return V->hasLocalStorage() && V->getInit() && V->getInit()->IgnoreParenCasts() ==
                 Value->IgnoreParenCasts() ? V : nullptr;
    const Stmt *S = P[0].get<Stmt>();
    if (S && (isa<ParenExpr>(S) || isa<CastExpr>(S))) {
      N = P[0];
      continue;
    }
    const auto *B = dyn_cast_or_null<BinaryOperator>(S);
    if (!B || B->getOpcode() != BO_Assign ||
        B->getRHS()->IgnoreParenCasts() != Value->IgnoreParenCasts())
      return nullptr;
    const auto *D = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && V->hasLocalStorage() ? V : nullptr;
  }
}

/// Whether every use of the local pointer L in its function keeps what it points to in sight:
/// L is assigned, compared, tested, or dereferenced (`*L`, `L->f`, `L[i]`) to read or to store;
/// each store's l-value goes to Stores. Anything else (L passed to a call, copied, returned,
/// its address or an element's address taken) sets Why and returns false.
/// L may also be passed to a function defined in the same file whose parameter keeps to the
/// same uses (Seen stops recursion).
static bool usesStayLocal(const VarDecl *L, ASTContext &AC, std::vector<const Expr *> &Stores,
                          std::string &Why, std::set<const VarDecl *> &Seen) {
  if (!Seen.insert(L).second)
    return true;
  const auto *F = dyn_cast_or_null<FunctionDecl>(L->getParentFunctionOrMethod());
  if (!F || !F->hasBody())
    return Why = "kept in '" + L->getName().str() + "'", false;
  auto Refs = match(findAll(declRefExpr(to(varDecl(equalsNode(L)))).bind("r")), *F->getBody(), AC);
  for (const auto &M : Refs) {
    const auto *Ref = M.getNodeAs<DeclRefExpr>("r");
    const Stmt *P = parentOf(Ref, AC);
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P);
        B && B->getOpcode() == BO_Assign && B->getLHS()->IgnoreParens() == Ref)
      continue; // L = ...
    if (P && isa<UnaryExprOrTypeTraitExpr>(P))
      continue; // sizeof L
    const auto *Load = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!Load || Load->getCastKind() != CK_LValueToRValue)
      return Why = "'" + L->getName().str() + "' used other than by its value", false;
    const Stmt *U = parentOf(Load, AC);
    while (U && isa<ParenExpr>(U))
      U = parentOf(U, AC);
    const Expr *Deref = nullptr;
    if (const auto *Un = dyn_cast_or_null<UnaryOperator>(U)) {
      if (Un->getOpcode() == UO_Deref)
        Deref = Un;
      else if (Un->getOpcode() == UO_LNot)
        continue;
    } else if (const auto *Me = dyn_cast_or_null<MemberExpr>(U); Me && Me->isArrow()) {
      Deref = Me;
    } else if (const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(U);
               Sub && Sub->getBase()->IgnoreParens() == Load) {
      Deref = Sub;
    } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(U);
               B && (B->isComparisonOp() || B->isLogicalOp())) {
      continue; // L == q, L && ...
    } else if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(U);
               C && C->getCastKind() == CK_PointerToBoolean) {
      continue;
    } else if (U && (isa<IfStmt>(U) || isa<WhileStmt>(U) || isa<DoStmt>(U) || isa<ForStmt>(U))) {
      continue; // if (L): C tests the pointer itself
    } else if (const auto *Co = dyn_cast_or_null<ConditionalOperator>(U);
               Co && Co->getCond()->IgnoreParenImpCasts() == Ref) {
      continue;
    }
    if (const auto *C = dyn_cast_or_null<CallExpr>(U); C && !Deref) {
      const FunctionDecl *Callee = C->getDirectCallee();
      const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
      for (unsigned I = 0; Def && Def->hasBody() && I < C->getNumArgs() && I < Def->getNumParams();
           ++I)
        if (C->getArg(I)->IgnoreParens() == Load) {
          if (!usesStayLocal(Def->getParamDecl(I), AC, Stores, Why, Seen))
            return false;
          Deref = C; // handled: its parameter keeps to the same uses
        }
      if (Deref)
        continue;
    }
    if (!Deref)
      return Why = "'" + L->getName().str() + "' is passed or copied where its stores are not seen",
             false;
    const Expr *Top = lvalueTop(Deref, AC);
    const Stmt *TP = parentOf(Top, AC);
    if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(TP);
        C && C->getCastKind() == CK_LValueToRValue)
      continue; // a read
    if (TP && isa<UnaryExprOrTypeTraitExpr>(TP))
      continue;
    bool Store = false;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(TP))
      Store = B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Top->IgnoreParens();
    else if (const auto *Un = dyn_cast_or_null<UnaryOperator>(TP))
      Store = Un->isIncrementDecrementOp();
    if (const auto *Un = dyn_cast_or_null<UnaryOperator>(TP); Un && Un->getOpcode() == UO_AddrOf) {
      // Already ported: PMS_LOGGED(*L) is *pms_logged_(&(*L), sizeof ...).
      unsigned Arg = 0;
      const CallExpr *C = callTaking(Un, AC, Arg);
      const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
      if (FD && isLoggedStoreCall(FD->getName()))
        continue;
    }
    if (!Store)
      return Why = "an element of '" + L->getName().str() + "' used other than by a load or a store",
             false;
    if (const auto *Me = dyn_cast<MemberExpr>(Top->IgnoreParens()))
      if (const auto *Fd = dyn_cast<FieldDecl>(Me->getMemberDecl()); Fd && Fd->isBitField())
        return Why = "bit-field store through '" + L->getName().str() + "'", false;
    Stores.push_back(Top);
  }
  return true;
}

bool ValueStoreRule::markLibcWriter(const CallExpr *C, const SourceManager &SM,
                                    const LangOptions &LO) {
  const FunctionDecl *FD = C->getDirectCallee();
  std::string Name;
  SourceLocation Tok = calleeToken(C, SM, LO, Name);
  for (const auto &M : Marked)
    if (FD && Name == M[0] && FD->getName() == M[0] && Tok.isValid() && editable(SM, Tok)) {
      edit(SM, Tok, tokenLength(Tok, SM, LO), M[1], "value-store");
      return true;
    }
  return false;
}

void ValueStoreRule::escape(Root &Rt, const SourceManager &SM, SourceLocation Loc,
                            const std::string &Why) {
  if (!Rt.Escapes)
    Rt.Why = where(SM, SM.getExpansionLoc(Loc)) + ": " + Why;
  Rt.Escapes = true;
}

void ValueStoreRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  ASTContext &AC = *R.Context;
  if (const auto *V = R.Nodes.getNodeAs<VarDecl>("def")) {
    // Only the defining file gets the tracked mark.
    if (V->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        !editable(SM, V->getLocation()))
      return;
    Root &Rt = Roots[V->getName().str()];
    Rt.SM = &SM;
    Rt.After = Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM, LO, false);
    Rt.External = Rt.External || V->isExternallyVisible();
    return;
  }
  const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *V = cast<VarDecl>(Ref->getDecl());
  if (!editable(SM, SM.getExpansionLoc(Ref->getBeginLoc())))
    return;
  Root &Rt = Roots[V->getName().str()];
  Rt.External = Rt.External || V->isExternallyVisible();
  if (!Rt.SM)
    Rt.SM = &SM;
  const Expr *Top = lvalueTop(Ref, AC);
  const Stmt *P = parentOf(Top, AC);
  if (!P)
    return; // inside a type (__typeof__): not evaluated
  // A store through PMS_LOGGED (the root's type is persistent too): the l-value is the form.
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf) {
    unsigned Arg = 0;
    const CallExpr *C = callTaking(U, AC, Arg);
    const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
    llvm::StringRef Callee = FD ? FD->getName() : "";
    if (Callee.startswith("pms_value_") || Callee == "pms_port_value")
      return; // marked by an earlier run, or the root's registration
    if (isLoggedStoreCall(Callee)) {
      const Stmt *S = C;
      while ((S = parentOf(S, AC)) && isa<CastExpr>(S))
        ;
      const auto *D = dyn_cast_or_null<UnaryOperator>(S);
      if (!D || D->getOpcode() != UO_Deref)
        return escape(Rt, SM, Ref->getBeginLoc(), "address passed to " + Callee.str());
      Top = lvalueTop(D, AC);
      P = parentOf(Top, AC);
    } else if (Arg == 0 && FD) {
      if (markLibcWriter(C, SM, LO))
        return;
      return escape(Rt, SM, Ref->getBeginLoc(), "address passed to " + Callee.str());
    } else if (const VarDecl *L = C ? nullptr : localTaking(U, AC)) {
      // `p = &g[i]` where p only reads and stores through itself: the stores become
      // PMS_LOGGED, which tells the runtime the lines they change as PMS_VALUE_STORE does.
      std::vector<const Expr *> Stores;
      std::string Why;
      std::set<const VarDecl *> Seen;
      if (!usesStayLocal(L, AC, Stores, Why, Seen))
        return escape(Rt, SM, Ref->getBeginLoc(), "address taken: " + Why);
      for (const Expr *S : Stores) {
        CharSourceRange Range = rewrite::spellingRange(S, SM, LO);
        if (Range.isInvalid() || !editable(SM, Range.getBegin()))
          return escape(Rt, SM, S->getBeginLoc(), "store through '" + L->getName().str() +
                                                      "' inside a macro");
      }
      for (const Expr *S : Stores) {
        CharSourceRange Range = rewrite::spellingRange(S, SM, LO);
        edit(SM, Range.getBegin(), 0, Ctx.runStoreForm(S), "value-store-through-pointer");
        edit(SM, Range.getEnd(), 0, ")", "");
      }
      return;
    } else {
      return escape(Rt, SM, Ref->getBeginLoc(), "address taken");
    }
  }
  bool Store = false;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    Store = B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Top->IgnoreParens();
  else if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
    Store = U->isIncrementDecrementOp();
  if (!Store) {
    if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
        C && C->getCastKind() == CK_LValueToRValue)
      return; // a read
    if (P && isa<UnaryExprOrTypeTraitExpr>(P))
      return; // sizeof: not evaluated
    if (isa<ParenExpr>(Top) || Top == Ref || isa<ArraySubscriptExpr>(Top) || isa<MemberExpr>(Top))
      if (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(P);
          C && C->getCastKind() == CK_ArrayToPointerDecay) {
        unsigned Arg = 0;
        const CallExpr *Call = callTaking(C, AC, Arg);
        if (Call && Arg == 0 && markLibcWriter(Call, SM, LO))
          return; // memset(g, 0, sizeof g)
        return escape(Rt, SM, Ref->getBeginLoc(), "array used as a pointer");
      }
    return escape(Rt, SM, Ref->getBeginLoc(), "used other than by a load or a store");
  }
  if (const auto *M = dyn_cast<MemberExpr>(Top->IgnoreParens()))
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()); F && F->isBitField())
      return escape(Rt, SM, Ref->getBeginLoc(), "bit-field store");
  CharSourceRange Range = rewrite::spellingRange(Top, SM, LO);
  if (Range.isInvalid() || !editable(SM, Range.getBegin()))
    return escape(Rt, SM, Ref->getBeginLoc(), "store inside a macro");
  // A root of a persistent type gets PMS_LOGGED around the same l-value (StoreRule): an
  // insertion equal to its ")" at the same place would be merged with it, so this one differs.
  bool Logged = rewrite::persistentRecord(Top, Ctx.Types) != nullptr;
  edit(SM, Range.getBegin(), 0, Logged ? "PMS_VALUE_STORE((" : "PMS_VALUE_STORE(", "value-store");
  edit(SM, Range.getEnd(), 0, Logged ? "))" : ")", "");
}

/// Appends Text to the end of SM's main file unless the file holds Key already (a second run).
void ValueStoreRule::appendOnce(const SourceManager &SM, const std::string &Key,
                                const std::string &Text) {
  FileID Main = SM.getMainFileID();
  if (SM.getBufferData(Main).contains(Key))
    return;
  SourceLocation End = SM.getLocForEndOfFile(Main);
  if (editable(SM, End))
    edit(SM, End, 0, Text, "value-root-untracked");
}

void ValueStoreRule::onEndOfTranslationUnit() {
  for (auto &[Name, Rt] : Roots) {
    if (!Rt.SM)
      continue;
    if (Rt.Escapes) {
      Ctx.Summary.Findings.push_back("value root '" + Name + "' is compared whole at every "
                                     "operation's end: " + Rt.Why);
      // Another file's run may mark it tracked: the runtime is told it must not be.
      if (Rt.External)
        appendOnce(*Rt.SM, "pms_value_untracked_" + Name + "(void)",
                   "\n__attribute__((constructor)) static void pms_value_untracked_" + Name +
                       "(void) { pms_port_value_untracked(\"" + Name + "\"); }\n");
      continue;
    }
    if (Rt.After.isInvalid())
      continue;
    // Idempotent: an earlier run's mark sits right after the definition.
    std::string Mark = " __attribute__((constructor)) static void pms_value_tracked_" + Name +
                       "(void) { pms_port_value_tracked(\"" + Name + "\"); }";
    llvm::StringRef Buf = Rt.SM->getBufferData(Rt.SM->getFileID(Rt.After));
    unsigned Off = Rt.SM->getFileOffset(Rt.After);
    if (Buf.substr(Off).contains("pms_value_tracked_" + Name + "(void)"))
      continue;
    edit(*Rt.SM, Rt.After, 0, Mark, "value-root-tracked");
  }
  Roots.clear();
}

} // namespace nvm::port
