// memcpy, memmove, memset and string copies that write into persistent data.
#ifndef PORT_RULES_LIBCSTORERULE_H
#define PORT_RULES_LIBCSTORERULE_H

#include "rules/PortRule.h"

namespace nvm::port {

/// The callee becomes the runtime's logged form (memcpy -> pms_tx_memcpy) when the destination
/// is in a persistent object or may be a persistent allocation (a buffer a persistent object
/// points to, a string allocated persistently). The runtime checks the address again.
class LibcStoreRule : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
