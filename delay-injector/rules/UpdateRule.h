// Charges a read and a write for compound assignments and increments of persistent l-values.
#ifndef DELAY_RULES_UPDATERULE_H
#define DELAY_RULES_UPDATERULE_H
#include "rules/Rule.h"
namespace nvm::delay {
/// `p->n++` becomes `(pms_lat_read(&(p->n), sizeof(p->n)), pms_lat_write(&(p->n),
/// sizeof(p->n)), p->n++)`: the value of the whole expression is unchanged.
class UpdateRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
private:
  static constexpr llvm::StringLiteral Compound = "compound";
  static constexpr llvm::StringLiteral Step = "step";
};
} // namespace nvm::delay
#endif
