// The program's own free, realloc and usable-size wrappers hand pool pointers to the runtime.
#ifndef PORT_RULES_DISPATCHRULE_H
#define PORT_RULES_DISPATCHRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// A wrapper named with `dispatch = zfree:free` gets, on the line of its opening brace,
/// `if (pms_port_in_pool(ptr)) { pms_free(ptr); return; }` (realloc and usable_size alike):
/// whatever its callers pass, a pool pointer never reaches libc.
class DispatchRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
