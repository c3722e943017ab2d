// Loads of persistent l-values.
#include "rules/ReadRule.h"
#include "rewrite/PersistentAccess.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::delay {

void ReadRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(implicitCastExpr(hasCastKind(CK_LValueToRValue)).bind(Load), this);
}

void ReadRule::run(const MatchFinder::MatchResult &R) {
  const auto *Cast = R.Nodes.getNodeAs<ImplicitCastExpr>(Load);
  // Parentheses stay part of the site: a macro like '((n)->key)' is then one whole macro use.
  const Expr *L = Cast->getSubExpr();
  if (const RecordDecl *RD = persistentRecord(L, Ctx.Types))
    addAccess(R, L, L, RD, /*Reads=*/true, /*Writes=*/false);
}

} // namespace nvm::delay
