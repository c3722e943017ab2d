// Charges the reads and writes of memcpy, memmove, memset and the string copies.
#ifndef DELAY_RULES_LIBCCOPYRULE_H
#define DELAY_RULES_LIBCCOPYRULE_H
#include "rules/Rule.h"
namespace nvm::delay {
/// `memcpy(p, q, n)` with p pointing into a persistent record becomes
/// `(pms_lat_write(p, n), memcpy(p, q, n))`; the source is charged as a read the same way.
/// The functions are listed in LibcAccesses.def.
class LibcCopyRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
private:
  static constexpr llvm::StringLiteral Call = "call";
};
} // namespace nvm::delay
#endif
