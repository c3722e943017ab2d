// Generation field, refresher function, refreshed accesses.
#include "rewrite/SpellingRange.h"
#include "rules/VolatileFieldRule.h"
#include "rewrite/PersistentAccess.h"
#include "rules/TypeMarkRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

/// The generation field added to each type with volatile fields.
static const char GenField[] = "pms_gen";

std::string refresherName(llvm::StringRef Name) {
  std::string Out = "pms_fresh_";
  for (char C : Name)
    Out += isalnum(static_cast<unsigned char>(C)) ? C : '_';
  return Out;
}

void VolatileFieldRule::registerMatchers(MatchFinder &Finder) {
  if (!Ctx.Config.ReinitVolatile || Ctx.Config.VolatileFields.empty())
    return;
  Finder.addMatcher(recordDecl(isDefinition()).bind("record"), this);
  Finder.addMatcher(memberExpr(unless(hasAncestor(functionDecl(matchesName("^::pms_fresh_")))),
                               outsideWrappers())
                        .bind("member"),
                    this);
}

void VolatileFieldRule::run(const Result &R) {
  if (const auto *RD = R.Nodes.getNodeAs<RecordDecl>("record")) {
    const std::string *Name = Ctx.Types.match(RD);
    if (Name)
      if (auto It = Ctx.Config.VolatileFields.find(*Name); It != Ctx.Config.VolatileFields.end())
        addGeneration(R, RD, *Name, It->second);
    return;
  }
  const auto *M = R.Nodes.getNodeAs<MemberExpr>("member");
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!F)
    return;
  const std::string *Name = Ctx.Types.match(F->getParent());
  if (Name && Ctx.Config.isVolatileField(*Name, F->getName()))
    freshenAccess(R, M, *Name);
}

void VolatileFieldRule::addGeneration(const Result &R, const RecordDecl *RD,
                                      const std::string &Name,
                                      const std::map<std::string, std::string> &Fields) {
  const SourceManager &SM = *R.SourceManager;
  SourceLocation RBrace = RD->getBraceRange().getEnd();
  if (!editable(SM, RBrace))
    return;
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == GenField)
      return; // an earlier run added it
  // The type as code after the definition can spell it.
  std::string Type;
  if (!RD->getName().empty())
    Type = (RD->isUnion() ? "union " : "struct ") + RD->getName().str();
  else if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    Type = TD->getName().str();
  else
    return skip(R, RD->getLocation(), "volatile fields of an unnamed type");
  // The end of the declaration: the ';' after the closing brace (and any declarators).
  llvm::StringRef Buf = SM.getBufferData(SM.getFileID(RBrace));
  size_t Semi = Buf.find(';', SM.getFileOffset(RBrace));
  if (Semi == llvm::StringRef::npos)
    return;
  std::string Resets;
  for (const auto &[Field, Value] : Fields) {
    const FieldDecl *FD = nullptr;
    for (const FieldDecl *X : RD->fields())
      if (X->getName() == Field)
        FD = X;
    if (!FD) {
      Ctx.Summary.Findings.push_back(where(SM, RD->getLocation()) + ": volatile field '" + Name +
                                     "." + Field + "' does not exist");
      continue;
    }
    if (FD->isBitField())
      Resets += " pms_logged_((void *)(o), sizeof(*(o))); o->" + Field + " = " + Value + ";";
    else if (FD->getType()->isScalarType())
      Resets += " PMS_LOGGED(o->" + Field + ") = " + Value + ";";
    else
      Resets += " pms_tx_memset(&o->" + Field + ", 0, sizeof(o->" + Field + "));";
  }
  // The configured meaning of a reset: declared here, so that every file sees one text.
  std::string HookDecl;
  if (auto H = Ctx.Config.VolatileResets.find(Name); H != Ctx.Config.VolatileResets.end()) {
    HookDecl = " void " + H->second + "(" + Type + " *);";
    Resets += " " + H->second + "(o);";
  }
  edit(SM, RBrace, 0, "__UINT64_TYPE__ " + std::string(GenField) + "; ", "volatile-reinit");
  std::string Fn = refresherName(Name);
  edit(SM, RBrace.getLocWithOffset(Semi - SM.getFileOffset(RBrace) + 1), 0,
       HookDecl + " static inline " + Type + " *" + Fn + "(" + Type +
           " *o) { if (pms_port_generation_refresh(&o->" + GenField + ")) {" + Resets +
           " } return o; }",
       "");
}

void VolatileFieldRule::freshenAccess(const Result &R, const MemberExpr *M,
                                      const std::string &Name) {
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  const Expr *Base = M->getBase()->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CallExpr>(Base))
    if (const FunctionDecl *FD = C->getDirectCallee(); FD && FD->getName().startswith("pms_fresh_"))
      return; // refreshed by an earlier run
  if (!rewrite::unexecutedReason(M, *R.Context).empty())
    return;
  SourceLocation At = SM.getExpansionLoc(M->getBeginLoc());
  if (!editable(SM, At))
    return;
  CharSourceRange BR = rewrite::spellingRange(M->getBase(), SM, LO);
  SourceLocation Op = M->getOperatorLoc();
  if (BR.isInvalid() || Op.isMacroID())
    return skip(R, At, "volatile field access inside a macro");
  std::string Fn = refresherName(Name);
  if (M->isArrow()) {
    edit(SM, BR.getBegin(), 0, Fn + "(", "volatile-access");
    edit(SM, BR.getEnd(), 0, ")", "");
  } else {
    edit(SM, BR.getBegin(), 0, Fn + "(&(", "volatile-access");
    edit(SM, Op, 1, "))->", "");
  }
}

} // namespace nvm::port
