// Charges a write for a plain assignment to a persistent l-value.
#ifndef DELAY_RULES_WRITERULE_H
#define DELAY_RULES_WRITERULE_H
#include "rules/Rule.h"
namespace nvm::delay {
/// `p->f = v` becomes `(pms_lat_write(&(p->f), sizeof(p->f)), p->f = v)`; skipped when the
/// l-value has side effects (`f()->y = g()`), since its address would be computed twice.
class WriteRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
private:
  static constexpr llvm::StringLiteral Store = "store";
};
} // namespace nvm::delay
#endif
