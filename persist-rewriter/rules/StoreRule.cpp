// Stores into persistent objects, wrapped in the runtime's logged-store form.
#include "rewrite/SpellingRange.h"
#include "rules/StoreRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/FlowCollector.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

bool isLoggedStoreCall(StringRef Callee) {
  return Callee == "pms_logged_" || Callee == "pms_logged_in_run_" ||
         Callee == "pms_tx_log_store";
}

bool isValueStoreCall(StringRef Callee) {
  return Callee == "pms_value_touch_" || Callee == "pms_value_touch";
}

bool isLoggedLValue(const Expr *L) {
  const auto *U = dyn_cast<UnaryOperator>(L->IgnoreParens());
  if (!U || U->getOpcode() != UO_Deref)
    return false;
  const auto *C = dyn_cast<CallExpr>(U->getSubExpr()->IgnoreParenCasts());
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  return FD && isLoggedStoreCall(FD->getName());
}

void StoreRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(binaryOperator(isAssignmentOperator(), outsideWrappers()).bind("store"), this);
  Finder.addMatcher(unaryOperator(hasAnyOperatorName("++", "--"), outsideWrappers()).bind("store"),
                    this);
}

/// The pointer whose target L lies in: `p` of `p[i]`, `*p`, `p->f`, also under members of
/// the element (`p[i].f.g`); null when L is a variable or a member of one.
static const Expr *pointerBase(const Expr *L) {
  L = L->IgnoreParens();
  while (const auto *M = dyn_cast<MemberExpr>(L)) {
    if (M->isArrow())
      return M->getBase();
    L = M->getBase()->IgnoreParens();
  }
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(L))
    return S->getBase();
  if (const auto *U = dyn_cast<UnaryOperator>(L); U && U->getOpcode() == UO_Deref)
    return U->getSubExpr();
  return nullptr;
}

/// The range of L in the definition of the macro whose body spells all of it, e.g.
/// `(entry)->v.val` in dictSetVal: logging it there logs it in every use of the macro.
static CharSourceRange macroBodyRange(const Expr *L, const SourceManager &SM,
                                      const LangOptions &LO) {
  SourceLocation B = L->getBeginLoc(), E = L->getEndLoc();
  if (!B.isMacroID() || !E.isMacroID() || !SM.isMacroBodyExpansion(B) ||
      !SM.isMacroBodyExpansion(E))
    return {};
  // The l-value itself (the member, the subscript, the dereference) must be the macro's: a
  // macro that assigns to whatever its argument is (`#define SET(lv, v) ((lv) = (v))`) serves
  // bit-fields and registers too, and its definition must stay as it is.
  if (!SM.isMacroBodyExpansion(L->IgnoreParens()->getExprLoc()))
    return {};
  SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
  if (!SB.isFileID() || SM.getFileID(SB) != SM.getFileID(SE) ||
      SM.getFileOffset(SE) < SM.getFileOffset(SB) ||
      SM.getFileOffset(SE) - SM.getFileOffset(SB) > 200)
    return {};
  CharSourceRange R =
      CharSourceRange::getCharRange(SB, Lexer::getLocForEndOfToken(SE, 0, SM, LO));
  // Both ends must lie in one macro definition: no line break without a continuation.
  llvm::StringRef Text = Lexer::getSourceText(R, SM, LO);
  for (size_t I = Text.find('\n'); I != llvm::StringRef::npos; I = Text.find('\n', I + 1))
    if (I == 0 || Text[I - 1] != '\\')
      return {};
  return R;
}

/// A store into a field the configuration declares harmless to lose (`unlogged-field`).
bool StoreRule::isUnloggedField(const Expr *L) const {
  const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens());
  const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  if (!F || Ctx.Config.UnloggedFields.empty())
    return false;
  const RecordDecl *RD = F->getParent();
  const std::string *Name = Ctx.Types.match(RD);
  return Ctx.Config.isUnloggedField(Name ? llvm::StringRef(*Name) : "", RD->getName(),
                                    F->getName());
}

/// E is made only of the named constants: a macro or an enumerator of Names, or `|` of such.
static bool onlyNamedBits(const Expr *E, const std::vector<std::string> &Names, ASTContext &AC) {
  E = E->IgnoreParenImpCasts();
  const SourceManager &SM = AC.getSourceManager();
  SourceLocation B = E->getBeginLoc();
  if (B.isMacroID() && E->isIntegerConstantExpr(AC)) {
    llvm::StringRef Macro = Lexer::getImmediateMacroName(B, SM, AC.getLangOpts());
    // The whole expression must be that one macro's expansion, not `A + 1`.
    if (llvm::is_contained(Names, Macro.str()) &&
        SM.getExpansionRange(B).getAsRange() == SM.getExpansionRange(E->getEndLoc()).getAsRange())
      return true;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *C = dyn_cast<EnumConstantDecl>(D->getDecl()))
      return llvm::is_contained(Names, C->getName().str());
  if (const auto *Or = dyn_cast<BinaryOperator>(E); Or && Or->getOpcode() == BO_Or)
    return onlyNamedBits(Or->getLHS(), Names, AC) && onlyNamedBits(Or->getRHS(), Names, AC);
  return false;
}

bool StoreRule::isUnloggedBitStore(const Expr *Store, const Expr *L, ASTContext &AC) const {
  const auto *C = dyn_cast<CompoundAssignOperator>(Store);
  const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens());
  const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  if (!C || !F || Ctx.Config.UnloggedBits.empty())
    return false;
  const RecordDecl *RD = F->getParent();
  const std::string *Name = Ctx.Types.match(RD);
  const std::vector<std::string> *Bits = Ctx.Config.unloggedBits(
      Name ? llvm::StringRef(*Name) : "", RD->getName(), F->getName());
  if (!Bits)
    return false;
  const Expr *RHS = C->getRHS()->IgnoreParenImpCasts();
  if (C->getOpcode() == BO_OrAssign)
    return onlyNamedBits(RHS, *Bits, AC);
  if (const auto *Not = dyn_cast<UnaryOperator>(RHS);
      C->getOpcode() == BO_AndAssign && Not && Not->getOpcode() == UO_Not)
    return onlyNamedBits(Not->getSubExpr(), *Bits, AC);
  return false;
}

void StoreRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const Expr *Store = R.Nodes.getNodeAs<Expr>("store");
  const Expr *L = isa<BinaryOperator>(Store) ? cast<BinaryOperator>(Store)->getLHS()
                                             : cast<UnaryOperator>(Store)->getSubExpr();
  const RecordDecl *RD = rewrite::persistentRecord(L, Ctx.Types);
  // Through a pointer (`s->slots[h] = b`, `*p = c`): persistent when the pointer was read out
  // of a persistent object, possibly persistent when it may hold a persistent allocation.
  std::vector<std::string> Values;
  if (!RD) {
    const Expr *Base = pointerBase(L);
    if (!Base || !Base->getType()->isPointerType())
      return;
    Values = valueNodes(Base, Ctx, *R.Context);
    if (Values.empty())
      return;
  }
  if (isUnloggedField(L) || isUnloggedBitStore(Store, L, *R.Context) ||
      !rewrite::unexecutedReason(Store, *R.Context).empty())
    return;
  if (RD) // logged or not: the notes on stores outside operations count both
    noteStore(R, Store, L, RD);
  if (isLoggedLValue(L))
    return;
  SourceLocation At = SM.getExpansionLoc(Store->getBeginLoc());
  if (SM.isInSystemHeader(At) || !editable(SM, At))
    return;
  if (const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens()))
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()); F && F->isBitField())
      return logBitField(R, Store, M);
  CharSourceRange Range = rewrite::spellingRange(L, SM, LO);
  bool InDefinition = Range.isInvalid();
  if (InDefinition)
    Range = macroBodyRange(L, SM, LO);
  if (Range.isInvalid() || !editable(SM, Range.getBegin())) {
    if (RD)
      skip(R, Store->getBeginLoc(), "store inside a macro");
    return;
  }
  // A store whose target the run before it logged needs no call of its own (port.h); a macro's
  // definition serves every use of the macro, run or not, and keeps the call.
  const char *Form = InDefinition ? "PMS_LOGGED(" : Ctx.runStoreForm(L);
  if (RD) {
    edit(SM, Range.getBegin(), 0, Form,
         SM.isMacroBodyExpansion(L->getBeginLoc()) && Range.getBegin() ==
                 SM.getSpellingLoc(L->getBeginLoc()) ? "store-in-macro-definition" : "store");
    edit(SM, Range.getEnd(), 0, ")", "");
    return;
  }
  ConditionalEdit E;
  E.Kind = "store-through-pointer";
  E.Where = where(SM, Range.getBegin());
  E.Edits = {replacement(SM, Range.getBegin(), 0, Form),
             replacement(SM, Range.getEnd(), 0, ")")};
  E.Values = std::move(Values);
  Ctx.Flow.add(std::move(E));
}

const Expr *StoreRule::plainLoggedLValue(const Expr *Store, ASTContext &AC,
                                         bool ThroughPointers) const {
  const SourceManager &SM = AC.getSourceManager();
  const Expr *L = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(Store); B && B->isAssignmentOp())
    L = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(Store); U && U->isIncrementDecrementOp())
    L = U->getSubExpr();
  if (L && !rewrite::persistentRecord(L, Ctx.Types)) {
    const Expr *Base = ThroughPointers ? pointerBase(L) : nullptr;
    if (!Base || !Base->getType()->isPointerType() || valueNodes(Base, Ctx, AC).empty())
      return nullptr;
  }
  if (!L || isLoggedLValue(L) ||
      isUnloggedField(L) || isUnloggedBitStore(Store, L, AC) ||
      !rewrite::unexecutedReason(Store, AC).empty())
    return nullptr;
  if (const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens()))
    if (const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl()); F && F->isBitField())
      return nullptr;
  SourceLocation At = SM.getExpansionLoc(Store->getBeginLoc());
  CharSourceRange Range = rewrite::spellingRange(L, SM, AC.getLangOpts());
  if (SM.isInSystemHeader(At) || !editable(SM, At) || Range.isInvalid() ||
      !editable(SM, Range.getBegin()))
    return nullptr;
  return L;
}

void StoreRule::noteStore(const Result &R, const Expr *Store, const Expr *L, const RecordDecl *RD) {
  const SourceManager &SM = *R.SourceManager;
  SourceLocation At = SM.getExpansionLoc(Store->getBeginLoc());
  const FunctionDecl *In = enclosingFunction(Store, *R.Context);
  if (!In || !editable(SM, At))
    return;
  Ctx.Reach.Stores[functionId(In, SM)].push_back(where(SM, At) + ": store into " +
                                                  storedField(RD, L));
}

/// The statement-level position of Store: the expression statement directly in a block.
static const Stmt *blockStatement(const Expr *Store, ASTContext &AC) {
  DynTypedNodeList Parents = AC.getParents(*Store);
  if (Parents.empty() || !Parents[0].get<CompoundStmt>())
    return nullptr;
  return Store;
}

void StoreRule::logBitField(const Result &R, const Expr *Store, const MemberExpr *M) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const Expr *Base = M->getBase();
  if (Base->HasSideEffects(*R.Context, /*IncludePossibleEffects=*/true))
    return skip(R, Store->getBeginLoc(), "bit-field store with side effects in its object");
  const Stmt *S = blockStatement(Store, *R.Context);
  CharSourceRange BaseRange = rewrite::spellingRange(Base, SM, LO);
  if (!S || BaseRange.isInvalid() || S->getBeginLoc().isMacroID())
    return skip(R, Store->getBeginLoc(), "bit-field store inside an expression or macro");
  // Already logged by an earlier run: the statement before is the log of the same object.
  std::string B = textOf(BaseRange, SM, LO);
  std::string Log = M->isArrow() ? "pms_logged_((void *)(" + B + "), sizeof(*(" + B + ")));"
                                 : "pms_logged_((void *)&(" + B + "), sizeof(" + B + "));";
  SourceLocation Begin = S->getBeginLoc();
  unsigned Off = SM.getFileOffset(Begin);
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(Begin));
  llvm::StringRef Before = Buf.substr(0, Off).rtrim();
  if (Before.endswith(Log))
    return;
  edit(SM, Begin, 0, Log + " ", "bit-field-store");
}

} // namespace nvm::port
