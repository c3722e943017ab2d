// Runs of logged stores in one block, logged together before the first of them.
#include "rules/StoreRunRule.h"
#include "rewrite/SpellingRange.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

/// Calls that neither unlock, nor leave the block, nor store into the pool unlogged: libc's
/// memory and string functions (also as builtins and fortified forms) and the runtime's
/// logged forms a ported file already calls.
bool harmlessCallee(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "memcpy", "memmove", "memset", "memcmp", "strlen", "strcmp", "strncmp",
      "__builtin_expect", "__builtin_constant_p", "__builtin_object_size",
      "pms_logged_", "pms_tx_log_store", "pms_port_memcpy", "pms_tx_memcpy", "pms_tx_memmove",
      "pms_tx_memset", "pms_value_touch", "pms_value_memset", "pms_value_memcpy",
      "pms_value_memmove"};
  if (Name.consume_front("__builtin___"))
    Name.consume_back("_chk");
  else
    Name.consume_front("__builtin_");
  return Names.contains(Name);
}

/// Whether a statement may sit inside a run, and which variables it assigns or declares.
class StatementScan : public RecursiveASTVisitor<StatementScan> {
public:
  explicit StatementScan(ASTContext &AC) : AC(AC) {}
  bool Straight = true;
  std::set<const VarDecl *> Assigned;

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || !harmlessCallee(FD->getName()))
      Straight = false;
    return Straight;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt, LabelStmt, ForStmt,
            SwitchStmt, AsmStmt>(S))
      Straight = false;
    // `do { ... } while (0)` and `while (0)` (a macro's statement shape) run at most once.
    if (const auto *D = dyn_cast<DoStmt>(S); D && !isFalse(D->getCond()))
      Straight = false;
    if (const auto *W = dyn_cast<WhileStmt>(S); W && !isFalse(W->getCond()))
      Straight = false;
    return Straight;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      note(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    Assigned.insert(V);
    return true;
  }

private:
  ASTContext &AC;
  bool isFalse(const Expr *Cond) const {
    std::optional<llvm::APSInt> V = Cond ? Cond->getIntegerConstantExpr(AC) : std::nullopt;
    return V && V->isZero();
  }
  void note(const Expr *L) {
    if (const auto *D = dyn_cast<DeclRefExpr>(L->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Assigned.insert(V);
  }
};

/// The stores a top-level statement always makes: `a = b = v`, `x op= v`, `x++`, `a = 1, b = 2`.
void alwaysStored(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma) {
      alwaysStored(B->getLHS(), Out);
      alwaysStored(B->getRHS(), Out);
    } else if (B->isAssignmentOp()) {
      Out.push_back(B);
      if (B->getOpcode() == BO_Assign)
        alwaysStored(B->getRHS(), Out);
    }
  } else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp()) {
    Out.push_back(U);
  }
}

/// The local pointer variable an l-value is reached through: `p` of `p->f`, `p->f.g`,
/// `p->a[3]`; null for anything else (a global base, a computed index, a pointer read from
/// memory).
const VarDecl *runBase(const Expr *L, ASTContext &AC) {
  L = L->IgnoreParens();
  for (;;) {
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(L)) {
      if (!S->getIdx()->isIntegerConstantExpr(AC) ||
          !S->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return nullptr;
      L = S->getBase()->IgnoreParenImpCasts();
    } else if (const auto *M = dyn_cast<MemberExpr>(L)) {
      if (M->isArrow()) {
        const auto *D = dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
        const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
        if (!V || !V->hasLocalStorage() || !V->getType()->isPointerType() ||
            V->getType().isVolatileQualified())
          return nullptr;
        return V;
      }
      L = M->getBase()->IgnoreParens();
    } else {
      return nullptr;
    }
  }
}

class AddressOfScan : public RecursiveASTVisitor<AddressOfScan> {
public:
  std::set<const VarDecl *> &Out;
  explicit AddressOfScan(std::set<const VarDecl *> &Out) : Out(Out) {}
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const auto *D = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Out.insert(V);
    return true;
  }
};

} // namespace

void StoreRunRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(compoundStmt(outsideWrappers(), hasAncestor(functionDecl().bind("fn")))
                        .bind("block"),
                    this);
}

const std::set<const VarDecl *> &StoreRunRule::addressTaken(const FunctionDecl *FD) {
  auto [It, New] = Taken.try_emplace(FD);
  if (New)
    AddressOfScan(It->second).TraverseStmt(FD->getBody());
  return It->second;
}

void StoreRunRule::run(const Result &R) {
  if (!Ctx.Config.LogRuns)
    return;
  const auto *Block = R.Nodes.getNodeAs<CompoundStmt>("block");
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD->hasBody())
    return;
  const std::set<const VarDecl *> &Taken = addressTaken(FD);
  const LangOptions &LO = R.Context->getLangOpts();
  Run Open;
  for (const Stmt *S : Block->body()) {
    StatementScan Scan(*R.Context);
    Scan.TraverseStmt(const_cast<Stmt *>(S));
    if (!Scan.Straight) {
      flush(Open, R);
      continue;
    }
    std::vector<const Expr *> Stored;
    if (const auto *E = dyn_cast<Expr>(S))
      alwaysStored(E, Stored);
    for (const Expr *Store : Stored) {
      const Expr *L = Stores.plainLoggedLValue(Store, *R.Context);
      const VarDecl *V = L ? runBase(L, *R.Context) : nullptr;
      if (!V || Taken.count(V) || Scan.Assigned.count(V) || Open.Assigned.count(V))
        continue;
      std::string Text = textOf(rewrite::spellingRange(L, *R.SourceManager, LO),
                                *R.SourceManager, LO);
      if (Text.empty())
        continue;
      if (!Open.First)
        Open.First = S;
      if (!llvm::is_contained(Open.Targets, Text))
        Open.Targets.push_back(Text);
    }
    if (Open.First)
      Open.Assigned.insert(Scan.Assigned.begin(), Scan.Assigned.end());
  }
  flush(Open, R);
}

// A second run over ported code forms no run: its stores are PMS_LOGGED already, which
// plainLoggedLValue leaves out.
void StoreRunRule::flush(Run &Open, const Result &R) {
  Run Done = std::move(Open);
  Open = Run();
  if (Done.Targets.size() < 2)
    return;
  const SourceManager &SM = *R.SourceManager;
  SourceLocation At = Done.First->getBeginLoc();
  if (!At.isFileID() || !editable(SM, At))
    return;
  std::string Log = "PMS_LOGGED_RUN(";
  for (size_t I = 0; I < Done.Targets.size(); ++I) {
    const std::string &T = Done.Targets[I];
    Log += (I ? ", {(void *)&(" : "{(void *)&(") + T + "), sizeof(" + T + ")}";
  }
  // In front of whatever wraps the first store's l-value, whichever rule came first.
  if (Ctx.Edits.add(replacement(SM, At, 0, Log + "); "), /*First=*/true))
    Ctx.Summary.count("store-run", relativePath(fileOf(SM, At), Ctx.Root));
}

} // namespace nvm::port
