// Edit helpers shared by the rules.
#include "rules/PortRule.h"
#include "clang/AST/ParentMapContext.h"
#include "rewrite/SpellingRange.h"
#include "nvm/SourceLocations.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nvm::port {

clang::ast_matchers::internal::Matcher<Stmt> PortRule::outsideWrappers() const {
  using namespace clang::ast_matchers;
  std::vector<std::string> Names;
  for (const auto &[Name, Kind] : Ctx.Config.Allocators)
    Names.push_back(Name);
  for (const auto &[Name, Kind] : Ctx.Config.Dispatchers)
    Names.push_back(Name);
  return unless(hasAncestor(functionDecl(hasAnyName(std::vector<llvm::StringRef>(Names.begin(), Names.end())))));
}

std::string PortRule::fileOf(const SourceManager &SM, SourceLocation Loc) {
  return absolutePath(SM, SM.getFileID(SM.getExpansionLoc(Loc)));
}

bool PortRule::editable(const SourceManager &SM, SourceLocation Loc) const {
  if (Loc.isInvalid() || Loc.isMacroID() || SM.isInSystemHeader(Loc))
    return false;
  return llvm::StringRef(fileOf(SM, Loc)).startswith(Ctx.Root + "/");
}

std::string PortRule::where(const SourceManager &SM, SourceLocation Loc) const {
  return locString(SM, Loc, Ctx.Root);
}

void PortRule::skip(const Result &R, SourceLocation Loc, const std::string &Reason) {
  SourceLocation E = R.SourceManager->getExpansionLoc(Loc);
  if (editable(*R.SourceManager, E))
    Ctx.Summary.skip(Reason, where(*R.SourceManager, E));
}

std::string PortRule::textOf(CharSourceRange R, const SourceManager &SM, const LangOptions &LO) {
  return Lexer::getSourceText(R, SM, LO).str();
}

SourceLocation PortRule::calleeToken(const CallExpr *C, const SourceManager &SM,
                                     const LangOptions &LO, std::string &Name) {
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  SourceLocation Loc = Callee->getExprLoc();
  auto spelled = [&](SourceLocation L) {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(L), SM, LO).str();
  };
  if (Loc.isFileID()) {
    Name = spelled(Loc);
    return Loc;
  }
  // Spelled in a macro argument: the token is in the file; renaming it renames every use the
  // macro makes of it alike.
  if (SM.isMacroArgExpansion(Loc)) {
    SourceLocation Spell = SM.getSpellingLoc(Loc);
    if (!Spell.isFileID())
      return {};
    Name = spelled(Spell);
    return Spell;
  }
  // Spelled by a macro's body: the macro's name at its use ("s_malloc(n)" with
  // `#define s_malloc zmalloc`, or "lp_malloc(sz)"); the caller decides whether that name is one
  // it may rename.
  SourceLocation Use = SM.getExpansionLoc(Loc);
  if (!Use.isFileID())
    return {};
  Name = spelled(Use);
  return Use;
}

tooling::Replacement PortRule::replacement(const SourceManager &SM, SourceLocation Loc,
                                           unsigned Length, llvm::StringRef Text) const {
  return tooling::Replacement(fileOf(SM, Loc), SM.getFileOffset(Loc), Length, Text);
}

void PortRule::edit(const SourceManager &SM, SourceLocation Loc, unsigned Length,
                    llvm::StringRef Text, const std::string &Kind) {
  if (Ctx.Edits.add(replacement(SM, Loc, Length, Text)) && !Kind.empty())
    Ctx.Summary.count(Kind, relativePath(fileOf(SM, Loc), Ctx.Root));
}

unsigned PortRule::tokenLength(SourceLocation Loc, const SourceManager &SM,
                               const LangOptions &LO) {
  return Lexer::MeasureTokenLength(Loc, SM, LO);
}

const VarDecl *variableAtBase(const Expr *E) {
  for (E = E->IgnoreParenImpCasts();;) {
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
      E = M->getBase()->IgnoreParenImpCasts();
    else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E);
             S && S->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      E = S->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *D = dyn_cast<DeclRefExpr>(E);
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

const FunctionDecl *enclosingFunction(const Stmt *S, ASTContext &AC) {
  DynTypedNodeList Parents = AC.getParents(*S);
  while (!Parents.empty()) {
    if (const auto *FD = Parents[0].get<FunctionDecl>())
      return FD;
    if (const auto *P = Parents[0].get<Stmt>())
      Parents = AC.getParents(*P);
    else if (const auto *D = Parents[0].get<Decl>())
      Parents = AC.getParents(*D);
    else
      break;
  }
  return nullptr;
}

std::string storedField(const RecordDecl *RD, const Expr *L) {
  std::string Out = RD->getName().str();
  if (const auto *M = dyn_cast<MemberExpr>(L->IgnoreParens()))
    Out += "." + M->getMemberDecl()->getName().str();
  return Out;
}

std::string functionId(const FunctionDecl *FD, const SourceManager &SM) {
  FD = FD->getCanonicalDecl();
  if (FD->isExternallyVisible())
    return FD->getName().str();
  return PortRule::fileOf(SM, FD->getLocation()) + "#" + FD->getName().str();
}

} // namespace nvm::port
