// The shape every rewrite rule has, and the edit helpers they share: only files under the root
// are edited, only text spelled outside macros (or a configured macro's own name) is touched,
// and every edit is counted by kind.
#ifndef PORT_RULES_PORTRULE_H
#define PORT_RULES_PORTRULE_H

#include "AllocationFlow.h"
#include "PortConfig.h"
#include "PortSummary.h"
#include "rewrite/TypeList.h"
#include "rewrite/SourceEdits.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <optional>
#include <set>

namespace nvm::port {

/// Everything the rules share during one run.
struct PortContext {
  const rewrite::TypeList &Types;
  const PortConfig &Config;
  std::vector<std::string> Roots; // the config's, else nvmove's
  rewrite::SourceEdits &Edits;
  AllocationFlow &Flow;
  PortSummary &Summary;
  std::string Root;
  /// Root registrations at definitions, applied at the end for the roots some load call could
  /// not name (only then is it known which roots need one): an edit, or why there is none.
  struct Registration {
    std::vector<clang::tooling::Replacement> Edits;
    std::string Problem;
  };
  std::map<std::string, std::vector<Registration>> Registrations; // root -> definitions
  /// main's pms_port_bind_executable call (right after the pool's opening), added at the end
  /// when some store puts a pointer into the executable into a persistent object.
  std::optional<clang::tooling::Replacement> BindAt;
  bool ExecutableBound = false; // main binds it already (an earlier run)
  /// The l-values (parentheses stripped) of the stores whose targets a PMS_LOGGED_RUN before
  /// them logs: StoreRunRule finds them when it meets their function, before the other rules
  /// meet its stores, and those wrap them in PMS_LOGGED_IN_RUN (runStoreForm). Node addresses
  /// of one unit's AST: cleared before the next unit is matched (beginUnit), whose nodes may
  /// reuse them.
  std::set<const clang::Expr *> RunStores;
  void beginUnit() { RunStores.clear(); }
  /// "PMS_LOGGED_IN_RUN(" for the l-value of a store in RunStores, "PMS_LOGGED(" otherwise.
  const char *runStoreForm(const clang::Expr *LValue) const {
    return RunStores.count(LValue->IgnoreParens()) ? "PMS_LOGGED_IN_RUN(" : "PMS_LOGGED(";
  }
  /// The call graph and where persistent stores are, by function id (functionId).
  struct FunctionFacts {
    std::set<std::string> Callees;
    std::set<std::string> IndirectTypes; // function types it calls through pointers
    std::set<std::string> Uses;               // globals it names
    std::map<std::string, std::string> Writes; // globals it stores into -> first "where"
  };
  struct {
    std::map<std::string, FunctionFacts> Functions;
    std::map<std::string, std::string> AddressTaken; // function -> its type
    std::map<std::string, std::vector<std::string>> Stores; // fn -> "where: store into T.f"
  } Reach;
};

class PortRule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  explicit PortRule(PortContext &Ctx) : Ctx(Ctx) {}
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;

  /// Matches statements outside the bodies of allocation wrappers and dispatchers: those bodies
  /// are the allocator's implementation and stay as they are.
  clang::ast_matchers::internal::Matcher<clang::Stmt> outsideWrappers() const;

  /// The token to rename for a call and its text: the callee's name where the file spells it
  /// (also inside a macro argument), or the name of the macro whose body spells it. The caller
  /// checks Name before renaming. Invalid when no file token can be found.
  static clang::SourceLocation calleeToken(const clang::CallExpr *C, const clang::SourceManager &SM,
                                           const clang::LangOptions &LO, std::string &Name);

  /// The absolute path of the file Loc (a file location) lies in.
  static std::string fileOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

protected:
  using Result = clang::ast_matchers::MatchFinder::MatchResult;
  /// True when Loc is a file location in a file under the root that is not a system header.
  bool editable(const clang::SourceManager &SM, clang::SourceLocation Loc) const;
  /// "file:line:col" relative to the root.
  std::string where(const clang::SourceManager &SM, clang::SourceLocation Loc) const;
  /// Counts a skipped site under Reason when it lies in an editable file.
  void skip(const Result &R, clang::SourceLocation Loc, const std::string &Reason);

  static std::string textOf(clang::CharSourceRange R, const clang::SourceManager &SM,
                            const clang::LangOptions &LO);
  clang::tooling::Replacement replacement(const clang::SourceManager &SM,
                                          clang::SourceLocation Loc, unsigned Length,
                                          llvm::StringRef Text) const;
  /// Adds an unconditional edit and counts it under Kind when it is new.
  void edit(const clang::SourceManager &SM, clang::SourceLocation Loc, unsigned Length,
            llvm::StringRef Text, const std::string &Kind);
  /// The token length at Loc.
  static unsigned tokenLength(clang::SourceLocation Loc, const clang::SourceManager &SM,
                              const clang::LangOptions &LO);

  PortContext &Ctx;
};

/// The variable whose storage E lies in: g of `g`, `g.f`, `g[i]`, `g.a[2].b` (not `g->f` nor
/// `p[i]` through a pointer); null otherwise.
const clang::VarDecl *variableAtBase(const clang::Expr *E);

/// The function definition that contains S, or null.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S, clang::ASTContext &AC);

/// "T.f" for a store into field f of record T (L is `x->f` or `x.f`), "T" otherwise.
std::string storedField(const clang::RecordDecl *RD, const clang::Expr *L);

/// The name the flow graph knows a function by: static functions carry their file.
std::string functionId(const clang::FunctionDecl *FD, const clang::SourceManager &SM);

} // namespace nvm::port

#endif
