// Calls in a function body: libc copies and I/O as data flow, allocators as fresh memory,
// and every other call as argument -> parameter and result -> call cell edges.
#include "nvm/FlowRecorder.h"
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

const llvm::StringMap<std::pair<int, int>> &ioReads() {
  static const llvm::StringMap<std::pair<int, int>> Table = {
#define NVM_IO_READ(Name, Arg, Handle) {#Name, {Arg, Handle}},
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

const llvm::StringMap<int> &ioOutputs() {
  static const llvm::StringMap<int> Table = {
#define NVM_IO_OUTPUT(Name, Arg) {#Name, Arg},
#include "nvm/IOFunctions.def"
  };
  return Table;
}

} // namespace

void FlowRecorder::call(const CallExpr *C) {
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
  // (*fp)(x) calls what fp points to, as fp(x) does (less's `(*action)(uparam, ml, line)`).
  const Expr *Through = C->getCallee()->IgnoreParenCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(Through))
    if (U->getOpcode() == UO_Deref && U->getSubExpr()->getType()->isFunctionPointerType())
      Through = U->getSubExpr()->IgnoreParenCasts();
    else
      break;
  CS.CalleeCell = Cells.pointerCell(Through);
  // The targets are filled in by the walk; arguments go to a placeholder callee.
  passArguments(C, "?" + Cells.callCell(C), nullptr);
  addCallSite(C, std::move(CS));
}

void FlowRecorder::directCall(const CallExpr *C, const FunctionDecl *Callee) {
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
      flow(Cells.pointerCell(Dest), cell::writeTarget(To), L, Flow::Base);
    std::string Value = "constant";
    for (int I = It->second.FirstSrc; I >= 0 && Arg(I); ++I) {
      store(Data(Arg(I)), To, L);
      store(Data(Arg(I)), globalArrayOf(Dest, true), L);
      if (classifyValue(Arg(I), Ctx) != "constant")
        Value = isa<StringLiteral>(Arg(I)->IgnoreParenCasts()) ? "text" : "data";
      if (!It->second.ToEnd)
        break;
    }
    // Formatted text (an error message, a log line): sink awareness asks where it goes.
    if (Name.contains("printf"))
      flow(std::string(cell::Format), To, L);
    // memcpy, strcpy and the like return their destination (stpcpy a place inside it):
    // `return memcpy(malloc(n), s, n)` hands the copy on through the result.
    if (isRawPointer(Callee->getReturnType()) && Dest->getType()->isPointerType()) {
      store(Cells.sources(Dest), Result, L);
      flow(Cells.pointeeRead(Dest), cell::pointee(Result), L, Flow::Alias);
    }
    write(Dest, Name, Value, L);
    return;
  }
  if (auto It = ioReads().find(Name); It != ioReads().end()) {
    auto [Dest, Handle] = It->second;
    std::string In = inputSite(C, Arg(Handle));
    if (Dest < 0)
      flow(In, Result, L);
    else if (const Expr *Buf = Arg(Dest)) {
      std::string Into = Cells.pointeeWrite(Buf);
      // getline(&line, &n, f): the text goes where the pointer it is handed points (a buffer
      // it may have grown), not into the pointer itself.
      QualType Param = Dest < int(Callee->getNumParams())
                           ? Callee->getParamDecl(Dest)->getType()
                           : Buf->IgnoreParenImpCasts()->getType();
      if (!Into.empty() && Param->isPointerType() && Param->getPointeeType()->isPointerType())
        Into = "*" + Into;
      else
        flow(In, globalArrayOf(Buf, true), L);
      flow(In, Into, L);
    }
    if (Dest < 0 && Callee->getReturnType()->isPointerType()) {
      flow(In, "*" + Result, L);
      // readdir's struct dirent *: the record it points to holds what was read.
      if (const RecordDecl *RD = pointeeRecordOf(Callee->getReturnType()))
        flow(In, cell::object(recordKey(RD)), L);
      // mmap: memory the load brings in, owned by no one yet
      flow(std::string(cell::Alloc), Result, L);
    }
    return;
  }
  if (auto It = ioScans().find(Name); It != ioScans().end()) {
    // Parsing stores what the text holds into every destination argument; fscanf reads the
    // text from its stream (argument 0), scanf from standard input.
    std::vector<std::string> Text;
    if (It->second.first >= 0 && Arg(It->second.first))
      Text = Data(Arg(It->second.first));
    else
      Text = {inputSite(C, It->second.second == 2 ? Arg(0) : nullptr)};
    for (int I = It->second.second; Arg(I); ++I) {
      store(Text, Cells.pointeeWrite(Arg(I)), L);
      write(Arg(I), Name, "data", L);
    }
    return;
  }
  if (auto It = ioWrites().find(Name); It != ioWrites().end()) {
    if (const Expr *Buf = Arg(It->second))
      store(Data(Buf), std::string(cell::Sink), L);
    return;
  }
  if (auto It = ioOutputs().find(Name); It != ioOutputs().end()) {
    // Shown to the user (a message, a log line): the data goes nowhere the program keeps.
    for (int I = It->second; Arg(I); ++I)
      store(Data(Arg(I)), std::string(cell::Output), L);
    return;
  }
  if (Name.startswith("__builtin") || Name.startswith("__atomic") || Name.startswith("__sync"))
    return;
  if (isAllocator(Name))
    flow(std::string(cell::Alloc), Result, L);
  std::string Usr = usrOf(Callee->getCanonicalDecl());
  if (Summary)
    addCallSite(C, {loc(L), Usr, Name.str(), ""});
  passArguments(C, Usr, Callee);
}

/// The cell holding what input call C reads ("in:c<n>"), with the stream it reads from: the
/// handle's value and every pointer it is reached through (r->io.file.fp: the field and r)
/// lead, as stream cells ("~<cell>"), into it. Precise mode decides from those whether the
/// read is of the load's own input.
std::string FlowRecorder::inputSite(const CallExpr *C, const Expr *Handle) {
  std::string In = cell::input(Cells.callCell(C));
  if (!Handle)
    return In;
  SourceLocation L = C->getBeginLoc();
  std::vector<std::string> Sources = Cells.sources(Handle);
  for (const std::string &S : Sources)
    flow(streamCell(S), In, L);
  // A handle the function names itself (descriptor 0, stdin) is a value of this function.
  if (llvm::all_of(Sources, [](const std::string &S) { return llvm::StringRef(S).startswith(cell::Global); }))
    flow(streamCell(cell::constantHandle(Cells.callCell(C))), In, L);
  for (const Expr *Cur = Handle->IgnoreParenCasts(); Cur;) {
    const Expr *Base = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(Cur))
      Base = ME->getBase();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Cur))
      Base = AS->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(Cur); U && U->getOpcode() == UO_Deref)
      Base = U->getSubExpr();
    if (!Base)
      break;
    Base = Base->IgnoreParenCasts();
    if (Base->getType()->isPointerType())
      flow(streamCell(Cells.pointerCell(Base)), In, L);
    Cur = Base;
  }
  return In;
}

/// A library function handed a pointer to a pointer (poptParseArgvString(line, &argc, &argv),
/// asprintf(&s, ...)) may return through it memory made of what its other arguments hold: the
/// strings it points to get their data, as a result would.
void FlowRecorder::libraryOutParameters(const CallExpr *C, const FunctionDecl *Callee) {
  if (!Callee || Callee->hasBody() ||
      !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
    return;
  SourceLocation L = C->getBeginLoc();
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    QualType T = C->getArg(I)->getType();
    if (!T->isPointerType() || !T->getPointeeType()->isPointerType())
      continue;
    std::string Out = Cells.pointeeWrite(C->getArg(I));
    if (Out.empty() || llvm::StringRef(Out).startswith(cell::Object))
      continue;
    for (unsigned J = 0; J < C->getNumArgs(); ++J) {
      const Expr *A = C->getArg(J);
      if (J == I || !(A->getType()->isPointerType() || A->getType()->isArrayType()))
        continue;
      std::string In = Cells.pointeeRead(A);
      flow(In, "*" + Out, L);
      flow(In, "**" + Out, L);
    }
  }
}

/// Whether a callee we cannot see may be assumed to fill what argument I of call C points to:
/// not a record's own storage (an array member, &x->f) handed to a parameter its prototype
/// declares pointer-to-const (restart_check_cb's 'const char *tag' given cb->tag), nor what a
/// record's void * field points to (cb->data: a handle kept for the callback, like list and
/// dict values, not a byte buffer). FIXME(#13): the const rule is not applied to buffers a
/// pointer leads to: there it would lose Redis' functionInfo, which nvmove finds only through
/// the callback assumed to fill the library code it is handed (engine->create).
static bool mayFillThrough(const CallExpr *C, unsigned I) {
  const Expr *A = C->getArg(I)->IgnoreParenImpCasts();
  const Expr *Member = A;
  if (const auto *U = dyn_cast<UnaryOperator>(A); U && U->getOpcode() == UO_AddrOf)
    Member = U->getSubExpr()->IgnoreParens();
  const auto *ME = dyn_cast<MemberExpr>(Member);
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (FD && isVoidPointer(FD->getType()))
    return false;
  bool OwnStorage = FD && (Member != A || FD->getType()->isArrayType());
  QualType FnType = C->getCallee()->getType();
  if (const auto *P = FnType->getAs<PointerType>())
    FnType = P->getPointeeType();
  if (const auto *Proto = FnType->getAs<FunctionProtoType>();
      OwnStorage && Proto && I < Proto->getNumParams())
    if (const auto *PT = Proto->getParamType(I)->getAs<PointerType>();
        PT && PT->getPointeeType().isConstQualified())
      return false;
  return true;
}

/// Arguments flow into the callee's parameters, its result into the call's cell; what a
/// pointer argument points to is shared with the callee (back edges only count if the callee
/// writes through that parameter, which the walk decides).
void FlowRecorder::passArguments(const CallExpr *C, const std::string &Target,
                             const FunctionDecl *Callee) {
  SourceLocation L = C->getBeginLoc();
  std::string Result = Cells.callCell(C);
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const Expr *A = C->getArg(I);
    std::string Param = cell::calleeParam(Target, I);
    store(Cells.sources(A), Param, L);
    // A local array passed decays to its address: the name it holds (a path built for open)
    // goes with it as a stream, as a pointer's value would.
    // So does a local passed by address (&rdb, a reader object holding the load's FILE *).
    const Expr *Bare = A->IgnoreParenImpCasts();
    if (Bare->getType()->isArrayType())
      flow(streamCell(Cells.pointeeRead(A)), streamCell(Param), L);
    else if (const auto *U = dyn_cast<UnaryOperator>(Bare); U && U->getOpcode() == UO_AddrOf)
      if (const auto *DR = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
        if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && !V->hasGlobalStorage())
          flow(streamCell(Cells.varCell(V)), streamCell(Param), L);
    // A callback we cannot see, handed a record (a reader context: RedisModuleIO, whose rio
    // holds the FILE *), is handed the handles its fields hold.
    if (!Callee)
      if (const RecordDecl *RD = pointeeRecordOf(A->getType()))
        for (const FieldDecl *F : RD->fields())
          if (F->getType()->isPointerType() || F->getType()->isIntegerType())
            flow(streamCell(cell::field(recordKey(RD), F->getName())), streamCell(Param), L);
    bool Typed = Callee && I < Callee->getNumParams() &&
                 pointeeRecordOf(Callee->getParamDecl(I)->getType());
    if (!(A->getType()->isPointerType() || A->getType()->isArrayType()) || Typed)
      continue;
    flow(Cells.pointeeRead(A), "*" + Param, L, Flow::Alias);
    if (!Callee && !isRawPointer(A->getType()))
      continue; // an unknown callee is assumed to fill byte buffers, not typed objects
    if (!Callee && !mayFillThrough(C, I))
      continue;
    flow("*" + Param, Cells.pointeeWrite(A), L, Flow::Back);
    // An out-parameter of a pointer (get_name(line, &r->name) doing `*out = malloc(n);
    // memcpy(*out, line, n)`): what the callee stores behind the pointer it stores there is
    // what the caller's pointer points to afterwards.
    // The way in too: a callee handed &line reads the bytes line points to through **p.
    if (Callee && A->getType()->isPointerType() &&
        A->getType()->getPointeeType()->isPointerType()) {
      if (std::string In = Cells.pointeeRead(A);
          !In.empty() && !llvm::StringRef(In).startswith(cell::ObjectRead))
        flow(cell::pointee(In), "**" + Param, L, Flow::Alias);
      if (std::string Out = Cells.pointeeWrite(A);
          !Out.empty() && !llvm::StringRef(Out).startswith(cell::Object))
        flow("**" + Param, cell::pointee(Out), L, Flow::Back);
    }
  }
  libraryOutParameters(C, Callee);
  QualType Ret = Callee ? Callee->getReturnType() : C->getType();
  typeOf(Result, Ret, L);
  if (!Ret->isVoidType())
    flow(cell::calleeResult(Target), Result, L);
  if (isRawPointer(Ret))
    flow(cell::pointee(cell::calleeResult(Target)), cell::pointee(Result), L, Flow::Alias);
  // A sizeof in the size of an allocation types the allocated object.
  if (isRawPointer(Ret))
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (C->getArg(I)->getType()->isIntegerType())
        store(Cells.sources(C->getArg(I)), cell::allocationSize(Result), L);
}

} // namespace nvm
