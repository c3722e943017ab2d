// Warm start: the load call restores the roots from the pool when the pool already holds the
// loaded state, and loads as before (then records the roots) when it does not. The pool is
// opened first thing in main.
#ifndef PORT_RULES_WARMSTARTRULE_H
#define PORT_RULES_WARMSTARTRULE_H

#include "rules/PortRule.h"
#include <set>

namespace nvm::port {

class WarmStartRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

private:
  void openPool(const Result &R, const clang::FunctionDecl *Main);
  /// The roots that can be restored at Loc; the others become findings.
  std::vector<std::string> rootExprs(const Result &R, clang::SourceLocation Loc);
  std::set<std::string> Wrapped; // file + load function with a wrapper already
};

/// Prefix of the generated warm-start wrapper of a load function.
inline constexpr const char WarmPrefix[] = "pms_warm_";

} // namespace nvm::port

#endif
