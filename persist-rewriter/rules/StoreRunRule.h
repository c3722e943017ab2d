// Straight-line runs of logged stores: their targets logged together, one persist barrier for the
// run instead of one per store.
#ifndef PORT_RULES_STORERUNRULE_H
#define PORT_RULES_STORERUNRULE_H

#include "rules/StoreRule.h"
#include <map>
#include <set>

namespace nvm::port {

/// Before the first of two or more stores that StoreRule logs (`it->next = it->prev = 0;
/// it->nkey = n;`) it puts `PMS_LOGGED_RUN({(void *)&(it->next), sizeof(it->next)}, ...);`,
/// and each store keeps its PMS_LOGGED, which then finds its bytes logged. Only what the run
/// will store is logged there, at the address the store will use:
/// - the statements from the first store to the last are straight-line code: no jump, loop,
///   switch or label, and no call but memory and string functions of libc and the runtime's
///   logged forms (a call could unlock, exit or longjmp; a skipped store's bytes would be undone
///   over another thread's change), though `if` statements whose branches obey the same may sit
///   between (their own stores are not hoisted);
/// - every hoisted store is in a statement of the block itself, executed whenever the run is
///   (an assignment, a chain of them, `++`/`--`, or a comma list of those);
/// - its l-value is a field (or constant-index element) reached through a local pointer
///   variable whose address is never taken and that no statement of the run assigns before it.
class StoreRunRule : public PortRule {
public:
  explicit StoreRunRule(PortContext &Ctx) : PortRule(Ctx), Stores(Ctx) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

private:
  struct Run {
    const clang::Stmt *First = nullptr;
    std::vector<std::string> Targets; // l-value texts, distinct, in order
    std::set<const clang::VarDecl *> Assigned; // by statements since First
  };
  void flush(Run &Open, const Result &R);
  /// Local pointer variables of FD whose address is taken somewhere in it.
  const std::set<const clang::VarDecl *> &addressTaken(const clang::FunctionDecl *FD);

  StoreRule Stores; // which stores are logged, and how
  std::map<const clang::FunctionDecl *, std::set<const clang::VarDecl *>> Taken;
};

} // namespace nvm::port

#endif
