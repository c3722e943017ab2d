// Value roots and warm-skipped calls.
#include "rules/ValueRootRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

/// Prefix of the generated registration constructor.
static const char Registrar[] = "pms_value_root_";

void ValueRootRule::registerMatchers(MatchFinder &Finder) {
  if (!Ctx.Config.ValueRoots.empty()) {
    std::vector<llvm::StringRef> Names(Ctx.Config.ValueRoots.begin(), Ctx.Config.ValueRoots.end());
    Finder.addMatcher(varDecl(hasGlobalStorage(), hasAnyName(Names)).bind("value"), this);
  }
  if (!Ctx.Config.WarmSkips.empty()) {
    std::vector<llvm::StringRef> Names(Ctx.Config.WarmSkips.begin(), Ctx.Config.WarmSkips.end());
    Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(Names)))).bind("skip"), this);
  }
}

void ValueRootRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  if (const auto *V = R.Nodes.getNodeAs<VarDecl>("value")) {
    if (V->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
        !editable(SM, V->getLocation()))
      return;
    std::string Name = V->getName().str(), Fn = Registrar + Name;
    for (const Decl *D : R.Context->getTranslationUnitDecl()->lookup(&R.Context->Idents.get(Fn)))
      if (isa<FunctionDecl>(D))
        return; // registered by an earlier run
    SourceLocation Semi = Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM, LO, false);
    if (Semi.isInvalid() || !editable(SM, Semi)) {
      Ctx.Summary.Findings.push_back(where(SM, V->getLocation()) + ": value root '" + Name +
                                     "' is not alone in its declaration; register it by hand");
      return;
    }
    edit(SM, Semi, 0,
         " __attribute__((constructor)) static void " + Fn + "(void) { pms_port_value(\"" +
             Name + "\", (void *)&" + Name + ", sizeof(" + Name + ")); }",
         "value-root");
    return;
  }
  const auto *C = R.Nodes.getNodeAs<CallExpr>("skip");
  SourceLocation Begin = C->getBeginLoc();
  if (!editable(SM, Begin))
    return;
  DynTypedNodeList Parents = R.Context->getParents(*C);
  if (Parents.empty() || !Parents[0].get<CompoundStmt>()) {
    // Already guarded (an earlier run), or inside an expression: say so unless it is ours.
    if (!Parents.empty())
      if (const auto *If = Parents[0].get<IfStmt>())
        if (const auto *U = dyn_cast<UnaryOperator>(If->getCond()->IgnoreParenCasts()))
          if (const auto *G = dyn_cast<CallExpr>(U->getSubExpr()->IgnoreParenCasts()))
            if (G->getDirectCallee() && G->getDirectCallee()->getName() == "pms_port_warm")
              return;
    Ctx.Summary.Findings.push_back(where(SM, Begin) +
                                   ": warm-skip call is not a statement of its own; guard it by hand");
    return;
  }
  edit(SM, Begin, 0, "if (!pms_port_warm()) ", "warm-skip");
}

} // namespace nvm::port
