// Runs of logged stores in one block, logged together before the first of them.
#include "rules/StoreRunRule.h"
#include "rules/RunAddress.h"
#include "rewrite/SpellingRange.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::port {

namespace {

/// Calls that neither unlock, nor leave the block, nor store into the pool unlogged: those
/// that write no memory, libc's memory functions (also as builtins and fortified forms) and
/// the runtime's logged forms a ported file already calls.
bool harmlessCallee(llvm::StringRef Name) {
  static const llvm::StringSet<> Writers = {
      "memcpy",        "memmove",        "memset",           "pms_port_memcpy",
      "pms_tx_memcpy", "pms_tx_memmove", "pms_tx_memset",    "pms_value_memset",
      "pms_value_memcpy", "pms_value_memmove"};
  llvm::StringRef Plain = plainCalleeName(Name);
  return writesNoMemory(Plain) || Writers.contains(Plain);
}

/// Whether a statement may sit inside a run (what it writes, RunWrites records).
class StatementScan : public RecursiveASTVisitor<StatementScan> {
public:
  explicit StatementScan(ASTContext &AC) : AC(AC) {}
  bool Straight = true;

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

private:
  ASTContext &AC;
  bool isFalse(const Expr *Cond) const {
    std::optional<llvm::APSInt> V = Cond ? Cond->getIntegerConstantExpr(AC) : std::nullopt;
    return V && V->isZero();
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

/// The stores `if (c) L = v;` makes when c holds (no else; the branch one statement), and c.
const Expr *guardedStores(const IfStmt *If, std::vector<const Expr *> &Out) {
  if (If->getElse() || If->getInit() || If->getConditionVariable() || If->isConstexpr())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *C = dyn_cast<CompoundStmt>(Then)) {
    if (C->size() != 1)
      return nullptr;
    Then = C->body_front();
  }
  const auto *E = dyn_cast<Expr>(Then);
  if (!E)
    return nullptr;
  alwaysStored(E, Out);
  return If->getCond();
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

/// Fields of one object stored by a run are logged as one range when the bytes between them
/// (fields the run does not store) are at most this many, and the range at most SpanMax long:
/// an undo entry costs more than copying a few bytes, and no range grows past a few lines.
constexpr uint64_t GapMax = 16, SpanMax = 128;

/// The runs of fields of one object close enough to log as one range: groups of indexes into
/// Fields (targets that are no field, or a field alone, are in no group).
std::vector<std::vector<size_t>>
fieldSpans(const std::vector<std::optional<StoreRunRule::FieldTarget>> &Fields) {
  std::map<std::pair<std::string, const RecordDecl *>, std::vector<size_t>> ByObject;
  for (size_t I = 0; I < Fields.size(); ++I)
    if (Fields[I])
      ByObject[{Fields[I]->Base, Fields[I]->Record}].push_back(I);
  std::vector<std::vector<size_t>> Spans;
  for (auto &[Object, Members] : ByObject) {
    llvm::sort(Members, [&](size_t A, size_t B) { return Fields[A]->Begin < Fields[B]->Begin; });
    std::vector<size_t> Open;
    uint64_t Begin = 0, End = 0;
    for (size_t I : Members) {
      const auto &F = *Fields[I];
      if (!Open.empty() && F.Begin <= End + GapMax && std::max(End, F.End) - Begin <= SpanMax) {
        Open.push_back(I);
        End = std::max(End, F.End);
        continue;
      }
      if (Open.size() > 1)
        Spans.push_back(Open);
      Open = {I};
      Begin = F.Begin;
      End = F.End;
    }
    if (Open.size() > 1)
      Spans.push_back(Open);
  }
  return Spans;
}

} // namespace

/// The field target of l-value L (`p->f`, a complete, non-bit-field member of the record p
/// points to), with p's value before the run, or nothing.
static std::optional<StoreRunRule::FieldTarget>
fieldTarget(const Expr *L, std::optional<std::string> Base, ASTContext &AC) {
  const auto *ME = dyn_cast<MemberExpr>(L->IgnoreParens());
  const auto *F = ME && ME->isArrow() ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!Base || !F || F->isBitField() || F->getName().empty() || F->getType()->isIncompleteType() ||
      F->getType()->isDependentType() || F->getParent()->isInvalidDecl())
    return std::nullopt;
  const RecordDecl *RD = F->getParent();
  uint64_t Begin = AC.getASTRecordLayout(RD).getFieldOffset(F->getFieldIndex()) / 8;
  uint64_t Size = AC.getTypeSizeInChars(F->getType()).getQuantity();
  if (Size == 0)
    return std::nullopt;
  return StoreRunRule::FieldTarget{*Base, RD, F->getName().str(), Begin, Begin + Size};
}

// Matched on the function, whose node the traversal reaches before any statement of its body:
// every run of the function is known (Ctx.RunStores) before another rule wraps one of its
// stores, even a store in a nested block through a pointer into a value root that an earlier
// statement took (ValueStoreRule wraps those when it meets the `&root[i]`).
void StoreRunRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(
      functionDecl(isDefinition(), hasBody(compoundStmt(outsideWrappers()))).bind("fn"), this);
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
  const auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn");
  for (const BoundNodes &B :
       match(findAll(compoundStmt().bind("block")), *FD->getBody(), *R.Context))
    runBlock(B.getNodeAs<CompoundStmt>("block"), FD, R);
}

void StoreRunRule::runBlock(const CompoundStmt *Block, const FunctionDecl *FD, const Result &R) {
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
    if (!Open.First)
      Open.Writes = RunWrites(); // the run would start here
    std::vector<const Expr *> Stored, Guarded;
    const Expr *Guard = nullptr;
    if (const auto *E = dyn_cast<Expr>(S))
      alwaysStored(E, Stored);
    else if (const auto *If = dyn_cast<IfStmt>(S))
      Guard = guardedStores(If, Guarded);
    // The statement's own writes count against its stores' addresses: a store may read what
    // an earlier part of its statement wrote.
    size_t At = Open.Writes.statements();
    Open.Writes.add(S, Stored, Guarded, Guard);
    auto target = [&](const Expr *Store, const Expr *Cond) {
      // A store through a pointer that may hold a pool address joins a run too, whatever the
      // whole program's flow decides for its own PMS_LOGGED: a range outside the pool costs the
      // run a compare, one inside is one the store changes. Such stores alone make no run.
      const Expr *L = Stores.plainLoggedLValue(Store, *R.Context);
      bool Plain = L;
      if (!L)
        L = Stores.plainLoggedLValue(Store, *R.Context, /*ThroughPointers=*/true);
      std::optional<std::string> Addr =
          L ? addressBeforeRun(L, At, Open.Writes, Taken, *R.Context) : std::nullopt;
      std::string Size =
          Addr ? textOf(rewrite::spellingRange(L, *R.SourceManager, LO), *R.SourceManager, LO)
               : "";
      if (Size.empty())
        return;
      std::string Entry = "{(void *)" + *Addr + ", sizeof(" + Size + ")}";
      if (Cond) {
        std::optional<std::string> When =
            valueBeforeRun(Cond, At, Open.Writes, Taken, L->IgnoreParens(), *R.Context);
        if (!When)
          return;
        Entry = "{(" + *When + ") ? (void *)" + *Addr + " : (void *)0, sizeof(" + Size + ")}";
      }
      if (!Open.First)
        Open.First = S;
      if (!llvm::is_contained(Open.Targets, Entry)) {
        Open.Targets.push_back(Entry);
        const auto *ME = dyn_cast<MemberExpr>(L->IgnoreParens());
        Open.Fields.push_back(
            Cond || !ME ? std::nullopt
                        : fieldTarget(L,
                                      valueBeforeRun(ME->getBase(), At, Open.Writes, Taken,
                                                     L->IgnoreParens(), *R.Context),
                                      *R.Context));
      }
      Open.Covered.push_back(L->IgnoreParens());
      Open.Plain |= Plain;
    };
    for (const Expr *Store : Stored)
      target(Store, nullptr);
    for (const Expr *Store : Guarded)
      target(Store, Guard);
  }
  flush(Open, R);
}

// A second run over ported code forms no run: its stores are PMS_LOGGED already, which
// plainLoggedLValue leaves out.
void StoreRunRule::flush(Run &Open, const Result &R) {
  Run Done = std::move(Open);
  Open = Run();
  if (Done.Targets.size() < 2 || !Done.Plain)
    return;
  const SourceManager &SM = *R.SourceManager;
  SourceLocation At = Done.First->getBeginLoc();
  if (!At.isFileID() || !editable(SM, At))
    return;
  // Fields of one object close together: one range from the first to the end of the last.
  for (const std::vector<size_t> &Span : fieldSpans(Done.Fields)) {
    const FieldTarget *First = &*Done.Fields[Span.front()], *Last = First;
    for (size_t I : Span) {
      const FieldTarget &F = *Done.Fields[I];
      First = F.Begin < First->Begin ? &F : First;
      Last = F.End > Last->End ? &F : Last;
    }
    std::string B = "(" + First->Base + ")";
    std::string From = "&(" + B + "->" + First->Field + ")", To = B + "->" + Last->Field;
    Done.Targets[Span.front()] = "{(void *)" + From + ", (__SIZE_TYPE__)((char *)&(" + To +
                                 ") + sizeof(" + To + ") - (char *)" + From + ")}";
    for (size_t I : llvm::drop_begin(Span))
      Done.Targets[I].clear();
  }
  llvm::erase_value(Done.Targets, std::string());
  std::string Log = "PMS_LOGGED_RUN(";
  for (size_t I = 0; I < Done.Targets.size(); ++I)
    Log += (I ? ", " : "") + Done.Targets[I];
  // In front of whatever wraps the first store's l-value, whichever rule came first. A run in
  // a header arrives once per unit that includes it: each unit's stores are the run's as well.
  tooling::Replacement Edit = replacement(SM, At, 0, Log + "); ");
  if (Ctx.Edits.add(Edit, /*First=*/true))
    Ctx.Summary.count("store-run", relativePath(fileOf(SM, At), Ctx.Root));
  if (Ctx.Edits.contains(Edit))
    Ctx.RunStores.insert(Done.Covered.begin(), Done.Covered.end());
}

} // namespace nvm::port
