// Value roots.
#include "rules/ValueRootRule.h"
#include "clang/AST/ASTContext.h"
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
}

void ValueRootRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const auto *V = R.Nodes.getNodeAs<VarDecl>("value");
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
}

} // namespace nvm::port
