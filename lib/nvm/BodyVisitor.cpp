// Summary extraction for one function body. Each VisitXxx forwards to one recorder; the
// cell vocabulary is in Summary.h and ExprCells.h.
#include "nvm/BodyVisitor.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace nvm {
namespace {

struct LibcAssign {
  int Dest, FirstSrc;
  bool ToEnd;
};

const llvm::StringMap<LibcAssign> &libcAssignments() {
  static const llvm::StringMap<LibcAssign> Table = {
#define NVM_LIBC_ASSIGN(Name, Dest, Src, ToEnd) {#Name, {Dest, Src, ToEnd}},
#include "nvm/LibcAssignments.def"
  };
  return Table;
}

const llvm::StringMap<int> &ioReads() {
  static const llvm::StringMap<int> Table = {
#define NVM_IO_READ(Name, Arg) {#Name, Arg},
#include "nvm/IOFunctions.def"
  };
  return Table;
}

const llvm::StringMap<std::pair<int, int>> &ioScans() {
  static const llvm::StringMap<std::pair<int, int>> Table = {
#define NVM_IO_SCAN(Name, Src, FirstDest) {#Name, {Src, FirstDest}},
#include "nvm/IOFunctions.def"
  };
  return Table;
}

bool isAllocator(llvm::StringRef Name) {
  static const llvm::StringSet<> Table = {
#define NVM_ALLOCATOR(Name) #Name,
#include "nvm/IOFunctions.def"
  };
  return Table.contains(Name);
}

const llvm::StringMap<int> &ioWrites() {
  static const llvm::StringMap<int> Table = {
#define NVM_IO_WRITE(Name, Arg) {#Name, Arg},
#include "nvm/IOFunctions.def"
  };
  return Table;
}

/// What kind of value a store writes: the paper's "touched, not loaded" evidence.
std::string classifyValue(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "data";
  E = E->IgnoreParenCasts();
  if (isa<StringLiteral>(E))
    return "text";
  if (!E->isValueDependent() && E->isEvaluatable(Ctx))
    return "constant";
  return "data";
}

class Recorder {
public:
  Recorder(const FunctionDecl *Fn, ASTContext &Ctx, StringRef Root, std::vector<Flow> &Flows)
      : Cells(Fn), Ctx(Ctx), Root(Root), Flows(Flows) {}

  ExprCells Cells;
  FunctionSummary *Summary = nullptr; // null for global initializers

  std::string loc(SourceLocation L) { return locString(Ctx.getSourceManager(), L, Root); }

  void flow(const std::string &From, const std::string &To, SourceLocation L,
            Flow::KindT Kind = Flow::Store) {
    if (From.empty() || To.empty() || From == To)
      return;
    if (Kind == Flow::Alias && !keepAlias(From, To))
      return;
    Flows.push_back({From, To, loc(L), Kind});
  }

  /// Generic containers keep objects of every type behind one void* field (list values,
  /// dict values): reading such a field back as a typed object must not give that type what
  /// every other object stored there holds. A typed object read back into a fresh allocation
  /// is not new data either.
  static bool keepAlias(llvm::StringRef From, llvm::StringRef To) {
    if (To.startswith("o:") && (From.startswith("*f:") || From.startswith("*g:")))
      return false;
    if (From.startswith("r:") && To.startswith("*c"))
      return false;
    // Two pointers to the same record type already share its field cells.
    if (From.startswith("r:") && To.startswith("o:") && From.drop_front(2) == To.drop_front(2))
      return false;
    return true;
  }

  /// A void * handed around is a generic handle (list values, dict values, callback
  /// arguments), not a byte buffer: reading it back as a record must not give that record
  /// what every other object passed the same way holds. Byte buffers (char *) are overlays.
  void aliasIntoRecord(const Expr *Raw, const std::string &Record, SourceLocation L) {
    if (isVoidPointer(Raw->getType()))
      return;
    flow(Cells.pointeeRead(Raw), Record, L, Flow::Alias);
  }

  /// Which record a pointer-valued cell points to: tells heap objects (fresh pointers of
  /// that type exist) from temporaries that only ever live on the stack.
  void typeOf(const std::string &Cell, QualType T, SourceLocation L) {
    if (T->isPointerType())
      if (const RecordDecl *RD = pointeeRecordOf(T))
        flow(Cell, "t:" + recordKey(RD), L, Flow::Type);
  }

  void store(const std::vector<std::string> &Srcs, const std::string &To, SourceLocation L) {
    for (const std::string &S : Srcs)
      flow(S, To, L);
  }

  /// Two pointer values now share their pointee: each side sees what the other stores.
  void alias(const Expr *A, const Expr *B, SourceLocation L) {
    aliasOneWay(B, A, L);
    aliasOneWay(A, B, L);
  }

  void aliasOneWay(const Expr *From, const Expr *To, SourceLocation L) {
    std::string Target = Cells.pointeeWrite(To);
    if (llvm::StringRef(Target).startswith("o:") && isRawPointer(From->getType()))
      return aliasIntoRecord(From, Target, L);
    flow(Cells.pointeeRead(From), Target, L, Flow::Alias);
  }

  /// Every pointer the written l-value is reached through (p in p->a.b, t in t[i]->x) is
  /// the base of the store: loaded data stored there leads back to where p came from.
  void bases(const Expr *LValue, const std::string &Target, SourceLocation L) {
    if (Target.empty())
      return;
    for (const Expr *Cur = LValue->IgnoreParenCasts(); Cur;) {
      const Expr *Base = nullptr;
      if (const auto *ME = dyn_cast<MemberExpr>(Cur))
        Base = ME->getBase();
      else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur))
        Base = AS->getBase();
      else if (const auto *U = dyn_cast<UnaryOperator>(Cur);
               U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf))
        Base = U->getSubExpr();
      else if (const auto *B = dyn_cast<BinaryOperator>(Cur); B && B->isAdditiveOp())
        Base = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      if (!Base)
        break;
      Base = Base->IgnoreParenCasts();
      if (Base->getType()->isPointerType())
        flow(Cells.pointerCell(Base), "w:" + Target, L, Flow::Base);
      Cur = Base;
    }
  }

  void assign(const Expr *LHS, const Expr *RHS, SourceLocation L) {
    std::string To = Cells.written(LHS);
    store(Cells.sources(RHS), To, L);
    bases(LHS, To, L);
    if (LHS->getType()->isPointerType())
      alias(LHS, RHS, L);
  }

  void initVar(const VarDecl *V, const Expr *Init) {
    Init = Init->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
      initList(IL, V->getLocation(), Cells.varCell(V));
      return;
    }
    store(Cells.sources(Init), Cells.varCell(V), V->getLocation());
    if (V->getType()->isPointerType()) {
      std::string Pointee = isRawPointer(V->getType()) ? "*" + Cells.varCell(V) : "";
      if (const RecordDecl *RD = pointeeRecordOf(V->getType()))
        Pointee = "o:" + recordKey(RD);
      if (llvm::StringRef(Pointee).startswith("o:") && isRawPointer(Init->getType()))
        aliasIntoRecord(Init, Pointee, V->getLocation());
      else
        flow(Cells.pointeeRead(Init), Pointee, V->getLocation(), Flow::Alias);
      std::string Back = Pointee;
      if (!Back.empty() && Back[0] == 'o')
        Back[0] = 'r';
      flow(Back, Cells.pointeeWrite(Init), V->getLocation(), Flow::Alias);
    }
  }

  /// Aggregate initializers store each element into the field it initializes.
  void initList(const InitListExpr *IL, SourceLocation L, const std::string &Whole) {
    if (IL->isSemanticForm() == false && IL->getSemanticForm())
      IL = IL->getSemanticForm();
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD) {
      for (const Expr *E : IL->inits())
        if (const auto *Sub = dyn_cast<InitListExpr>(E->IgnoreParenImpCasts()))
          initList(Sub, L, Whole);
        else
          store(Cells.sources(E), Whole, L);
      return;
    }
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= IL->getNumInits())
        break;
      const Expr *E = IL->getInit(I++);
      std::string Field = "f:" + recordKey(RD) + "." + F->getName().str();
      // A global's fields are also named by its path (default_ops.visit), as uses name them.
      std::string Path = llvm::StringRef(Whole).startswith("g:")
                             ? Whole + "." + F->getName().str()
                             : std::string();
      if (const auto *Sub = dyn_cast<InitListExpr>(E->IgnoreParenImpCasts())) {
        initList(Sub, L, Field);
        if (!Path.empty())
          initList(Sub, L, Path);
      } else {
        store(Cells.sources(E), Field, L);
        if (!Path.empty())
          store(Cells.sources(E), Path, L);
      }
      if (RD->isUnion())
        break;
    }
  }

  void write(const Expr *Target, StringRef Op, const std::string &Value, SourceLocation L) {
    if (!Summary)
      return;
    WriteSite W;
    W.Loc = loc(L);
    W.Op = Op.str();
    W.Value = Value;
    const SourceManager &SM = Ctx.getSourceManager();
    W.Target = Lexer::getSourceText(CharSourceRange::getTokenRange(Target->getSourceRange()),
                                    SM, Ctx.getLangOpts())
                   .str();
    if (W.Target.size() > 80)
      W.Target = W.Target.substr(0, 77) + "...";
    collectRecords(Target, W);
    Summary->Writes.push_back(std::move(W));
  }

  /// An initialized local counts as written (the paper's walk sees `T *it = make()` too).
  void writeVar(const VarDecl *V, const std::string &Value) {
    if (!Summary)
      return;
    WriteSite W{loc(V->getLocation()), "init", V->getName().str(), {}, {}, Value};
    if (const RecordDecl *RD = recordOf(V->getType()))
      W.Records.push_back(recordKey(RD));
    Summary->Writes.push_back(std::move(W));
  }

  /// Records the written l-value is typed by or goes through, and the fields it names.
  void collectRecords(const Expr *E, WriteSite &W) {
    auto AddRecord = [&](QualType T) {
      if (const RecordDecl *RD = recordOf(T))
        W.Records.push_back(recordKey(RD));
    };
    for (const Expr *Cur = E; Cur;) {
      AddRecord(Cur->getType());
      const Expr *Next = Cur->IgnoreParens();
      if (const auto *CE = dyn_cast<CastExpr>(Next)) {
        Cur = CE->getSubExpr();
      } else if (const auto *ME = dyn_cast<MemberExpr>(Next)) {
        if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
          W.Fields.push_back(recordKey(FD->getParent()) + "." + FD->getName().str());
        Cur = ME->getBase();
      } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Next)) {
        Cur = AS->getBase();
      } else if (const auto *U = dyn_cast<UnaryOperator>(Next);
                 U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf)) {
        Cur = U->getSubExpr();
      } else if (const auto *B = dyn_cast<BinaryOperator>(Next); B && B->isAdditiveOp()) {
        Cur = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      } else {
        Cur = nullptr;
      }
    }
    llvm::sort(W.Records);
    W.Records.erase(std::unique(W.Records.begin(), W.Records.end()), W.Records.end());
  }

  void call(const CallExpr *C);

private:
  void directCall(const CallExpr *C, const FunctionDecl *Callee);
  void passArguments(const CallExpr *C, const std::string &Target,
                     const FunctionDecl *Callee);

  ASTContext &Ctx;
  std::string Root;
  std::vector<Flow> &Flows;
};

void Recorder::call(const CallExpr *C) {
  SourceLocation L = C->getBeginLoc();
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee) {
    // (*f)(x) and (&f)(x) name their target as plainly as f(x) does.
    if (const auto *DR = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenCasts()))
      Callee = dyn_cast<FunctionDecl>(DR->getDecl());
    else if (const auto *U = dyn_cast<UnaryOperator>(C->getCallee()->IgnoreParenCasts()))
      if (const auto *DR2 = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenCasts()))
        Callee = dyn_cast<FunctionDecl>(DR2->getDecl());
  }
  if (Callee)
    return directCall(C, Callee);
  if (!Summary)
    return;
  CallSite CS;
  CS.Loc = loc(L);
  const SourceManager &SM = Ctx.getSourceManager();
  CS.CalleeName = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                           C->getCallee()->getSourceRange()),
                                       SM, Ctx.getLangOpts())
                      .str();
  CS.CalleeCell = Cells.pointerCell(C->getCallee());
  // The targets are filled in by the walk; arguments go to a placeholder callee.
  passArguments(C, "?" + Cells.callCell(C), nullptr);
  Summary->Calls.push_back(std::move(CS));
}

void Recorder::directCall(const CallExpr *C, const FunctionDecl *Callee) {
  SourceLocation L = C->getBeginLoc();
  StringRef Name = Callee->getName();
  std::string Result = Cells.callCell(C);
  auto Arg = [&](int I) -> const Expr * {
    return I >= 0 && unsigned(I) < C->getNumArgs() ? C->getArg(I) : nullptr;
  };
  auto Data = [&](const Expr *E) {
    return E->getType()->isPointerType() || E->getType()->isArrayType()
               ? std::vector<std::string>{Cells.pointeeRead(E)}
               : Cells.sources(E);
  };
  if (auto It = libcAssignments().find(Name); It != libcAssignments().end()) {
    const Expr *Dest = Arg(It->second.Dest);
    if (!Dest)
      return;
    std::string To = Cells.pointeeWrite(Dest);
    bases(Dest, To, L);
    if (Dest->getType()->isPointerType())
      flow(Cells.pointerCell(Dest), "w:" + To, L, Flow::Base);
    std::string Value = "constant";
    for (int I = It->second.FirstSrc; I >= 0 && Arg(I); ++I) {
      store(Data(Arg(I)), To, L);
      if (classifyValue(Arg(I), Ctx) != "constant")
        Value = isa<StringLiteral>(Arg(I)->IgnoreParenCasts()) ? "text" : "data";
      if (!It->second.ToEnd)
        break;
    }
    write(Dest, Name, Value, L);
    return;
  }
  if (auto It = ioReads().find(Name); It != ioReads().end()) {
    if (It->second < 0)
      flow("LOAD", Result, L);
    else if (const Expr *Buf = Arg(It->second))
      flow("LOAD", Cells.pointeeWrite(Buf), L);
    if (It->second < 0 && Callee->getReturnType()->isPointerType()) {
      flow("LOAD", "*" + Result, L);
      flow("ALLOC", Result, L); // mmap: memory the load brings in, owned by no one yet
    }
    return;
  }
  if (auto It = ioScans().find(Name); It != ioScans().end()) {
    // Parsing stores what the text holds into every destination argument.
    std::vector<std::string> Text{"LOAD"};
    if (It->second.first >= 0 && Arg(It->second.first))
      Text = Data(Arg(It->second.first));
    for (int I = It->second.second; Arg(I); ++I) {
      store(Text, Cells.pointeeWrite(Arg(I)), L);
      write(Arg(I), Name, "data", L);
    }
    return;
  }
  if (auto It = ioWrites().find(Name); It != ioWrites().end()) {
    if (const Expr *Buf = Arg(It->second))
      store(Data(Buf), "SINK", L);
    return;
  }
  if (Name.startswith("__builtin") || Name.startswith("__atomic") || Name.startswith("__sync"))
    return;
  if (isAllocator(Name))
    flow("ALLOC", Result, L);
  std::string Usr = usrOf(Callee->getCanonicalDecl());
  if (Summary)
    Summary->Calls.push_back({loc(L), Usr, Name.str(), ""});
  passArguments(C, Usr, Callee);
}

/// Arguments flow into the callee's parameters, its result into the call's cell; what a
/// pointer argument points to is shared with the callee (back edges only count if the callee
/// writes through that parameter, which the walk decides).
void Recorder::passArguments(const CallExpr *C, const std::string &Target,
                             const FunctionDecl *Callee) {
  SourceLocation L = C->getBeginLoc();
  std::string Result = Cells.callCell(C);
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const Expr *A = C->getArg(I);
    std::string Param = "@" + Target + "|p" + std::to_string(I);
    store(Cells.sources(A), Param, L);
    bool Typed = Callee && I < Callee->getNumParams() &&
                 pointeeRecordOf(Callee->getParamDecl(I)->getType());
    if (!(A->getType()->isPointerType() || A->getType()->isArrayType()) || Typed)
      continue;
    flow(Cells.pointeeRead(A), "*" + Param, L, Flow::Alias);
    if (!Callee && !isRawPointer(A->getType()))
      continue; // an unknown callee is assumed to fill byte buffers, not typed objects
    flow("*" + Param, Cells.pointeeWrite(A), L, Flow::Back);
  }
  QualType Ret = Callee ? Callee->getReturnType() : C->getType();
  typeOf(Result, Ret, L);
  if (!Ret->isVoidType())
    flow("@" + Target + "|ret", Result, L);
  if (isRawPointer(Ret))
    flow("*@" + Target + "|ret", "*" + Result, L, Flow::Alias);
  // A sizeof in the size of an allocation types the allocated object.
  if (isRawPointer(Ret))
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (C->getArg(I)->getType()->isIntegerType())
        store(Cells.sources(C->getArg(I)), "a:" + Result, L);
}

class BodyVisitor : public RecursiveASTVisitor<BodyVisitor> {
public:
  BodyVisitor(Recorder &R, ASTContext &Ctx) : R(R), Ctx(Ctx) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign) {
      R.assign(B->getLHS(), B->getRHS(), B->getOperatorLoc());
      R.write(B->getLHS(), "=", classifyValue(B->getRHS(), Ctx), B->getOperatorLoc());
    }
    return true;
  }
  // Compound assignments accumulate (sizes, counts, offsets): the paper's walk sees them as
  // writes, but they carry no loaded data of their own into the l-value.
  bool VisitCompoundAssignOperator(CompoundAssignOperator *B) {
    bool Counter = classifyValue(B->getRHS(), Ctx) == "constant";
    R.write(B->getLHS(), B->getOpcodeStr(), Counter ? "counter" : "data", B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      R.write(U->getSubExpr(), U->isIncrementOp() ? "++" : "--", "counter", U->getOperatorLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V) && !V->hasGlobalStorage())
      R.typeOf(R.Cells.varCell(V), V->getType(), V->getLocation());
    if (V->hasInit() && !isa<ParmVarDecl>(V) && !V->hasGlobalStorage()) {
      R.initVar(V, V->getInit());
      R.writeVar(V, classifyValue(V->getInit(), Ctx));
    }
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (const Expr *E = S->getRetValue()) {
      R.store(R.Cells.sources(E), "ret", S->getReturnLoc());
      if (isRawPointer(E->getType()))
        R.flow(R.Cells.pointeeRead(E), "*ret", S->getReturnLoc(), Flow::Alias);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    R.call(C);
    return true;
  }
  /// A byte buffer cast to a record pointer is an overlay: the record holds those bytes.
  /// (The other way, a record read as bytes, is the aliasing of the assignment it feeds.)
  bool VisitCastExpr(CastExpr *C) {
    QualType From = C->getSubExpr()->getType();
    if (const RecordDecl *RTo = pointeeRecordOf(C->getType());
        RTo && isRawPointer(From) && !isVoidPointer(From)) {
      R.flow(R.Cells.pointeeRead(C->getSubExpr()), "o:" + recordKey(RTo), C->getBeginLoc(),
             Flow::Alias);
    }
    return true;
  }
  // Operands of sizeof are not evaluated: nothing in them is assigned or called.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }

private:
  Recorder &R;
  ASTContext &Ctx;
};

} // namespace

/// A body whose last statement calls exit()/abort()/a noreturn function, with no return
/// statement anywhere: every path ends the process (Redis' rdbCheckThenExit, memcached's
/// fatal paths). Conservative: any return keeps the function.
static bool endsInNoReturnCall(const FunctionDecl *Fn) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Fn->getBody());
  if (!Body || Body->body_empty())
    return false;
  const auto *Last = dyn_cast<CallExpr>(Body->body_back()->IgnoreContainers());
  const FunctionDecl *Callee = Last ? Last->getDirectCallee() : nullptr;
  if (!Callee || !Callee->isNoReturn())
    return false;
  struct ReturnFinder : RecursiveASTVisitor<ReturnFinder> {
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  } Finder;
  Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return !Finder.Found;
}

FunctionSummary summariseFunction(const FunctionDecl *Fn, StringRef Root) {
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  FunctionSummary S;
  S.Usr = usrOf(Fn->getCanonicalDecl());
  S.Name = Fn->getNameAsString();
  S.DefinedAt = locString(SM, Fn->getLocation(), Root, false);
  S.InApp = !SM.isInSystemHeader(SM.getExpansionLoc(Fn->getLocation()));
  S.NumParams = Fn->getNumParams();
  S.ReturnsPointer = Fn->getReturnType()->isPointerType();
  S.TrivialSignature = llvm::all_of(Fn->parameters(), [](const ParmVarDecl *P) {
    QualType T = P->getType().getCanonicalType();
    return T->isBuiltinType() || T->isEnumeralType();
  });
  S.NoReturn = Fn->isNoReturn() || endsInNoReturnCall(Fn);
  Recorder R(Fn, Ctx, Root, S.Flows);
  R.Summary = &S;
  for (const ParmVarDecl *P : Fn->parameters())
    R.typeOf(R.Cells.varCell(P), P->getType(), P->getLocation());
  BodyVisitor V(R, Ctx);
  V.TraverseStmt(Fn->getBody());
  return S;
}

std::vector<Flow> globalInitFlows(const VarDecl *V, StringRef Root) {
  std::vector<Flow> Flows;
  if (!V->hasInit())
    return Flows;
  Recorder R(nullptr, V->getASTContext(), Root, Flows);
  R.initVar(V, V->getInit());
  return Flows;
}

} // namespace nvm
