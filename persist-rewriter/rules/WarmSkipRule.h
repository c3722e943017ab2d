// Start-up calls that would overwrite restored state, skipped on a warm start.
#ifndef PORT_RULES_WARMSKIPRULE_H
#define PORT_RULES_WARMSKIPRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `warm-skip = f` turns a statement `f(...);` in main, before main's load call, into
/// `if (!pms_port_warm()) f(...);`; `warm-skip = g:f` does so for the calls of f in g (any
/// position). Other calls of f run as before: they are not start-up. Each guarded call is
/// listed in the summary, each call left alone counted as skipped with its reason.
class WarmSkipRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

private:
  /// True when the call of Fn in Caller is one the config asks to skip.
  bool inScope(const Result &R, const clang::CallExpr *C, const clang::FunctionDecl *Caller,
               llvm::StringRef Fn) const;
};

} // namespace nvm::port

#endif
