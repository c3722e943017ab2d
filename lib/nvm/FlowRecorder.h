// Records what one function body (or one global initializer) does, as summary facts:
// data-flow edges between cells, write sites, calls. The visitor in BodyVisitor.cpp feeds it;
// call handling lives in CallRecorder.cpp.
#ifndef NVM_FLOWRECORDER_H
#define NVM_FLOWRECORDER_H

#include "nvm/CallGuards.h"
#include "nvm/ExitPaths.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "nvm/Summary.h"
#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

namespace nvm {

/// What kind of value a store writes: the paper's "touched, not loaded" evidence.
std::string classifyValue(const clang::Expr *E, const clang::ASTContext &Ctx);

class FlowRecorder {
public:
  FlowRecorder(const clang::FunctionDecl *Fn, clang::ASTContext &Ctx, llvm::StringRef Root, std::vector<Flow> &Flows)
      : Cells(Fn), Ctx(Ctx), Root(Root), Flows(Flows) {}

  ExprCells Cells;
  FunctionSummary *Summary = nullptr; // null for global initializers
  const ExitPaths *Exits = nullptr;    // the body's paths that end the process, if known
  unsigned LoopDepth = 0;              // loops of the body around the statement recorded
  const CallGuardMap *Guards = nullptr; // what holds of the parameters at each call, if known

  /// Call C as a call site of the summary, with whether every path after it ends the process.
  void addCallSite(const clang::CallExpr *C, CallSite CS) {
    if (Exits)
      if (auto It = Exits->Calls.find(C); It != Exits->Calls.end()) {
        CS.EndsProcess = true;
        CS.EndsThrough = It->second.Through;
      }
    if (Guards)
      if (auto It = Guards->Calls.find(C); It != Guards->Calls.end())
        CS.Guards = It->second;
    for (const clang::Expr *A : C->arguments())
      CS.ConstArgs.push_back(Guards ? argumentValue(A, Cells.function(), *Guards) : "");
    CS.InLoop = LoopDepth > 0;
    Summary->Calls.push_back(std::move(CS));
  }

  std::string loc(clang::SourceLocation L) { return locString(Ctx.getSourceManager(), L, Root); }

  void flow(const std::string &From, const std::string &To, clang::SourceLocation L,
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
    llvm::StringRef Pointed = From;
    if (To.startswith(cell::Object) && Pointed.consume_front(cell::Pointee) &&
        (Pointed.startswith(cell::Field) || Pointed.startswith(cell::Global)))
      return false;
    if (From.startswith(cell::ObjectRead) && To.startswith(cell::PointeeCall))
      return false;
    // Two pointers to the same record type already share its field cells.
    if (From.startswith(cell::ObjectRead) && To.startswith(cell::Object) &&
        From.drop_front(cell::ObjectRead.size()) == To.drop_front(cell::Object.size()))
      return false;
    return true;
  }

  /// A void * handed around is a generic handle (list values, dict values, callback
  /// arguments), not a byte buffer: reading it back as a record must not give that record
  /// what every other object passed the same way holds. Byte buffers (char *) are overlays.
  void aliasIntoRecord(const clang::Expr *Raw, const std::string &Record, clang::SourceLocation L) {
    if (isVoidPointer(Raw->getType()))
      return;
    flow(Cells.pointeeRead(Raw), Record, L, Flow::Alias);
  }

  /// Which record a pointer-valued cell points to: tells heap objects (fresh pointers of
  /// that type exist) from temporaries that only ever live on the stack.
  void typeOf(const std::string &Cell, clang::QualType T, clang::SourceLocation L) {
    if (T->isPointerType())
      if (const clang::RecordDecl *RD = pointeeRecordOf(T))
        flow(Cell, cell::type(recordKey(RD)), L, Flow::Type);
  }

  void store(const std::vector<std::string> &Srcs, const std::string &To, clang::SourceLocation L) {
    for (const std::string &S : Srcs)
      flow(S, To, L);
  }

  /// Two pointer values now share their pointee: each side sees what the other stores.
  void alias(const clang::Expr *A, const clang::Expr *B, clang::SourceLocation L) {
    aliasOneWay(B, A, L);
    aliasOneWay(A, B, L);
  }

  void aliasOneWay(const clang::Expr *From, const clang::Expr *To, clang::SourceLocation L) {
    std::string Target = Cells.pointeeWrite(To);
    if (llvm::StringRef(Target).startswith(cell::Object) && isRawPointer(From->getType()))
      return aliasIntoRecord(From, Target, L);
    flow(Cells.pointeeRead(From), Target, L, Flow::Alias);
  }

  /// Every pointer the written l-value is reached through (p in p->a.b, t in t[i]->x) is
  /// the base of the store: loaded data stored there leads back to where p came from.
  void bases(const clang::Expr *LValue, const std::string &Target, clang::SourceLocation L) {
    if (Target.empty())
      return;
    for (const clang::Expr *Cur = LValue->IgnoreParenCasts(); Cur;) {
      const clang::Expr *Base = nullptr;
      if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(Cur))
        Base = ME->getBase();
      else if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(Cur))
        Base = AS->getBase();
      else if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(Cur);
               U && (U->getOpcode() == clang::UO_Deref || U->getOpcode() == clang::UO_AddrOf))
        Base = U->getSubExpr();
      else if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(Cur); B && B->isAdditiveOp())
        Base = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      if (!Base)
        break;
      // (&c->head)->first = p (the queue.h macros): the member embedded in c is the base.
      if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(Cur);
          U && U->getOpcode() == clang::UO_AddrOf)
        flow(Cells.embeddedMember(Base), cell::writeTarget(Target), L, Flow::Base);
      Base = Base->IgnoreParenCasts();
      if (Base->getType()->isPointerType())
        flow(Cells.pointerCell(Base), cell::writeTarget(Target), L, Flow::Base);
      Cur = Base;
    }
  }

  /// The global array a whole record element lives in ("g:elems" for elems[i], &elems[i]):
  /// the element's own cell is its record's object cell, which says nothing of where it lives.
  std::string globalArrayOf(const clang::Expr *E, bool Pointer) {
    E = E->IgnoreParenCasts();
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(E);
        Pointer && U && U->getOpcode() == clang::UO_AddrOf)
      E = U->getSubExpr()->IgnoreParens();
    else if (Pointer)
      return {};
    const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(E);
    return AS && AS->getType()->isRecordType() ? Cells.globalRoot(AS) : std::string();
  }

  void assign(const clang::Expr *LHS, const clang::Expr *RHS, clang::SourceLocation L) {
    std::string To = Cells.written(LHS);
    store(Cells.sources(RHS), To, L);
    store(Cells.sources(RHS), globalArrayOf(LHS, false), L);
    bases(LHS, To, L);
    if (LHS->getType()->isPointerType())
      alias(LHS, RHS, L);
  }

  void initVar(const clang::VarDecl *V, const clang::Expr *Init) {
    Init = Init->IgnoreParenImpCasts();
    if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(Init)) {
      initList(IL, V->getLocation(), Cells.varCell(V));
      return;
    }
    store(Cells.sources(Init), Cells.varCell(V), V->getLocation());
    if (V->getType()->isPointerType())
      initPointee(Cells.varCell(V), V->getType(), Init, V->getLocation());
  }

  /// Pointer cell Cell of type T initialized with Init shares what Init points to.
  void initPointee(const std::string &Cell, clang::QualType T, const clang::Expr *Init,
                   clang::SourceLocation L) {
    std::string Pointee = isRawPointer(T) ? "*" + Cell : "";
    if (const clang::RecordDecl *RD = pointeeRecordOf(T))
      Pointee = cell::object(recordKey(RD));
    if (llvm::StringRef(Pointee).startswith(cell::Object) && isRawPointer(Init->getType()))
      aliasIntoRecord(Init, Pointee, L);
    else
      flow(Cells.pointeeRead(Init), Pointee, L, Flow::Alias);
    std::string Back = Pointee;
    if (!Back.empty() && Back[0] == 'o')
      Back[0] = 'r';
    flow(Back, Cells.pointeeWrite(Init), L, Flow::Alias);
  }

  /// Aggregate initializers store each element into the field it initializes.
  void initList(const clang::InitListExpr *IL, clang::SourceLocation L, const std::string &Whole) {
    if (IL->isSemanticForm() == false && IL->getSemanticForm())
      IL = IL->getSemanticForm();
    const clang::RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD) {
      for (const clang::Expr *E : IL->inits())
        if (const auto *Sub = llvm::dyn_cast<clang::InitListExpr>(E->IgnoreParenImpCasts()))
          initList(Sub, L, Whole);
        else
          store(Cells.sources(E), Whole, L);
      return;
    }
    unsigned I = 0;
    for (const clang::FieldDecl *F : RD->fields()) {
      if (I >= IL->getNumInits())
        break;
      const clang::Expr *E = IL->getInit(I++);
      std::string Field = cell::field(recordKey(RD), F->getName());
      // A global's fields are also named by its path (default_ops.visit), as uses name them.
      std::string Path = llvm::StringRef(Whole).startswith(cell::Global)
                             ? Whole + "." + F->getName().str()
                             : std::string();
      if (const auto *Sub = llvm::dyn_cast<clang::InitListExpr>(E->IgnoreParenImpCasts())) {
        initList(Sub, L, Field);
        if (!Path.empty())
          initList(Sub, L, Path);
      } else {
        store(Cells.sources(E), Field, L);
        if (!Path.empty())
          store(Cells.sources(E), Path, L);
        // `struct fs fs = { buf, ... }`: the field points where buf does, as after fs.p = buf.
        clang::QualType From = E->IgnoreParenImpCasts()->getType();
        if (F->getType()->isPointerType() && (From->isPointerType() || From->isArrayType()))
          initPointee(Field, F->getType(), E, L);
      }
      if (RD->isUnion())
        break;
    }
  }

  void write(const clang::Expr *Target, llvm::StringRef Op, const std::string &Value, clang::SourceLocation L) {
    if (!Summary)
      return;
    WriteSite W;
    W.Loc = loc(L);
    W.Op = Op.str();
    W.Value = Value;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    W.Target = clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(Target->getSourceRange()),
                                    SM, Ctx.getLangOpts())
                   .str();
    if (W.Target.size() > 80)
      W.Target = W.Target.substr(0, 77) + "...";
    collectRecords(Target, W);
    Summary->Writes.push_back(std::move(W));
  }

  /// An initialized local counts as written (the paper's walk sees `T *it = make()` too).
  void writeVar(const clang::VarDecl *V, const std::string &Value) {
    if (!Summary)
      return;
    WriteSite W{loc(V->getLocation()), "init", V->getName().str(), {}, {}, Value};
    if (const clang::RecordDecl *RD = recordOf(V->getType()))
      W.Records.push_back(recordKey(RD));
    Summary->Writes.push_back(std::move(W));
  }

  /// Records the written l-value is typed by or goes through, and the fields it names.
  void collectRecords(const clang::Expr *E, WriteSite &W) {
    auto AddRecord = [&](clang::QualType T) {
      if (const clang::RecordDecl *RD = recordOf(T))
        W.Records.push_back(recordKey(RD));
    };
    for (const clang::Expr *Cur = E; Cur;) {
      AddRecord(Cur->getType());
      const clang::Expr *Next = Cur->IgnoreParens();
      if (const auto *CE = llvm::dyn_cast<clang::CastExpr>(Next)) {
        Cur = CE->getSubExpr();
      } else if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(Next)) {
        if (const auto *FD = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl()))
          W.Fields.push_back(recordKey(FD->getParent()) + "." + FD->getName().str());
        Cur = ME->getBase();
      } else if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(Next)) {
        Cur = AS->getBase();
      } else if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(Next);
                 U && (U->getOpcode() == clang::UO_Deref || U->getOpcode() == clang::UO_AddrOf)) {
        Cur = U->getSubExpr();
      } else if (const auto *B = llvm::dyn_cast<clang::BinaryOperator>(Next); B && B->isAdditiveOp()) {
        Cur = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
      } else {
        Cur = nullptr;
      }
    }
    llvm::sort(W.Records);
    W.Records.erase(std::unique(W.Records.begin(), W.Records.end()), W.Records.end());
  }

  void call(const clang::CallExpr *C);

private:
  std::string inputSite(const clang::CallExpr *C, const clang::Expr *Handle);
  void libraryOutParameters(const clang::CallExpr *C, const clang::FunctionDecl *Callee);
  void directCall(const clang::CallExpr *C, const clang::FunctionDecl *Callee);
  void passArguments(const clang::CallExpr *C, const std::string &Target,
                     const clang::FunctionDecl *Callee);

  clang::ASTContext &Ctx;
  std::string Root;
  std::vector<Flow> &Flows;
};


} // namespace nvm

#endif
