// Straight-line runs of logged stores: their targets logged together, one persist barrier for the
// run instead of one per store.
#ifndef PORT_RULES_STORERUNRULE_H
#define PORT_RULES_STORERUNRULE_H

#include "rules/RunAddress.h"
#include "rules/StoreRule.h"
#include <map>
#include <optional>
#include <set>

namespace nvm::port {

/// Before the first of two or more stores that StoreRule logs (`it->next = it->prev = 0;
/// it->nkey = n;`) it puts `PMS_LOGGED_RUN({(void *)&(it->next), sizeof(it->next)}, ...);`,
/// and each store it names gets PMS_LOGGED_IN_RUN instead of PMS_LOGGED (StoreRule, through
/// Ctx.RunStores): no call of its own once the run was logged. Only what the run will store is
/// logged there, at the address the store will use:
/// - the statements from the first store to the last are straight-line code: no jump, loop,
///   switch or label, and no call but memory and string functions of libc and the runtime's
///   logged forms (a call could unlock, exit or longjmp; a skipped store's bytes would be undone
///   over another thread's change), though `if` statements whose branches obey the same may sit
///   between (their own stores are not hoisted);
/// - every hoisted store is in a statement of the block itself, executed whenever the run is
///   (an assignment, a chain of them, `++`/`--`, or a comma list of those), or the one
///   statement of an `if` without else, logged only when the condition holds:
///   `{(it->next) ? (void *)&(it->next->prev) : (void *)0, ...}`;
/// - fields of one object a pointer points to, stored unconditionally within a few bytes of each
///   other (`it->next`, `it->nkey`), are logged as one range from the first to the last: the
///   bytes between are the same object's, as the runtime's whole lines of a slab slot are,
///   and one undo entry replaces several (fieldSpans in StoreRunRule.cpp);
/// - its address (and such a condition) has the same value before the run as at the store:
///   what it reads, the run does not write before (RunAddress.h: locals neither assigned nor
///   address-taken, memory no earlier write may alias by C's types); a load whose last such
///   write is a plain assignment of that l-value reads the assigned value instead
///   (`it->next = *head; if (it->next) it->next->prev = it;` logs `(*head)->prev`).
class StoreRunRule : public PortRule {
public:
  /// A target that is a field of the object a pointer points to (`it->prev`): fields of one
  /// object close together are logged as one range (fieldSpans).
  struct FieldTarget {
    std::string Base;  // the pointer's value before the run
    const clang::RecordDecl *Record = nullptr;
    std::string Field; // its name
    uint64_t Begin = 0, End = 0; // bytes of the object
  };
  explicit StoreRunRule(PortContext &Ctx) : PortRule(Ctx), Stores(Ctx) {}
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

private:
  struct Run {
    const clang::Stmt *First = nullptr;
    std::vector<std::string> Targets; // the ranges PMS_LOGGED_RUN logs, distinct, in order
    std::vector<std::optional<FieldTarget>> Fields; // per target
    RunWrites Writes;                 // of the statements since First
    bool Plain = false;               // a store into a persistent record is among them
    std::vector<const clang::Expr *> Covered; // l-values of the stores Targets names
  };
  /// The runs of one block of FD (its direct statements).
  void runBlock(const clang::CompoundStmt *Block, const clang::FunctionDecl *FD, const Result &R);
  void flush(Run &Open, const Result &R);
  /// Local pointer variables of FD whose address is taken somewhere in it.
  const std::set<const clang::VarDecl *> &addressTaken(const clang::FunctionDecl *FD);

  StoreRule Stores; // which stores are logged, and how
  std::map<const clang::FunctionDecl *, std::set<const clang::VarDecl *>> Taken;
};

} // namespace nvm::port

#endif
