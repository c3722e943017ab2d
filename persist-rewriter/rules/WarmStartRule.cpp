// The load call's wrapper and the pool's opening.
#include "rules/WarmStartRule.h"
#include "rules/Generated.h"
#include "nvm/RecordNames.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

void WarmStartRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition(), hasName(Ctx.Config.Main)).bind("main"), this);
  if (Ctx.Config.LoadCalls.empty())
    return;
  std::vector<llvm::StringRef> Names(Ctx.Config.LoadCalls.begin(), Ctx.Config.LoadCalls.end());
  Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(Names)).bind("load")),
                             hasAncestor(functionDecl(isDefinition()).bind("caller")))
                        .bind("call"),
                    this);
  for (const std::string &Root : Ctx.Roots)
    RootBases.push_back(rootGlobalName(Root).str());
  if (!RootBases.empty()) {
    std::vector<llvm::StringRef> Bases(RootBases.begin(), RootBases.end());
    Finder.addMatcher(varDecl(hasGlobalStorage(), hasAnyName(Bases)).bind("rootvar"), this);
  }
}

/// The global named by the first component of Path ("server" of "server.db"), or null.
static const VarDecl *rootGlobal(ASTContext &AC, llvm::StringRef Path) {
  llvm::StringRef Base = rootGlobalName(Path);
  for (const Decl *D : AC.getTranslationUnitDecl()->lookup(&AC.Idents.get(Base)))
    if (const auto *V = dyn_cast<VarDecl>(D); V && V->hasGlobalStorage())
      return V;
  return nullptr;
}

/// The type of Path's last field, following '.' through records; null type when a name is off.
static QualType rootType(const VarDecl *V, llvm::StringRef Path) {
  QualType T = V->getType();
  llvm::SmallVector<llvm::StringRef> Parts;
  Path.split(Parts, '.');
  for (llvm::StringRef Field : llvm::ArrayRef(Parts).drop_front()) {
    const RecordDecl *RD = recordOf(T);
    if (!RD || T->isPointerType())
      return {};
    QualType Next;
    for (const FieldDecl *F : RD->fields())
      if (F->getName() == Field)
        Next = F->getType();
    if (Next.isNull())
      return {};
    T = Next;
  }
  return T;
}

/// The root's own registration constructor name: "server.db" -> pms_root_register_server_db.
static std::string registrarName(llvm::StringRef Root) {
  std::string Out = RootRegistrar;
  for (char C : Root)
    Out += isalnum(static_cast<unsigned char>(C)) ? C : '_';
  return Out;
}

static bool declaresFunction(ASTContext &AC, llvm::StringRef Name) {
  for (const Decl *D : AC.getTranslationUnitDecl()->lookup(&AC.Idents.get(Name)))
    if (isa<FunctionDecl>(D))
      return true;
  return false;
}

/// Why Root, whose type at Where is not a pointer, cannot be bound.
static std::string notAPointer(const std::string &Where, llvm::StringRef Root) {
  return Where + ": root '" + Root.str() +
         "' is not a pointer: an object in static storage cannot live in the pool; keep a "
         "pointer to a heap copy instead (by hand), or name a pointer field with 'root ='";
}

/// A root whose global is a value root too: its bytes (the pointer) are kept that way.
static bool keptByValue(const PortConfig &Config, llvm::StringRef Root) {
  return llvm::is_contained(Config.ValueRoots, rootGlobalName(Root).str());
}

std::vector<std::string> WarmStartRule::rootExprs(const Result &R, SourceLocation Loc,
                                                  bool &AnyUnseen) {
  const SourceManager &SM = *R.SourceManager;
  std::vector<std::string> Out;
  for (const std::string &Root : Ctx.Roots) {
    if (keptByValue(Ctx.Config, Root))
      continue;
    const VarDecl *V = rootGlobal(*R.Context, Root);
    if (!V || !SM.isBeforeInTranslationUnit(V->getLocation(), Loc)) {
      // Bound at its definition, if that is in a rewritten file (checked once all are seen).
      Ctx.Summary.Warm.Unseen.try_emplace(Root, where(SM, Loc));
      AnyUnseen = true;
      continue;
    }
    QualType T = rootType(V, Root);
    if (T.isNull() || !T->isPointerType()) {
      Ctx.Summary.Findings.push_back(notAPointer(where(SM, Loc), Root));
      Ctx.Summary.Warm.Unusable.push_back(Ctx.Summary.Findings.back());
      continue;
    }
    Out.push_back(Root);
    Ctx.Summary.Warm.Bound.insert(Root);
  }
  return Out;
}

void WarmStartRule::registerAtDefinition(const Result &R, const VarDecl *V) {
  const SourceManager &SM = *R.SourceManager;
  if (V->isThisDeclarationADefinition() == VarDecl::DeclarationOnly ||
      !editable(SM, V->getLocation()))
    return;
  for (const std::string &Root : Ctx.Roots) {
    if (rootGlobalName(Root) != V->getName() ||
        keptByValue(Ctx.Config, Root))
      continue;
    std::string Fn = registrarName(Root);
    if (!Registered.insert(fileOf(SM, SM.getExpansionLoc(V->getLocation())) + ":" + Fn).second)
      continue; // a second tentative definition in this file
    if (declaresFunction(*R.Context, Fn)) {
      Ctx.Summary.Warm.Registered.insert(Root); // registered by an earlier run
      continue;
    }
    PortContext::Registration Reg;
    QualType T = rootType(V, Root);
    SourceLocation Semi = Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM,
                                                        R.Context->getLangOpts(), false);
    if (T.isNull() || !T->isPointerType())
      Reg.Problem = notAPointer(where(SM, V->getLocation()), Root);
    else if (Semi.isInvalid() || !editable(SM, Semi))
      Reg.Problem = where(SM, V->getLocation()) + ": root '" + Root +
                    "' is not alone in its declaration; bind it by hand";
    else // same line as the definition: line numbers do not move
      Reg.Edits.push_back(replacement(
          SM, Semi, 0,
          " __attribute__((constructor)) static void " + Fn + "(void) { pms_port_root_register(\"" +
              Root + "\", (void **)&(" + Root + ")); }"));
    Ctx.Registrations[Root].push_back(std::move(Reg));
  }
}

std::string WarmStartRule::warmRuns(const Result &R, const FunctionDecl *Load,
                                    SourceLocation Before) {
  const SourceManager &SM = *R.SourceManager;
  std::string Out;
  for (const std::string &Name : Ctx.Config.WarmRuns) {
    const FunctionDecl *Fn = nullptr;
    for (const Decl *D : R.Context->getTranslationUnitDecl()->lookup(&R.Context->Idents.get(Name)))
      if (const auto *FD = dyn_cast<FunctionDecl>(D); FD && SM.isBeforeInTranslationUnit(
                                                             FD->getLocation(), Before))
        Fn = FD;
    auto Same = [&] {
      if (Fn->getNumParams() != Load->getNumParams())
        return false;
      for (unsigned I = 0; I < Fn->getNumParams(); ++I)
        if (!R.Context->hasSameUnqualifiedType(Fn->getParamDecl(I)->getType(),
                                               Load->getParamDecl(I)->getType()))
          return false;
      return true;
    };
    if (!Fn)
      Ctx.Summary.Findings.push_back(where(SM, Before) + ": warm-run '" + Name +
                                     "' is not declared before the load call: declare it there");
    else if (Fn->getNumParams() == 0)
      Out += "    " + Name + "();\n";
    else if (Same())
      Out += "    " + Name + "(" + forwardArguments(Load) + ");\n";
    else
      Ctx.Summary.Findings.push_back(where(SM, Before) + ": warm-run '" + Name +
                                     "' takes neither no arguments nor those of " +
                                     Load->getName().str() + ": call it by hand");
  }
  return Out;
}

void WarmStartRule::noteWrapper(const Result &R, const FunctionDecl *Wrapper) {
  const SourceManager &SM = *R.SourceManager;
  if (!Wrapper->hasBody() ||
      !Wrapped.insert(fileOf(SM, SM.getExpansionLoc(Wrapper->getBeginLoc())) + ":" +
                      Wrapper->getName().str())
           .second)
    return;
  ++Ctx.Summary.Warm.Wrappers;
  for (const BoundNodes &N : match(
           findAll(callExpr(callee(functionDecl(hasName("pms_port_root"))),
                            hasArgument(0, ignoringParenImpCasts(stringLiteral().bind("name"))))),
           *Wrapper->getBody(), *R.Context))
    Ctx.Summary.Warm.Bound.insert(N.getNodeAs<StringLiteral>("name")->getString().str());
}

/// One pms_port_root call per root, each on its own line, and, when some root is bound at its
/// definition instead, one pms_port_registered_roots call.
static std::string rootCalls(const std::vector<std::string> &Roots, bool Registered,
                             llvm::StringRef Indent) {
  std::string Out;
  for (const std::string &Root : Roots)
    Out += Indent.str() + "pms_port_root(\"" + Root + "\", (void **)&(" + Root + "));\n";
  if (Registered)
    Out += Indent.str() + "pms_port_registered_roots();\n";
  return Out;
}

/// Joined after the pool's opening when the pool holds pointers into the executable.
static const char BindCall[] = " pms_port_bind_executable();";

void WarmStartRule::openPool(const Result &R, const FunctionDecl *Main) {
  const SourceManager &SM = *R.SourceManager;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Main->getBody());
  if (!Body || !editable(SM, Body->getLBracLoc()))
    return;
  auto calls = [](const Stmt *S, llvm::StringRef Name) {
    const auto *C = dyn_cast_or_null<CallExpr>(S);
    const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
    return FD && FD->getName() == Name;
  };
  if (!Body->body_empty() && calls(Body->body_front(), "pms_port_open")) {
    // An earlier run's: the binding, when needed, goes right after it.
    if (Body->size() > 1 && calls(Body->body_begin()[1], "pms_port_bind_executable"))
      Ctx.ExecutableBound = true;
    else if (SourceLocation Semi = Lexer::findLocationAfterToken(
                 Body->body_front()->getEndLoc(), tok::semi, SM, R.Context->getLangOpts(), false);
             Semi.isValid())
      Ctx.BindAt = replacement(SM, Semi, 0, BindCall);
    return;
  }
  std::string Pool = Ctx.Config.Pool.empty() ? "pmem_shim.pool" : Ctx.Config.Pool;
  std::string Quoted;
  for (char C : Pool)
    Quoted += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
  // Same line as the brace: line numbers do not move.
  edit(SM, Body->getLBracLoc().getLocWithOffset(1), 0, " pms_port_open(\"" + Quoted + "\");",
       "pool-open");
  Ctx.BindAt = replacement(SM, Body->getLBracLoc().getLocWithOffset(1), 0, BindCall);
}

void WarmStartRule::run(const Result &R) {
  const SourceManager &SM = *R.SourceManager;
  if (const auto *Main = R.Nodes.getNodeAs<FunctionDecl>("main"))
    return openPool(R, Main);
  if (const auto *V = R.Nodes.getNodeAs<VarDecl>("rootvar"))
    return registerAtDefinition(R, V);
  const auto *C = R.Nodes.getNodeAs<CallExpr>("call");
  const auto *Load = R.Nodes.getNodeAs<FunctionDecl>("load");
  const auto *Caller = R.Nodes.getNodeAs<FunctionDecl>("caller");
  if (Caller->getName().startswith(WarmPrefix))
    return noteWrapper(R, Caller); // the wrapper's own call (a second run)
  if (Caller->getName() == Load->getName())
    return; // the load function's recursion
  std::string Name;
  SourceLocation Tok = calleeToken(C, SM, R.Context->getLangOpts(), Name);
  if (Tok.isInvalid() || !editable(SM, Tok) || Name != Load->getName())
    return skip(R, C->getBeginLoc(), "load call inside a macro");
  std::string Wrapper = WarmPrefix + Load->getName().str();
  edit(SM, Tok, tokenLength(Tok, SM, R.Context->getLangOpts()), Wrapper, "load-call");
  SourceLocation Start = SM.getExpansionLoc(Caller->getBeginLoc());
  std::string Key = fileOf(SM, Start) + ":" + Wrapper;
  if (!Wrapped.insert(Key).second)
    return;
  bool Void = Load->getReturnType()->isVoidType();
  std::string Ret = resultName(Load);
  ++Ctx.Summary.Warm.Wrappers;
  bool Unseen = false;
  std::vector<std::string> Roots = rootExprs(R, Start, Unseen);
  // A load function that returns the table it built returns the restored root when warm.
  std::string WarmReturn = Ctx.Config.WarmReturn;
  if (!Ctx.Config.WarmReturnSet && Load->getReturnType()->isPointerType())
    for (const std::string &Root : Roots)
      if (const VarDecl *V = rootGlobal(*R.Context, Root))
        if (QualType T = rootType(V, Root);
            !T.isNull() && R.Context->hasSameUnqualifiedType(T, Load->getReturnType()))
          WarmReturn = Root;
  std::string WarmRoots = rootCalls(Roots, Unseen, "    ") + warmRuns(R, Load, Start),
              ColdRoots = rootCalls(Roots, Unseen, "  ");
  std::string Text =
      "/* persist-rewriter: a warm start restores the roots instead of loading */\n"
      "static " + prototype(Load, Wrapper).substr(Load->getStorageClass() == SC_Static ? 7 : 0) +
      " {\n  if (pms_port_skip_load()) {\n" + WarmRoots + "    return" +
      (Void ? "" : " " + WarmReturn) + ";\n  }\n  " +
      (Void ? "" : declaration(Load->getReturnType(), Ret, *R.Context) + " = ") +
      Load->getName().str() + "(" + forwardArguments(Load) + ");\n" + ColdRoots +
      "  pms_port_loaded();\n" + (Void ? "" : "  return " + Ret + ";\n") +
      "}\n#line " + std::to_string(lineOf(SM, Start)) + "\n";
  edit(SM, Start, 0, Text, "");
}

} // namespace nvm::port
