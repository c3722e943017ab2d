// The checks every site passes before it is wrapped: executed, editable, free of side effects.
#include "rules/Rule.h"
#include "rewrite/PersistentAccess.h"
#include "rewrite/SpellingRange.h"
#include "nvm/SourceLocations.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;
using llvm::StringRef;

namespace nvm::delay {

using rewrite::spellingRange;

std::string Rule::textOf(const Expr *E, const SourceManager &SM, const LangOptions &LO) {
  CharSourceRange CR = spellingRange(E, SM, LO);
  if (CR.isInvalid())
    return {};
  return Lexer::getSourceText(CR, SM, LO).str();
}

bool Rule::addWrapped(const MatchFinder::MatchResult &R, const Expr *Whole,
                      llvm::ArrayRef<const Expr *> Dups, const std::string &Charges,
                      llvm::StringRef TypeName, bool Reads, bool Writes) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  SourceLocation Loc = Whole->getExprLoc();
  if (SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
    return false;
  if (llvm::StringRef Why = unexecutedReason(Whole, *R.Context); !Why.empty()) {
    Ctx.Sink.skip(Why);
    return false;
  }
  for (const Expr *D : Dups)
    if (D->HasSideEffects(*R.Context, /*IncludePossibleEffects=*/true)) {
      Ctx.Sink.skip("side-effects");
      return false;
    }
  CharSourceRange CR = spellingRange(Whole, SM, LO);
  if (CR.isInvalid()) {
    Ctx.Sink.skip("macro-expansion");
    return false;
  }
  std::pair<FileID, unsigned> B = SM.getDecomposedLoc(CR.getBegin());
  std::pair<FileID, unsigned> E = SM.getDecomposedLoc(CR.getEnd());
  std::string File = absolutePath(SM, B.first);
  if (B.first != E.first || File.empty() ||
      !llvm::StringRef(File).startswith(Ctx.Root + llvm::sys::path::get_separator().str())) {
    Ctx.Sink.skip("outside-source-root");
    return false;
  }
  StringRef Code = SM.getBufferData(B.first);
  if (Code.ltrim("\xEF\xBB\xBF").startswith(RuntimePrototypes)) {
    // Instrumenting twice (a second --in-place run) would charge every access twice.
    Ctx.Sink.skip("already-instrumented");
    return false;
  }
  Site S;
  S.File = File;
  S.Begin = B.second;
  S.End = E.second;
  S.Prefix = "(" + Charges + ", ";
  S.TypeName = TypeName.str();
  S.Reads = Reads;
  S.Writes = Writes;
  PresumedLoc P = SM.getPresumedLoc(CR.getBegin());
  S.Where = relativePath(File, Ctx.Root) + ":" + std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
  Ctx.Sink.addSite(std::move(S), Code);
  return true;
}

/// True when L lies in a 'register' variable, whose address may not be taken.
static bool inRegisterVariable(const Expr *L) {
  for (const Expr *E = L->IgnoreParens();; ) {
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
      E = M->getBase()->IgnoreParens();
    else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase()->IgnoreParenImpCasts();
    else if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(D->getDecl()) &&
             cast<VarDecl>(D->getDecl())->getStorageClass() == SC_Register;
    else
      return false;
  }
}

void Rule::addBitField(const MatchFinder::MatchResult &R, const Expr *Whole, const Expr *L,
                       llvm::StringRef TypeName, bool Reads, bool Writes) {
  // A bit-field has no address: charge the bytes that hold it, from the record layout.
  const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens());
  const auto *FD = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
  std::string Base = M ? textOf(M->getBase(), *R.SourceManager, R.Context->getLangOpts()) : "";
  if (!FD || Base.empty()) {
    Ctx.Sink.skip("bit-field");
    return;
  }
  uint64_t Bit = R.Context->getFieldOffset(FD);
  unsigned Width = FD->getBitWidthValue(*R.Context);
  std::string Addr = (M->isArrow() ? "(const char *)(" : "(const char *)&(") + Base + ") + " +
                     std::to_string(Bit / 8);
  std::string Args = Addr + ", " + std::to_string((Bit % 8 + Width + 7) / 8);
  std::string Charges;
  if (Reads)
    Charges = "pms_lat_read(" + Args + ")";
  if (Writes)
    Charges += (Charges.empty() ? "" : ", ") + std::string("pms_lat_write(") + Args + ")";
  addWrapped(R, Whole, {M->getBase()}, Charges, TypeName, Reads, Writes);
}

void Rule::addAccess(const MatchFinder::MatchResult &R, const Expr *Whole, const Expr *L,
                     const RecordDecl *RD, bool Reads, bool Writes) {
  const std::string *TypeName = Ctx.Types.match(RD);
  if (!TypeName)
    return;
  if (inRegisterVariable(L)) {
    Ctx.Sink.skip("register-variable");
    return;
  }
  if (L->refersToBitField()) {
    addBitField(R, Whole, L, *TypeName, Reads, Writes);
    return;
  }
  std::string Text = textOf(L, *R.SourceManager, R.Context->getLangOpts());
  if (Text.empty()) {
    if (!R.SourceManager->isInSystemHeader(R.SourceManager->getExpansionLoc(L->getExprLoc())))
      Ctx.Sink.skip(unexecutedReason(Whole, *R.Context).empty() ? "macro-expansion"
                                                                 : unexecutedReason(Whole, *R.Context));
    return;
  }
  // The runtime takes 'const void *': a volatile object's address needs the qualifier cast away.
  std::string Cast = L->getType().isVolatileQualified() ? "(const void *)" : "";
  std::string Args = Cast + "&(" + Text + "), sizeof(" + Text + ")";
  std::string Charges;
  if (Reads)
    Charges = "pms_lat_read(" + Args + ")";
  if (Writes)
    Charges += (Charges.empty() ? "" : ", ") + std::string("pms_lat_write(") + Args + ")";
  addWrapped(R, Whole, {L}, Charges, *TypeName, Reads, Writes);
}

} // namespace nvm::delay
