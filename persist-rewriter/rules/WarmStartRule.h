// Warm start: the load call restores the roots from the pool when the pool already holds the
// loaded state, and loads as before (then records the roots) when it does not. The pool is
// opened first thing in main. A root the load call's file cannot name (declared in another
// file, or later) is bound by a constructor next to its definition instead, and the wrapper
// binds every root registered that way.
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
  /// The roots that can be restored at Loc; the others are noted as unseen there (AnyUnseen).
  std::vector<std::string> rootExprs(const Result &R, clang::SourceLocation Loc, bool &AnyUnseen);
  /// A root's definition: registers the root there unless a load call follows in this file.
  void registerAtDefinition(const Result &R, const clang::VarDecl *V);
  /// The warm-run calls of the wrapper's warm branch (declared before Before).
  std::string warmRuns(const Result &R, const clang::FunctionDecl *Load,
                       clang::SourceLocation Before);
  /// An existing wrapper (a second run): counts its load call and the roots it binds.
  void noteWrapper(const Result &R, const clang::FunctionDecl *Wrapper);
  std::set<std::string> Wrapped;    // file + load function with a wrapper already
  std::set<std::string> Registered; // file + registration constructor edited
  std::vector<std::string> RootBases; // the globals the roots start from
};

/// Prefix of the generated warm-start wrapper of a load function.
inline constexpr const char WarmPrefix[] = "pms_warm_";
/// Prefix of the generated constructor that registers a root at its definition.
inline constexpr const char RootRegistrar[] = "pms_root_register_";

} // namespace nvm::port

#endif
