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
  // The spelled macro name wins: "s_malloc(n)" is renamed, not the zmalloc it expands to.
  SourceLocation Loc = C->getCallee()->IgnoreParenImpCasts()->getExprLoc();
  if (Loc.isMacroID()) {
    std::string Macro;
    SourceLocation Tok = [&] {
      SourceLocation B = C->getBeginLoc();
      if (!Lexer::isAtStartOfMacroExpansion(B, SM, LO) ||
          !Lexer::isAtEndOfMacroExpansion(C->getEndLoc(), SM, LO) || SM.isMacroArgExpansion(B))
        return SourceLocation();
      Macro = Lexer::getImmediateMacroName(B, SM, LO).str();
      return SM.getExpansionLoc(B);
    }();
    if (auto It = Config.Allocators.find(Macro); Tok.isValid() && It != Config.Allocators.end()) {
      A.Kind = It->second;
      A.Name = Macro;
      A.Token = Tok;
    }
  }
  if (A.Token.isInvalid()) {
    auto It = Config.Allocators.find(FD->getName().str());
    if (It == Config.Allocators.end())
      return std::nullopt;
    A.Kind = It->second;
    A.Name = It->first;
    A.Token = Loc.isFileID() ? Loc : SourceLocation();
  }
  SourceLocation Id = A.Token.isValid() ? A.Token : SM.getExpansionLoc(C->getBeginLoc());
  A.Site = "alloc:" + PortRule::fileOf(SM, Id) + ":" + std::to_string(SM.getFileOffset(Id));
  return A;
}

} // namespace nvm::port
