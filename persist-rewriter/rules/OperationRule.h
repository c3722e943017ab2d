// Failure-atomic operations: one transaction around every call of a named function.
#ifndef PORT_RULES_OPERATIONRULE_H
#define PORT_RULES_OPERATIONRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// The definition of operation F is renamed F__pms_op and a wrapper F is added after it that
/// begins a transaction, calls the body and commits: every return path commits, because the
/// body's returns return to the wrapper. Inside an operation, pthread unlocks become the
/// runtime's deferred unlocks (released at commit, lesson 10) unless defer-unlocks = no.
/// Suffix of an operation's renamed body.
inline constexpr const char OperationBodySuffix[] = "__pms_op";

class OperationRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
