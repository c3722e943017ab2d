// Pointers into the executable stored into persistent objects: function pointers, addresses of
// static objects and of string literals. They are valid only in the build and at the load
// address that stored them, so the port binds its pool to both (pms_port_bind_executable).
#ifndef PORT_RULES_POSITIONDEPENDENTRULE_H
#define PORT_RULES_POSITIONDEPENDENTRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

class PositionDependentRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

/// What a stored value points into when that is the executable ("a function pointer", "the
/// address of static object 'g'", "a string literal"); empty otherwise.
std::string executableAddress(const clang::Expr *Value);

} // namespace nvm::port

#endif
