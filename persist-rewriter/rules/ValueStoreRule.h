// Stores into value roots, marked so that an operation's end copies only what changed.
#ifndef PORT_RULES_VALUESTORERULE_H
#define PORT_RULES_VALUESTORERULE_H

#include "rules/PortRule.h"
#include <map>

namespace nvm::port {

/// A value root (`value-root = g`) is copied into the pool at the end of every operation that
/// changed it; by default the runtime finds the change by comparing all of g's bytes at every
/// operation's end (memcached's 43 KB of item statistics per command). This rule wraps each
/// store (`g[i].f += n`, `g.x = v`, `++g[i]`, `memset(&g[i], ...)`) in PMS_VALUE_STORE /
/// pms_value_memset and friends, which tell the runtime which lines changed, and, when no use
/// lets g's address escape (`p = &g[i]`, `f(g)`), adds pms_port_value_tracked("g") next to its
/// definition so that only those lines are compared. A root with an escaping use keeps the full
/// comparison. A global of external linkage is used by other files too, which this file's run
/// does not see: each file where it escapes says so to the runtime instead
/// (pms_port_value_untracked("g") at the file's end), and the runtime tracks a root only when
/// no file did. (A file outside the compilation database that stores into it goes unseen, as
/// its stores into persistent objects do.)
class ValueStoreRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
  void onEndOfTranslationUnit() override;

private:
  struct Root {
    const clang::SourceManager *SM = nullptr;
    clang::SourceLocation After; // after the definition's `;`: where the mark goes
    bool External = false;       // other files may use it
    bool Escapes = false;
    std::string Why;             // the first escaping use, for the summary
  };
  std::map<std::string, Root> Roots; // per translation unit
  /// Renames the destination-first libc writer C (memset, memcpy, memmove) to its marking
  /// form; false when C is another call or its name cannot be edited.
  bool markLibcWriter(const clang::CallExpr *C, const clang::SourceManager &SM,
                      const clang::LangOptions &LO);
  void escape(Root &Rt, const clang::SourceManager &SM, clang::SourceLocation Loc,
              const std::string &Why);
  void appendOnce(const clang::SourceManager &SM, const std::string &Key, const std::string &Text);
};

} // namespace nvm::port

#endif
