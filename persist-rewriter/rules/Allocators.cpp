// A call is an allocator call when its callee, or the function-like macro it is spelled with,
// is named in the configuration.
#include "rules/Allocators.h"
#include "rules/PortRule.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nvm::port {

std::optional<AllocatorCall> allocatorCall(const CallExpr *C, const PortConfig &Config,
                                           const SourceManager &SM, const LangOptions &LO) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD)
    return std::nullopt;
  AllocatorCall A;
  // The spelled name wins: "s_malloc(n)" is the allocator s_malloc, even though it is zmalloc.
  std::string Spelled;
  SourceLocation Tok = PortRule::calleeToken(C, SM, LO, Spelled);
  auto It = Config.Allocators.find(Spelled);
  if (Tok.isValid() && It != Config.Allocators.end()) {
    A.Token = Tok;
  } else {
    It = Config.Allocators.find(FD->getName().str());
    if (It == Config.Allocators.end())
      return std::nullopt;
    // Spelled by the body of a macro definition (uthash's `#define uthash_malloc(sz)
    // malloc(sz)`, expanded inside HASH_ADD): renaming it there renames it for every expansion
    // alike, so the site is the definition's token, shared by all of them. Otherwise: named
    // only inside some other macro, a site that cannot be renamed.
    SourceLocation Loc = C->getCallee()->IgnoreParenImpCasts()->getExprLoc();
    if (Loc.isMacroID() && !SM.isMacroArgExpansion(Loc)) {
      SourceLocation Spell = SM.getSpellingLoc(Loc);
      std::string Text =
          Lexer::getSourceText(CharSourceRange::getTokenRange(Spell), SM, LO).str();
      auto Def = Config.Allocators.find(Text);
      if (Spell.isFileID() && Def != Config.Allocators.end()) {
        It = Def;
        A.Token = Spell;
        A.InDefinition = true;
      }
    }
  }
  A.Kind = It->second;
  A.Name = It->first;
  SourceLocation Id = A.Token.isValid() ? A.Token : SM.getExpansionLoc(C->getBeginLoc());
  A.Site = "alloc:" + PortRule::fileOf(SM, Id) + ":" + std::to_string(SM.getFileOffset(Id));
  return A;
}

} // namespace nvm::port
