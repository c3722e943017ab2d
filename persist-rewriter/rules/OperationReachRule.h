// Which functions run inside an operation, and which only inside the load: the call graph of
// the rewritten files, so that a store into persistent data that no operation (and not the
// load) reaches, and a global only the load sets, are reported at rewrite time instead of
// found at run time.
#ifndef PORT_RULES_OPERATIONREACHRULE_H
#define PORT_RULES_OPERATIONREACHRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// Collects, per function definition, its direct callees, whether it makes indirect calls, and
/// the functions whose address it takes (into PortContext::Reach).
class OperationReachRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

/// Notes for the stores that run in no operation: "where: what, in fn(), which ...".
std::vector<std::string> storesOutsideOperations(const PortContext &Ctx);

/// Notes for the globals the load sets (and no root or value root keeps) that code outside the
/// load uses: a warm start, which skips the load, leaves them unset.
std::vector<std::string> globalsOnlyTheLoadSets(const PortContext &Ctx);

} // namespace nvm::port

#endif
