// Plain assignments to persistent l-values.
#include "rules/WriteRule.h"
#include "rewrite/PersistentAccess.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::delay {

void WriteRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(binaryOperator(hasOperatorName("=")).bind(Store), this);
}

void WriteRule::run(const MatchFinder::MatchResult &R) {
  const auto *A = R.Nodes.getNodeAs<BinaryOperator>(Store);
  const Expr *L = A->getLHS();
  if (const RecordDecl *RD = persistentRecord(L, Ctx.Types))
    addAccess(R, A, L, RD, /*Reads=*/false, /*Writes=*/true);
}

} // namespace nvm::delay
