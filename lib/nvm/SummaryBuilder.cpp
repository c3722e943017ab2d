// Clang front-end glue: runs the AST walk over one TU and collects records, functions and
// global initializers into a TUSummary.
#include "nvm/SummaryBuilder.h"
#include "nvm/BodyVisitor.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"
#include "nvm/SourceLocations.h"
#include "nvm/Version.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace nvm {
namespace {

class DeclCollector : public RecursiveASTVisitor<DeclCollector> {
public:
  DeclCollector(TUSummary &S, StringRef Root, SourceManager &SM) : S(S), Root(Root), SM(SM) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool VisitRecordDecl(RecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition() || RD->isImplicit() || RD->isLambda())
      return true;
    std::string Key = recordKey(RD);
    if (!Seen.insert(Key).second)
      return true;
    RecordInfo R;
    R.Key = Key;
    R.Tag = RD->getName().str();
    std::string TD = typedefNameOf(RD);
    if (!TD.empty())
      R.TypedefNames.push_back(TD);
    R.Name = !TD.empty() ? TD : !R.Tag.empty() ? R.Tag : displayKey(Key);
    R.Kind = RD->isUnion() ? "union" : "struct";
    R.DefinedAt = locString(SM, RD->getLocation(), Root, false);
    R.InApp = !SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation()));
    if (const auto *Outer = dyn_cast<RecordDecl>(RD->getLexicalDeclContext()))
      R.Enclosing = recordKey(Outer);
    for (const FieldDecl *F : RD->fields()) {
      const RecordDecl *P = recordOf(F->getType());
      const auto *Ptr = F->getType()->getAs<PointerType>();
      R.Fields.push_back({F->getName().str(), F->getType().getAsString(),
                          P ? recordKey(P) : std::string(),
                          Ptr && Ptr->getPointeeType()->isCharType()});
    }
    Index[Key] = S.Records.size();
    S.Records.push_back(std::move(R));
    return true;
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *TD) {
    if (const auto *RT = TD->getUnderlyingType().getCanonicalType()->getAs<RecordType>())
      Typedefs.push_back({recordKey(RT->getDecl()), TD->getName().str()});
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext())
      S.Functions.push_back(summariseFunction(FD, Root));
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasGlobalStorage() || V->isStaticLocal() || isa<ParmVarDecl>(V))
      return true;
    QualType T = V->getType().getCanonicalType();
    while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType().getCanonicalType();
    // A const object (a table of constants) can hold neither loaded data nor a pointer to
    // what the load builds: it is no root (ed25519's constant curve points).
    const RecordDecl *RD = recordOf(V->getType());
    if (RD && !(T->isRecordType() && T.isConstQualified())) {
      S.GlobalRecords.push_back({cell::global(V->getName()), recordKey(RD)});
      if (T->isRecordType())
        S.GlobalObjects.insert(cell::global(V->getName()));
    }
    if (V->hasInit() && V->isThisDeclarationADefinition())
      for (Flow &F : globalInitFlows(V, Root))
        S.GlobalFlows.push_back(std::move(F));
    return true;
  }

  /// Attaches typedef names seen anywhere in the TU to their records.
  void finish() {
    for (const auto &[Key, Name] : Typedefs) {
      auto It = Index.find(Key);
      if (It == Index.end())
        continue;
      RecordInfo &R = S.Records[It->second];
      if (llvm::find(R.TypedefNames, Name) == R.TypedefNames.end())
        R.TypedefNames.push_back(Name);
      if (R.Tag.empty() || R.Name == R.Tag)
        R.Name = R.TypedefNames.front();
    }
    llvm::sort(S.GlobalRecords);
    S.GlobalRecords.erase(std::unique(S.GlobalRecords.begin(), S.GlobalRecords.end()),
                          S.GlobalRecords.end());
  }

private:
  TUSummary &S;
  std::string Root;
  SourceManager &SM;
  llvm::StringSet<> Seen;
  std::map<std::string, size_t> Index;
  std::vector<std::pair<std::string, std::string>> Typedefs;
};

class SummaryConsumer : public ASTConsumer {
public:
  SummaryConsumer(ParsedTU &Out, StringRef Root) : Out(Out), Root(Root) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    SourceManager &SM = Ctx.getSourceManager();
    DeclCollector C(Out.Summary, Root, SM);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    C.finish();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Out.Dependencies.push_back(It->first->tryGetRealPathName().str());
  }

private:
  ParsedTU &Out;
  std::string Root;
};

/// Keeps the first errors of a TU instead of printing them.
class ErrorCollector : public DiagnosticConsumer {
public:
  ErrorCollector(TUSummary &S, StringRef Root) : S(S), Root(Root) {}
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &D) override {
    DiagnosticConsumer::HandleDiagnostic(L, D);
    if (L < DiagnosticsEngine::Error)
      return;
    S.Parsed = false;
    if (S.Errors.size() >= 3)
      return;
    llvm::SmallString<128> Msg;
    D.FormatDiagnostic(Msg);
    std::string Where;
    if (D.hasSourceManager() && D.getLocation().isValid())
      Where = locString(D.getSourceManager(), D.getLocation(), Root) + ": ";
    S.Errors.push_back(Where + std::string(Msg));
  }

private:
  TUSummary &S;
  std::string Root;
};

class SummaryAction : public ASTFrontendAction {
public:
  SummaryAction(ParsedTU &Out, StringRef Root) : Out(Out), Root(Root) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<SummaryConsumer>(Out, Root);
  }

private:
  ParsedTU &Out;
  std::string Root;
};

class SummaryActionFactory : public tooling::FrontendActionFactory {
public:
  SummaryActionFactory(ParsedTU &Out, StringRef Root) : Out(Out), Root(Root) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<SummaryAction>(Out, Root);
  }

private:
  ParsedTU &Out;
  std::string Root;
};

} // namespace

ParsedTU buildSummary(const tooling::CompileCommand &Command, StringRef Root) {
  ParsedTU Out;
  Out.Summary.File = relativePath(Command.Filename, Root);
  std::vector<std::string> Args = Command.CommandLine;
  tooling::ArgumentsAdjuster Adjust = tooling::combineAdjusters(
      tooling::getClangStripOutputAdjuster(),
      tooling::combineAdjusters(
          tooling::getClangSyntaxOnlyAdjuster(),
          tooling::getInsertArgumentAdjuster(
              {"-resource-dir=" NVM_CLANG_RESOURCE_DIR, "-w", "-Wno-error",
               "-Qunused-arguments", "-ferror-limit=20"},
              tooling::ArgumentInsertPosition::END)));
  Args = Adjust(Args, Command.Filename);

  llvm::IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions{Command.Directory}));
  SummaryActionFactory Factory(Out, Root);
  tooling::ToolInvocation Invocation(Args, Factory.create(), Files.get());
  ErrorCollector Errors(Out.Summary, Root);
  Invocation.setDiagnosticConsumer(&Errors);
  if (!Invocation.run() && Out.Summary.Errors.empty()) {
    Out.Summary.Parsed = false;
    Out.Summary.Errors.push_back("the compiler could not be run on this file");
  }
  return Out;
}

} // namespace nvm
