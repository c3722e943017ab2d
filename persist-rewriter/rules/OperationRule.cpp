// Operation boundaries and deferred unlocks.
#include "rules/OperationRule.h"
#include "rules/Generated.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

/// Suffix of an operation's renamed body.

void OperationRule::registerMatchers(MatchFinder &Finder) {
  if (Ctx.Config.Operations.empty())
    return;
  std::vector<llvm::StringRef> Names(Ctx.Config.Operations.begin(), Ctx.Config.Operations.end());
  Finder.addMatcher(functionDecl(isDefinition(), hasAnyName(Names)).bind("op"), this);
  if (Ctx.Config.DeferUnlocks)
    Finder.addMatcher(
        callExpr(callee(functionDecl(hasAnyName("pthread_mutex_unlock", "pthread_rwlock_unlock"))
                            .bind("unlock")),
                 hasAncestor(functionDecl(hasAnyName(Names))))
            .bind("call"),
        this);
}

/// True when the unit already defines Name (an earlier run's renamed body).
static bool defines(ASTContext &AC, llvm::StringRef Name) {
  for (const Decl *D : AC.getTranslationUnitDecl()->lookup(&AC.Idents.get(Name)))
    if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->isThisDeclarationADefinition())
      return true;
  return false;
}

void OperationRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  if (const auto *C = R.Nodes.getNodeAs<CallExpr>("call")) {
    std::string Name;
    SourceLocation Tok = calleeToken(C, SM, R.Context->getLangOpts(), Name);
    llvm::StringRef Callee = R.Nodes.getNodeAs<FunctionDecl>("unlock")->getName();
    if (Tok.isInvalid() || !editable(SM, Tok) || Name != Callee)
      return skip(R, C->getBeginLoc(), "unlock inside a macro");
    bool Mutex = Callee == "pthread_mutex_unlock";
    edit(SM, Tok, tokenLength(Tok, SM, R.Context->getLangOpts()),
         Mutex ? "pms_op_unlock_mutex" : "pms_op_unlock_rwlock", "deferred-unlock");
    return;
  }
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("op");
  SourceLocation NameLoc = FD->getLocation();
  if (!editable(SM, NameLoc) || !FD->getBody())
    return;
  std::string Name = FD->getName().str(), Body = Name + OperationBodySuffix;
  if (defines(*R.Context, Body))
    return;
  if (FD->isVariadic()) {
    Ctx.Summary.Findings.push_back(where(SM, NameLoc) + ": operation '" + Name +
                                   "' is variadic and cannot be wrapped; add its transaction by hand");
    return;
  }
  SourceLocation Start = SM.getExpansionLoc(FD->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(FD->getBody()->getEndLoc());
  if (!editable(SM, Start) || !editable(SM, End))
    return skip(R, NameLoc, "operation defined inside a macro");
  std::string Proto = prototype(FD, Name);
  bool Void = FD->getReturnType()->isVoidType();
  if (!FD->getPreviousDecl()) // its own body may call it (recursion) before the wrapper exists
    edit(SM, Start, 0,
         Proto + ";\n#line " + std::to_string(lineOf(SM, Start)) + "\n", "");
  // Only the wrapper calls the renamed body: it need not (and, under -Wmissing-prototypes,
  // must not) be visible outside the file.
  if (FD->getStorageClass() != SC_Static)
    edit(SM, Start, 0, "static ", "");
  edit(SM, NameLoc, tokenLength(NameLoc, SM, R.Context->getLangOpts()), Body, "operation");
  std::string Call = Body + "(" + forwardArguments(FD) + ");\n", Ret = resultName(FD);
  std::string Wrapper = "\n/* persist-rewriter: operation " + Name + " is one transaction */\n" +
                        Proto + " {\n  pms_op_begin();\n  " +
                        (Void ? Call
                              : declaration(FD->getReturnType(), Ret, *R.Context) + " = " + Call) +
                        "  pms_op_end();\n" + (Void ? "" : "  return " + Ret + ";\n") +
                        "}\n#line " + std::to_string(lineOf(SM, End)) + "\n";
  edit(SM, End.getLocWithOffset(1), 0, Wrapper, "");
}

} // namespace nvm::port
