// Adds the value-flow edges of every function body to the allocation flow graph.
#ifndef PORT_RULES_FLOWCOLLECTOR_H
#define PORT_RULES_FLOWCOLLECTOR_H

#include "rules/PortRule.h"

namespace nvm::port {

/// The flow node of a variable: a parameter, a global or a local.
std::string variableNode(const clang::VarDecl *V, const clang::SourceManager &SM);
/// The flow node of a field of a volatile record ("field:struct client.argv").
std::string fieldNode(const clang::MemberExpr *M);
/// The l-value a ported store form names: `lv` of PMS_LOGGED(lv) (`*(T *)pms_logged_(&lv, n)`)
/// and PMS_VALUE_STORE(lv); E itself otherwise.
const clang::Expr *portedLValue(const clang::Expr *E, const clang::SourceManager &SM);
/// The flow node of one call's result ("call:<callee>@<file:line:col>"); the callee's "ret:"
/// node flows into it.
std::string callNode(const clang::CallExpr *C, const clang::FunctionDecl *Callee,
                     const PortContext &Ctx, const clang::SourceManager &SM);
/// The values E may evaluate to, as flow nodes (through casts, pointer arithmetic, conditionals).
std::vector<std::string> valueNodes(const clang::Expr *E, const PortContext &Ctx,
                                    clang::ASTContext &AC);

/// Edges: assignments and initialisations into locals, globals, fields of volatile records and
/// storage of persistent objects; returns; arguments into parameters; arguments of indirect
/// calls and of functions without a body into "unknown" sinks.
class FlowCollector : public PortRule {
public:
  using PortRule::PortRule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void run(const Result &R) override;
};

} // namespace nvm::port

#endif
