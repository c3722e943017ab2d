// Read-modify-write of persistent l-values.
#include "rules/UpdateRule.h"
#include "rewrite/PersistentAccess.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::delay {

void UpdateRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      binaryOperator(isAssignmentOperator(), unless(hasOperatorName("="))).bind(Compound), this);
  Finder.addMatcher(unaryOperator(hasAnyOperatorName("++", "--")).bind(Step), this);
}

void UpdateRule::run(const MatchFinder::MatchResult &R) {
  const Expr *Whole = nullptr, *L = nullptr;
  if (const auto *C = R.Nodes.getNodeAs<BinaryOperator>(Compound))
    Whole = C, L = C->getLHS();
  else if (const auto *U = R.Nodes.getNodeAs<UnaryOperator>(Step))
    Whole = U, L = U->getSubExpr();
  if (const RecordDecl *RD = L ? persistentRecord(L, Ctx.Types) : nullptr)
    addAccess(R, Whole, L, RD, /*Reads=*/true, /*Writes=*/true);
}

} // namespace nvm::delay
