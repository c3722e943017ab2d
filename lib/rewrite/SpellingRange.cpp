// Spelling ranges of expressions.
#include "SpellingRange.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nvm::rewrite {

CharSourceRange spellingRange(const Expr *E, const SourceManager &SM, const LangOptions &LO) {
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (B.isMacroID() && (SM.isMacroArgExpansion(B) || !Lexer::isAtStartOfMacroExpansion(B, SM, LO)))
    return {};
  if (End.isMacroID() &&
      (SM.isMacroArgExpansion(End) || !Lexer::isAtEndOfMacroExpansion(End, SM, LO)))
    return {};
  return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(B, End), SM, LO);
}

} // namespace nvm::rewrite
