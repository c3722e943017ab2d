// Allocation, reallocation and free sites, recorded as conditional edits: the flow analysis
// decides after all units which ones move to the persistent heap.
#ifndef PORT_RULES_ALLOCATIONRULE_H
#define PORT_RULES_ALLOCATIONRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// A site is persistent when its type says so (its result is cast to, assigned to or returned
/// as a pointer to a persistent type, or its size is a sizeof of one) or when its result flows
/// into persistent storage. Frees (and reallocations that stay volatile) of values that may
/// hold a persistent allocation become the runtime's dispatching forms.
class AllocationRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
