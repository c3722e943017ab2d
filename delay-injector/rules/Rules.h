// The table of every instrumentation rule.
#ifndef DELAY_RULES_RULES_H
#define DELAY_RULES_RULES_H
#include "rules/Rule.h"
#include <memory>
#include <vector>
namespace nvm::delay {
/// One instance of every rule, bound to Ctx.
std::vector<std::unique_ptr<Rule>> makeRules(InjectContext &Ctx);
} // namespace nvm::delay
#endif
