// Lazy re-initialisation of volatile fields inside persistent objects (lesson 8).
#ifndef PORT_RULES_VOLATILEFIELDRULE_H
#define PORT_RULES_VOLATILEFIELDRULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// With reinit-volatile, a persistent type T with volatile fields (a reference count, a pointer
/// to a client) gets a `pms_gen` field and, after its definition, `pms_fresh_T(o)`: when o's
/// generation is older than the pool's (this start's), it resets the volatile fields to their
/// restart values. Every access `p->refcount` becomes `pms_fresh_T(p)->refcount`, so the first
/// touch after a restart sees the reset fields and later ones cost a compare.
class VolatileFieldRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;

private:
  void addGeneration(const Result &R, const clang::RecordDecl *RD, const std::string &Name,
                     const std::map<std::string, std::string> &Fields);
  void freshenAccess(const Result &R, const clang::MemberExpr *M, const std::string &Name);
};

/// The refresher's name for type Name ("pms_fresh_robj").
std::string refresherName(llvm::StringRef Name);

} // namespace nvm::port

#endif
