// The persistent-type mark.
#include "rules/TypeMarkRule.h"
#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

bool isMarkedPersistent(const RecordDecl *RD) {
  for (const auto *A : RD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "pms_persistent")
      return true;
  return false;
}

void TypeMarkRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(recordDecl(isDefinition()).bind("record"), this);
}

void TypeMarkRule::run(const Result &R) {
  const auto *RD = R.Nodes.getNodeAs<RecordDecl>("record");
  const SourceManager &SM = *R.SourceManager;
  if (!Ctx.Types.match(RD) || isMarkedPersistent(RD))
    return;
  SourceLocation Keyword = RD->getBeginLoc();
  if (Keyword.isMacroID())
    return skip(R, Keyword, "type defined inside a macro");
  if (!editable(SM, Keyword))
    return;
  SourceLocation After = Lexer::getLocForEndOfToken(Keyword, 0, SM, R.Context->getLangOpts());
  edit(SM, After, 0, " PMS_PERSISTENT", "type-mark");
}

} // namespace nvm::port
