// The call graph behind the "store reachable from no operation" notes.
#include "rules/OperationReachRule.h"
#include "rules/OperationRule.h"
#include "rules/WarmStartRule.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <deque>

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

class CallVisitor : public RecursiveASTVisitor<CallVisitor> {
public:
  CallVisitor(PortContext::FunctionFacts &F, std::map<std::string, std::string> &AddressTaken,
              const SourceManager &SM)
      : F(F), AddressTaken(AddressTaken), SM(SM) {}

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
  PortContext::FunctionFacts &F;
  std::map<std::string, std::string> &AddressTaken;
  const SourceManager &SM;
  std::set<const DeclRefExpr *> Callees;
};

} // namespace

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

void OperationReachRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(functionDecl(isDefinition()).bind("fn"), this);
  // Tables of functions (`static handler *handlers[] = {...}`) take their addresses too.
  Finder.addMatcher(varDecl(hasGlobalStorage(), hasInitializer(expr().bind("init"))), this);
}

void OperationReachRule::run(const Result &R) {
  if (const auto *Init = R.Nodes.getNodeAs<Expr>("init")) {
    PortContext::FunctionFacts Unused;
    CallVisitor(Unused, Ctx.Reach.AddressTaken, *R.SourceManager)
        .TraverseStmt(const_cast<Expr *>(Init));
    return;
  }
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD->hasBody())
    return;
  PortContext::FunctionFacts &F = Ctx.Reach.Functions[functionId(FD, *R.SourceManager)];
  CallVisitor(F, Ctx.Reach.AddressTaken, *R.SourceManager)
      .TraverseStmt(const_cast<Stmt *>(FD->getBody()));
}

std::vector<std::string> storesOutsideOperations(const PortContext &Ctx) {
  const auto &Fns = Ctx.Reach.Functions;
  // Operations (and their bodies after an earlier run) and the load functions (the cold load
  // stores unlogged on purpose) start the walk; an indirect call inside reaches every
  // function of its type whose address is taken.
  std::deque<std::string> Work;
  std::set<std::string> Reached;
  auto reach = [&](const std::string &Id) {
    if (Reached.insert(Id).second)
      Work.push_back(Id);
  };
  for (const auto &[Id, F] : Fns) {
    llvm::StringRef Name = llvm::StringRef(Id).rsplit('#').second;
    if (Name.empty())
      Name = Id;
    for (const std::string &Op : Ctx.Config.Operations)
      if (Name == Op || Name == Op + OperationBodySuffix)
        reach(Id);
    for (const std::string &Load : Ctx.Config.LoadCalls)
      if (Name == Load)
        reach(Id);
  }
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
      if (IndirectTypes.insert(T).second)
        for (const auto &[A, Type] : Ctx.Reach.AddressTaken)
          if (Type == T)
            reach(A);
  }
  std::vector<std::string> Out;
  for (const auto &[Id, Stores] : Ctx.Reach.Stores) {
    if (Reached.count(Id))
      continue;
    llvm::StringRef Name = llvm::StringRef(Id).rsplit('#').second;
    std::string Fn = (Name.empty() ? llvm::StringRef(Id) : Name).str();
    bool Pointer = Ctx.Reach.AddressTaken.count(Id);
    for (const std::string &S : Stores)
      Out.push_back(S + " in " + Fn + "(), which no operation and not the load reaches" +
                    (Pointer ? " (it is called through a function pointer: check who calls it)"
                             : "") +
                    ": it runs outside a transaction (name its caller with 'operation =')");
  }
  return Out;
}

} // namespace nvm::port
