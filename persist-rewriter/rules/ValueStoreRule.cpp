// Stores into value roots, marked so that an operation's end copies only what changed.
#include "rules/ValueStoreRule.h"
#include "rewrite/PersistentAccess.h"
#include "rewrite/SpellingRange.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

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
    // Only a static global has all its uses in this file; only its defining file is marked.
    if (V->isExternallyVisible() ||
        V->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        !editable(SM, V->getLocation()))
      return;
    Root &Rt = Roots[V->getName().str()];
    Rt.SM = &SM;
    Rt.After = Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM, LO, false);
    return;
  }
  const auto *Ref = R.Nodes.getNodeAs<DeclRefExpr>("ref");
  const auto *V = cast<VarDecl>(Ref->getDecl());
  if (V->isExternallyVisible() || !editable(SM, SM.getExpansionLoc(Ref->getBeginLoc())))
    return;
  Root &Rt = Roots[V->getName().str()];
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
    if (Callee == "pms_logged_" || Callee == "pms_tx_log_store") {
      const Stmt *S = C;
      while ((S = parentOf(S, AC)) && isa<CastExpr>(S))
        ;
      const auto *D = dyn_cast_or_null<UnaryOperator>(S);
      if (!D || D->getOpcode() != UO_Deref)
        return escape(Rt, SM, Ref->getBeginLoc(), "address passed to " + Callee.str());
      Top = lvalueTop(D, AC);
      P = parentOf(Top, AC);
    } else if (Arg == 0 && FD) {
      std::string Name;
      SourceLocation Tok = calleeToken(C, SM, LO, Name);
      for (const auto &M : Marked)
        if (Name == M[0] && FD->getName() == M[0] && Tok.isValid() && editable(SM, Tok)) {
          edit(SM, Tok, tokenLength(Tok, SM, LO), M[1], "value-store");
          return;
        }
      return escape(Rt, SM, Ref->getBeginLoc(), "address passed to " + Callee.str());
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
          C && C->getCastKind() == CK_ArrayToPointerDecay)
        return escape(Rt, SM, Ref->getBeginLoc(), "array used as a pointer");
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

void ValueStoreRule::onEndOfTranslationUnit() {
  for (auto &[Name, Rt] : Roots) {
    if (!Rt.SM || Rt.After.isInvalid())
      continue;
    if (Rt.Escapes) {
      Ctx.Summary.Findings.push_back("value root '" + Name + "' is compared whole at every "
                                     "operation's end: " + Rt.Why);
      continue;
    }
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
