// Transactional fetch-and-add in place of the compiler's atomic builtins.
#include "rewrite/SpellingRange.h"
#include "rules/AtomicRule.h"
#include "rewrite/PersistentAccess.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {
struct Builtin {
  const char *Name;
  bool Subtracts, ReturnsNew;
};
const Builtin Builtins[] = {
    {"__atomic_fetch_add", false, false}, {"__atomic_fetch_sub", true, false},
    {"__atomic_add_fetch", false, true},  {"__atomic_sub_fetch", true, true},
    {"__sync_fetch_and_add", false, false}, {"__sync_fetch_and_sub", true, false},
    {"__sync_add_and_fetch", false, true},  {"__sync_sub_and_fetch", true, true},
};
} // namespace

void AtomicRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(atomicExpr(outsideWrappers()).bind("atomic"), this);
  // Sema resolves the overloaded __sync builtins to sized ones (__sync_fetch_and_add_8).
  Finder.addMatcher(
      callExpr(callee(functionDecl(matchesName("^::__sync_(fetch_and_(add|sub)|(add|sub)_and_fetch)"))),
               outsideWrappers())
          .bind("sync"),
      this);
}

void AtomicRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const Expr *Whole, *Ptr, *Delta;
  std::string Name;
  if (const auto *A = R.Nodes.getNodeAs<AtomicExpr>("atomic")) {
    switch (A->getOp()) {
    case AtomicExpr::AO__atomic_fetch_add: Name = "__atomic_fetch_add"; break;
    case AtomicExpr::AO__atomic_fetch_sub: Name = "__atomic_fetch_sub"; break;
    case AtomicExpr::AO__atomic_add_fetch: Name = "__atomic_add_fetch"; break;
    case AtomicExpr::AO__atomic_sub_fetch: Name = "__atomic_sub_fetch"; break;
    default: return;
    }
    Whole = A;
    Ptr = A->getPtr();
    Delta = A->getVal1();
  } else {
    const auto *C = R.Nodes.getNodeAs<CallExpr>("sync");
    if (C->getNumArgs() != 2)
      return;
    Name = C->getDirectCallee()->getName().str();
    if (size_t U = Name.find_last_of('_'); U != std::string::npos &&
                                           isdigit(static_cast<unsigned char>(Name[U + 1])))
      Name.resize(U);
    Whole = C;
    Ptr = C->getArg(0);
    Delta = C->getArg(1);
  }
  if (!rewrite::pointedRecord(Ptr, Ctx.Types))
    return;
  SourceLocation At = SM.getExpansionLoc(Whole->getBeginLoc());
  if (!editable(SM, At))
    return;
  QualType T = Ptr->IgnoreParenImpCasts()->getType()->getPointeeType();
  uint64_t Bits = T->isIntegerType() ? R.Context->getTypeSize(T) : 0;
  if (Bits != 32 && Bits != 64)
    return skip(R, At, "atomic update of a field that is not a 4- or 8-byte integer");
  CharSourceRange Range = rewrite::spellingRange(Whole, SM, LO);
  CharSourceRange PR = rewrite::spellingRange(Ptr->IgnoreImpCasts(), SM, LO);
  CharSourceRange DR = rewrite::spellingRange(Delta->IgnoreImpCasts(), SM, LO);
  if (Range.isInvalid() || PR.isInvalid() || DR.isInvalid())
    return skip(R, At, "atomic update inside a macro");
  const Builtin *B = nullptr;
  for (const Builtin &X : Builtins)
    if (Name == X.Name)
      B = &X;
  if (B->ReturnsNew && Delta->HasSideEffects(*R.Context))
    return skip(R, At, "atomic update whose delta has side effects");
  std::string N = std::to_string(Bits), U = "__UINT" + N + "_TYPE__";
  QualType Unsigned = Bits == 32 ? R.Context->UnsignedIntTy : R.Context->UnsignedLongTy;
  std::string P = textOf(PR, SM, LO), D = textOf(DR, SM, LO);
  if (!R.Context->hasSameUnqualifiedType(T, Unsigned))
    P = "(" + U + " *)(" + P + ")";
  if (B->Subtracts)
    D = "-(" + U + ")(" + D + ")";
  std::string Call = "pms_tx_fetch_add_u" + N + "(" + P + ", " + D + ")";
  if (B->ReturnsNew)
    Call = "(" + Call + " + " + (B->Subtracts ? D : "(" + textOf(DR, SM, LO) + ")") + ")";
  if (!R.Context->hasSameUnqualifiedType(T, Unsigned))
    Call = "(" + T.getUnqualifiedType().getAsString(PrintingPolicy(LO)) + ")" + Call;
  edit(SM, Range.getBegin(), SM.getFileOffset(Range.getEnd()) - SM.getFileOffset(Range.getBegin()),
       Call, "atomic");
}

} // namespace nvm::port
