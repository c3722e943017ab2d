// Warm-skipped start-up calls.
#include "rules/WarmSkipRule.h"
#include "rules/WarmStartRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

/// "g:f" -> {"g", "f"}; "f" -> {"", "f"}.
static std::pair<llvm::StringRef, llvm::StringRef> splitSkip(llvm::StringRef Entry) {
  auto [Caller, Fn] = Entry.split(':');
  return Fn.empty() ? std::make_pair(llvm::StringRef(), Caller) : std::make_pair(Caller, Fn);
}

void WarmSkipRule::registerMatchers(MatchFinder &Finder) {
  if (Ctx.Config.WarmSkips.empty())
    return;
  std::vector<llvm::StringRef> Names;
  for (const std::string &Entry : Ctx.Config.WarmSkips)
    Names.push_back(splitSkip(Entry).second);
  Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(Names)).bind("fn")),
                             hasAncestor(functionDecl(isDefinition()).bind("caller")))
                        .bind("skip"),
                    this);
}

bool WarmSkipRule::inScope(const Result &R, const CallExpr *C, const FunctionDecl *Caller,
                           llvm::StringRef Fn) const {
  for (const std::string &Entry : Ctx.Config.WarmSkips) {
    auto [Scope, Name] = splitSkip(Entry);
    if (Name != Fn)
      continue;
    if (!Scope.empty()) {
      if (Scope == Caller->getName())
        return true;
      continue;
    }
    if (Caller->getName() != Ctx.Config.Main)
      continue;
    // Start-up: before main's first load call (its wrapper's, in a second run), if it has one.
    std::vector<std::string> Loads;
    for (const std::string &L : Ctx.Config.LoadCalls) {
      Loads.push_back(L);
      Loads.push_back(WarmPrefix + L);
    }
    std::vector<llvm::StringRef> LoadNames(Loads.begin(), Loads.end());
    const SourceManager &SM = *R.SourceManager;
    bool Before = true;
    for (const BoundNodes &N :
         match(findAll(callExpr(callee(functionDecl(hasAnyName(LoadNames)))).bind("load")),
               *Caller->getBody(), *R.Context))
      if (SM.isBeforeInTranslationUnit(N.getNodeAs<CallExpr>("load")->getBeginLoc(),
                                       C->getBeginLoc()))
        Before = false;
    if (Before)
      return true;
  }
  return false;
}

void WarmSkipRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const auto *C = R.Nodes.getNodeAs<CallExpr>("skip");
  const auto *Fn = R.Nodes.getNodeAs<FunctionDecl>("fn");
  const auto *Caller = R.Nodes.getNodeAs<FunctionDecl>("caller");
  SourceLocation Begin = C->getBeginLoc();
  if (!editable(SM, Begin))
    return;
  if (!inScope(R, C, Caller, Fn->getName()))
    return skip(R, Begin, "warm-skip call outside start-up (name it caller:" +
                              Fn->getName().str() + " to skip it)");
  std::string Site = where(SM, Begin) + ": " + Fn->getName().str() + "() in " +
                     Caller->getName().str();
  DynTypedNodeList Parents = R.Context->getParents(*C);
  if (Parents.empty() || !Parents[0].get<CompoundStmt>()) {
    // Already guarded (an earlier run), or inside an expression: say so unless it is ours.
    if (!Parents.empty())
      if (const auto *If = Parents[0].get<IfStmt>())
        if (const auto *U = dyn_cast<UnaryOperator>(If->getCond()->IgnoreParenCasts()))
          if (const auto *G = dyn_cast<CallExpr>(U->getSubExpr()->IgnoreParenCasts()))
            if (G->getDirectCallee() && G->getDirectCallee()->getName() == "pms_port_warm") {
              Ctx.Summary.Warm.Skipped.push_back(Site);
              return;
            }
    Ctx.Summary.Findings.push_back(
        where(SM, Begin) + ": warm-skip call is not a statement of its own; guard it by hand");
    return;
  }
  Ctx.Summary.Warm.Skipped.push_back(Site);
  edit(SM, Begin, 0, "if (!pms_port_warm()) ", "warm-skip");
}

} // namespace nvm::port
