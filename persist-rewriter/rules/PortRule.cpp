// Edit helpers shared by the rules.
#include "rules/PortRule.h"
#include "nvm/SourceLocations.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace nvm::port {

std::string PortRule::fileOf(const SourceManager &SM, SourceLocation Loc) {
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)));
  if (!FE)
    return {};
  llvm::SmallString<256> P(FE->getName());
  SM.getFileManager().makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
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

CharSourceRange PortRule::plainRange(const Expr *E, const SourceManager &SM,
                                     const LangOptions &LO) {
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (B.isMacroID() || End.isMacroID() || SM.getFileID(B) != SM.getFileID(End))
    return {};
  return CharSourceRange::getCharRange(B, Lexer::getLocForEndOfToken(End, 0, SM, LO));
}

std::string PortRule::textOf(CharSourceRange R, const SourceManager &SM, const LangOptions &LO) {
  return Lexer::getSourceText(R, SM, LO).str();
}

SourceLocation PortRule::calleeToken(const CallExpr *C, const SourceManager &SM,
                                     const LangOptions &LO, std::string &Name) {
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  SourceLocation Loc = Callee->getExprLoc();
  if (Loc.isFileID()) {
    if (const auto *D = dyn_cast<DeclRefExpr>(Callee))
      Name = D->getDecl()->getName().str();
    return Loc;
  }
  // A call that is the whole expansion of a function-like macro: rename the macro instead.
  SourceLocation B = C->getBeginLoc(), E = C->getEndLoc();
  if (!B.isMacroID() || !Lexer::isAtStartOfMacroExpansion(B, SM, LO) ||
      !Lexer::isAtEndOfMacroExpansion(E, SM, LO) || SM.isMacroArgExpansion(B))
    return {};
  SourceLocation Use = SM.getExpansionLoc(B);
  if (!Use.isFileID())
    return {};
  Name = Lexer::getImmediateMacroName(B, SM, LO).str();
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

std::string functionId(const FunctionDecl *FD, const SourceManager &SM) {
  FD = FD->getCanonicalDecl();
  if (FD->isExternallyVisible())
    return FD->getName().str();
  return PortRule::fileOf(SM, FD->getLocation()) + "#" + FD->getName().str();
}

} // namespace nvm::port
