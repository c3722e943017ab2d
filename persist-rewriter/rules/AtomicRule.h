// Atomic read-modify-write on persistent fields (lesson 9 of Persistent Memcached).
#ifndef PORT_RULES_ATOMICRULE_H
#define PORT_RULES_ATOMICRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `__atomic_fetch_add(&p->n, d, order)`, `__sync_add_and_fetch(&p->n, d)` and their subtracting
/// forms on a 4- or 8-byte integer of a persistent object become pms_tx_fetch_add_u32/u64: the
/// old value is logged and the update is atomic with respect to other threads' transactions.
class AtomicRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
