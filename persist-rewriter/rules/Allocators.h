// Recognising allocation calls, shared by the allocation rule and the flow collector.
#ifndef PORT_RULES_ALLOCATORS_H
#define PORT_RULES_ALLOCATORS_H

#include "PortConfig.h"
#include "clang/AST/Expr.h"

namespace nvm::port {

/// An allocation-like call and the token that names it.
struct AllocatorCall {
  AllocKind Kind;
  std::string Name;           // as spelled: "malloc", "zmalloc", "s_malloc"
  clang::SourceLocation Token; // file location of that name; invalid inside other macros
  std::string Site;           // flow node of the site: "alloc:<file>:<offset>"
  /// Token is in a macro definition's body: one site for every expansion of that macro.
  bool InDefinition = false;
};

/// C as an allocation, free or usable-size call of Config, or nothing.
std::optional<AllocatorCall> allocatorCall(const clang::CallExpr *C, const PortConfig &Config,
                                           const clang::SourceManager &SM,
                                           const clang::LangOptions &LO);

} // namespace nvm::port

#endif
