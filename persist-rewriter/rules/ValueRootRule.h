// State kept in globals by value (not behind a pointer): registered with the runtime so that a
// warm start gets it back (the start-up calls that would overwrite it: WarmSkipRule).
#ifndef PORT_RULES_VALUEROOTRULE_H
#define PORT_RULES_VALUEROOTRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `value-root = seed` adds, on the line of seed's definition, a constructor that registers it
/// with pms_port_value (it works for static globals too: it sits in their file).
class ValueRootRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
