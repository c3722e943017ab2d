// Logged libc writes.
#include "rules/LibcStoreRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/FlowCollector.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

static const char *const Logged[][2] = {
    {"memcpy", "pms_port_memcpy"},   {"memmove", "pms_tx_memmove"}, {"memset", "pms_tx_memset"},
    {"strcpy", "pms_tx_strcpy"},   {"strncpy", "pms_tx_strncpy"}, {"strcat", "pms_tx_strcat"},
};

void LibcStoreRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      callExpr(callee(functionDecl(hasAnyName("memcpy", "memmove", "memset", "strcpy", "strncpy",
                                              "strcat"))),
               outsideWrappers())
          .bind("call"),
      this);
}

void LibcStoreRule::run(const Result &R) {
  const auto *C = R.Nodes.getNodeAs<CallExpr>("call");
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  SourceLocation At = SM.getExpansionLoc(C->getBeginLoc());
  if (C->getNumArgs() < 2 || !editable(SM, At) || !rewrite::unexecutedReason(C, *R.Context).empty())
    return;
  std::string Name;
  SourceLocation Tok = calleeToken(C, SM, LO, Name);
  const char *To = nullptr;
  for (const auto &L : Logged)
    if (Name == L[0])
      To = L[1];
  const Expr *Dst = C->getArg(0);
  const RecordDecl *RD = rewrite::pointedRecord(Dst, Ctx.Types);
  std::vector<std::string> Values = valueNodes(Dst, Ctx, *R.Context);
  if (!To || Tok.isInvalid() || !editable(SM, Tok)) {
    if (RD)
      skip(R, C->getBeginLoc(), "libc store inside a macro");
    return;
  }
  ConditionalEdit E;
  E.Kind = "libc-store";
  E.Where = where(SM, Tok);
  E.Edits = {replacement(SM, Tok, tokenLength(Tok, SM, LO), To)};
  if (RD)
    E.TypedReason = "it writes into a " + RD->getName().str();
  E.Values = std::move(Values);
  Ctx.Flow.add(std::move(E));
}

} // namespace nvm::port
