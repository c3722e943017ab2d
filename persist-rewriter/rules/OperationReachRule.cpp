// The call graph behind the notes on stores no operation reaches and globals only the load sets.
#include "rules/OperationReachRule.h"
#include "rules/OperationRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <deque>
#include <functional>

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

class CallVisitor : public RecursiveASTVisitor<CallVisitor> {
public:
  using WhereFn = std::function<std::string(SourceLocation)>;
  CallVisitor(PortContext::FunctionFacts &F, std::map<std::string, std::string> &AddressTaken,
              const SourceManager &SM, WhereFn Where)
      : F(F), AddressTaken(AddressTaken), SM(SM), Where(std::move(Where)) {}

  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *Callee = C->getDirectCallee())
      F.Callees.insert(functionId(Callee, SM));
    else if (QualType T = C->getCallee()->getType(); T->isPointerType())
      F.IndirectTypes.insert(signature(T->getPointeeType()));
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    // A function named anywhere but as a call's callee may be called through a pointer.
    if (const auto *FD = dyn_cast<FunctionDecl>(D->getDecl()))
      if (!Callees.count(D))
        AddressTaken.emplace(functionId(FD, SM), signature(FD->getType()));
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasGlobalStorage() &&
                                                          !V->isStaticLocal())
      F.Uses.insert(globalId(V));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      noteWrite(B->getLHS(), B->getBeginLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      noteWrite(U->getSubExpr(), U->getBeginLoc());
    return true;
  }
  /// A function type as a pointer to it must match: canonical, without parameter names.
  static std::string signature(QualType T) {
    return T.getCanonicalType().getUnqualifiedType().getAsString();
  }
  bool TraverseCallExpr(CallExpr *C) {
    if (const auto *D = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(D);
    return RecursiveASTVisitor::TraverseCallExpr(C);
  }

private:
  /// The global L writes itself (`g = `, `g.f = `, `g[i] = `; not `g->f`, which writes the
  /// object g points to).
  void noteWrite(const Expr *L, SourceLocation Loc) {
    if (const VarDecl *V = variableAtBase(L); V && V->hasGlobalStorage() && !V->isStaticLocal())
      F.Writes.try_emplace(globalId(V), Where(SM.getExpansionLoc(Loc)));
  }
  std::string globalId(const VarDecl *V) const {
    V = V->getCanonicalDecl();
    if (V->isExternallyVisible())
      return V->getName().str();
    return PortRule::fileOf(SM, V->getLocation()) + "#" + V->getName().str();
  }

  PortContext::FunctionFacts &F;
  std::map<std::string, std::string> &AddressTaken;
  const SourceManager &SM;
  WhereFn Where;
  std::set<const DeclRefExpr *> Callees;
};

} // namespace

void OperationReachRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  // Tables of functions (`static handler *handlers[] = {...}`) take their addresses too.
  Finder.addMatcher(varDecl(hasGlobalStorage(), hasInitializer(expr().bind("init"))), this);
}

void OperationReachRule::run(const Result &R) {
  auto Where = [&](SourceLocation L) { return where(*R.SourceManager, L); };
  if (const auto *Init = R.Nodes.getNodeAs<Expr>("init")) {
    PortContext::FunctionFacts Unused;
    CallVisitor(Unused, Ctx.Reach.AddressTaken, *R.SourceManager, Where)
        .TraverseStmt(const_cast<Expr *>(Init));
    return;
  }
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD->hasBody())
    return;
  PortContext::FunctionFacts &F = Ctx.Reach.Functions[functionId(FD, *R.SourceManager)];
  CallVisitor(F, Ctx.Reach.AddressTaken, *R.SourceManager, Where)
      .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
}

/// The name part of a function id ("file#name" for static functions).
static llvm::StringRef nameOf(llvm::StringRef Id) {
  llvm::StringRef Name = Id.rsplit('#').second;
  return Name.empty() ? Id : Name;
}

/// The functions reachable from those Start accepts (by name); with Indirect, an indirect call
/// reaches every function of its type whose address is taken.
static std::set<std::string> reachable(const PortContext &Ctx,
                                       std::function<bool(llvm::StringRef)> Start,
                                       bool Indirect) {
  const auto &Fns = Ctx.Reach.Functions;
  std::deque<std::string> Work;
  std::set<std::string> Reached;
  auto reach = [&](const std::string &Id) {
    if (Reached.insert(Id).second)
      Work.push_back(Id);
  };
  for (const auto &[Id, F] : Fns)
    if (Start(nameOf(Id)))
      reach(Id);
  std::set<std::string> IndirectTypes;
  while (!Work.empty()) {
    std::string Id = Work.front();
    Work.pop_front();
    auto It = Fns.find(Id);
    if (It == Fns.end())
      continue;
    for (const std::string &C : It->second.Callees)
      reach(C);
    for (const std::string &T : It->second.IndirectTypes)
      if (Indirect && IndirectTypes.insert(T).second)
        for (const auto &[A, Type] : Ctx.Reach.AddressTaken)
          if (Type == T)
            reach(A);
  }
  return Reached;
}

static bool isLoadFunction(const PortContext &Ctx, llvm::StringRef Name) {
  return llvm::is_contained(Ctx.Config.LoadCalls, Name.str());
}

std::vector<std::string> storesOutsideOperations(const PortContext &Ctx) {
  // Operations (and their bodies after an earlier run) and the load functions (the cold load
  // stores unlogged on purpose) start the walk; through pointers too, so that a note is never
  // about a store an operation may reach.
  std::set<std::string> Reached = reachable(
      Ctx,
      [&](llvm::StringRef Name) {
        for (const std::string &Op : Ctx.Config.Operations)
          if (Name == Op || Name == Op + OperationBodySuffix)
            return true;
        return isLoadFunction(Ctx, Name);
      },
      /*Indirect=*/true);
  std::vector<std::string> Out;
  for (const auto &[Id, Stores] : Ctx.Reach.Stores) {
    if (Reached.count(Id))
      continue;
    std::string Fn = nameOf(Id).str();
    bool Pointer = Ctx.Reach.AddressTaken.count(Id);
    for (const std::string &S : Stores)
      Out.push_back(S + " in " + Fn + "(), which no operation and not the load reaches" +
                    (Pointer ? " (it is called through a function pointer: check who calls it)"
                             : "") +
                    ": it runs outside a transaction (name its caller with 'operation =')");
  }
  return Out;
}

std::vector<std::string> globalsOnlyTheLoadSets(const PortContext &Ctx) {
  // Direct calls only: through pointers the load of a large program reaches most of it (Redis'
  // rdbLoad reaches Lua, modules and Sentinel), and a set-up function is called directly.
  std::set<std::string> Load = reachable(
      Ctx, [&](llvm::StringRef Name) { return isLoadFunction(Ctx, Name); }, /*Indirect=*/false);
  std::set<std::string> Kept(Ctx.Config.ValueRoots.begin(), Ctx.Config.ValueRoots.end());
  for (const std::string &Root : Ctx.Roots)
    Kept.insert(rootGlobalName(Root).str());
  std::map<std::string, std::string> Written; // global -> where the load sets it
  for (const std::string &Id : Load)
    if (auto It = Ctx.Reach.Functions.find(Id); It != Ctx.Reach.Functions.end())
      for (const auto &[G, Where] : It->second.Writes)
        if (!Kept.count(nameOf(G).str()))
          Written.try_emplace(G, Where);
  // A global other code sets as well (Redis' initServer sets 'shared') is set on a warm start.
  for (const auto &[Id, F] : Ctx.Reach.Functions)
    if (!Load.count(Id))
      for (const auto &[G, Where] : F.Writes)
        Written.erase(G);
  std::vector<std::string> Out;
  for (const auto &[G, Where] : Written) {
    std::vector<std::string> Users;
    for (const auto &[Id, F] : Ctx.Reach.Functions)
      if (!Load.count(Id) && F.Uses.count(G) && Users.size() < 3)
        Users.push_back(nameOf(Id).str() + "()");
    if (Users.empty())
      continue;
    Out.push_back(Where + ": the load sets global '" + nameOf(G).str() + "', which " +
                  llvm::join(Users, ", ") +
                  " also use: a warm start skips the load and leaves it as at exec; keep it "
                  "with 'root =' or 'value-root =', or set it up again with 'warm-run = fn'");
  }
  return Out;
}

} // namespace nvm::port
