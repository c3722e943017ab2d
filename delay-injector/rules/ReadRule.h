// Charges a read wherever a persistent l-value is loaded (lvalue-to-rvalue conversion).
#ifndef DELAY_RULES_READRULE_H
#define DELAY_RULES_READRULE_H
#include "rules/Rule.h"
namespace nvm::delay {
/// `x = p->f` becomes `x = (pms_lat_read(&(p->f), sizeof(p->f)), p->f)`; address-only uses
/// (`&p->f`, an array member decaying to a pointer) are no loads and stay as they are.
class ReadRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
private:
  static constexpr llvm::StringLiteral Load = "load";
};
} // namespace nvm::delay
#endif
