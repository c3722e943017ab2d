// Marks each persistent type's definition with PMS_PERSISTENT.
#ifndef PORT_RULES_TYPEMARKRULE_H
#define PORT_RULES_TYPEMARKRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `struct node {` becomes `struct PMS_PERSISTENT node {`: under clang an annotate attribute
/// ("pms_persistent") that the other tools read from the AST, under gcc nothing.
class TypeMarkRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

/// True when RD carries the mark.
bool isMarkedPersistent(const clang::RecordDecl *RD);

} // namespace nvm::port

#endif
