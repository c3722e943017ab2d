// Logged stores: every store into persistent data saves the old bytes in the undo log first.
#ifndef PORT_RULES_STORERULE_H
#define PORT_RULES_STORERULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// `L = v`, `L op= v`, `L++`, `--L` with L in a persistent object become `PMS_LOGGED(L) = v`
/// and so on: PMS_LOGGED evaluates L once, logs its bytes when they are in the pool, and is the
/// l-value itself. A bit-field has no address: a statement storing to one is preceded by a log
/// of its whole object when that object's expression has no side effects.
class StoreRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

  /// The l-value run() wraps in PMS_LOGGED unconditionally (a store into a persistent record,
  /// spelled in an editable file outside macro bodies), or null: bit-fields, unlogged fields
  /// and flag bits, stores already logged, and unless ThroughPointers, stores through pointers
  /// that are only possibly persistent (logged when the whole program's flow says so).
  const clang::Expr *plainLoggedLValue(const clang::Expr *Store, clang::ASTContext &AC,
                                       bool ThroughPointers = false) const;

private:
  void logBitField(const Result &R, const clang::Expr *Store, const clang::MemberExpr *M);
  bool isUnloggedField(const clang::Expr *L) const;
  /// A store that only sets or only clears flag bits the configuration declares harmless.
  bool isUnloggedBitStore(const clang::Expr *Store, const clang::Expr *L,
                          clang::ASTContext &AC) const;
  /// Records a store into persistent record RD for the reachability notes.
  void noteStore(const Result &R, const clang::Expr *Store, const clang::Expr *L,
                 const clang::RecordDecl *RD);
};

/// True when L is already the l-value of a logged store (PMS_LOGGED's expansion).
bool isLoggedLValue(const clang::Expr *L);
/// The runtime functions a logged store form calls with its l-value's address: pms_logged_
/// (PMS_LOGGED), pms_logged_in_run_ (PMS_LOGGED_IN_RUN), pms_tx_log_store (ports made before).
bool isLoggedStoreCall(llvm::StringRef Callee);
/// The runtime functions PMS_VALUE_STORE calls with its l-value's address: pms_value_touch_
/// (its inline part), pms_value_touch (ports made before).
bool isValueStoreCall(llvm::StringRef Callee);

} // namespace nvm::port

#endif
