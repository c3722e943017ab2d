// A call is an allocator call when its callee, or the function-like macro it is spelled with,
// is named in the configuration.
#include "rules/Allocators.h"
#include "rules/PortRule.h"

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
    // Named only inside some other macro: a site, but one that cannot be renamed.
  }
  A.Kind = It->second;
  A.Name = It->first;
  SourceLocation Id = A.Token.isValid() ? A.Token : SM.getExpansionLoc(C->getBeginLoc());
  A.Site = "alloc:" + PortRule::fileOf(SM, Id) + ":" + std::to_string(SM.getFileOffset(Id));
  return A;
}

} // namespace nvm::port
