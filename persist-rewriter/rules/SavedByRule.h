// Calls of the program's own save of its whole state, which make the next start load it cold.
#ifndef PORT_RULES_SAVEDBYRULE_H
#define PORT_RULES_SAVEDBYRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `saved-by = f`: each call of f outside f becomes `pms_port_saved_rc(f(...), F)` (f returns
/// a status, 0 for a completed save) or `(f(...), pms_port_saved(F))` (f returns nothing), F
/// being 1 in main (the final save of a stopping program, whose tear-down follows) and 0
/// elsewhere. The runtime then discards the pool at the next start unless an operation ran
/// after an ordinary save: the save holds what the pool holds and what the port keeps volatile
/// besides (a broker's sessions). A call inside a macro is counted as skipped.
class SavedByRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
