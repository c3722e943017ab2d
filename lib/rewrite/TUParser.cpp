// One ToolInvocation per compile command, with a diagnostic consumer that keeps the first error.
#include "TUParser.h"
#include "nvm/SourceLocations.h"
#include "nvm/Version.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace nvm::rewrite {

namespace {

/// Keeps the first error of a unit; warnings are the compiler's business, not ours.
class FirstError : public DiagnosticConsumer {
public:
  std::string Message;
  void HandleDiagnostic(DiagnosticsEngine::Level L, const Diagnostic &D) override {
    DiagnosticConsumer::HandleDiagnostic(L, D);
    if (L < DiagnosticsEngine::Error || !Message.empty())
      return;
    SmallString<128> Text;
    D.FormatDiagnostic(Text);
    Message = D.hasSourceManager() && D.getLocation().isValid()
                  ? locString(D.getSourceManager(), D.getLocation(), "") + ": " + Text.str().str()
                  : Text.str().str();
  }
};

/// Runs the tool's consumer, then lists the files under the root that the unit read.
class Consumer : public ASTConsumer {
public:
  Consumer(std::unique_ptr<ASTConsumer> Inner, StringRef Root, std::set<std::string> &Included)
      : Inner(std::move(Inner)), Root(Root), Included(Included) {}
  void HandleTranslationUnit(ASTContext &AC) override {
    if (AC.getDiagnostics().hasErrorOccurred())
      return;
    Inner->HandleTranslationUnit(AC);
    const SourceManager &SM = AC.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      StringRef Path = It->first->tryGetRealPathName();
      if (Path.startswith(Root.str() + sys::path::get_separator().str()))
        Included.insert(Path.str());
    }
  }

private:
  std::unique_ptr<ASTConsumer> Inner;
  StringRef Root;
  std::set<std::string> &Included;
};

class Action : public ASTFrontendAction {
public:
  Action(const ConsumerFactory &Make, StringRef Root, std::set<std::string> &Included)
      : Make(Make), Root(Root), Included(Included) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<Consumer>(Make(), Root, Included);
  }

private:
  const ConsumerFactory &Make;
  StringRef Root;
  std::set<std::string> &Included;
};

} // namespace

ParseOutcome parseUnits(const std::vector<tooling::CompileCommand> &Commands, StringRef Root,
                        const std::vector<std::string> &ExtraArgs,
                        const ConsumerFactory &MakeConsumer, const UnitDone &Done) {
  ParseOutcome R;
  std::vector<std::string> Extra = {"-resource-dir=" NVM_CLANG_RESOURCE_DIR, "-w", "-Wno-error",
                                    "-Qunused-arguments", "-ferror-limit=20",
                                    "-fno-caret-diagnostics"};
  Extra.insert(Extra.end(), ExtraArgs.begin(), ExtraArgs.end());
  tooling::ArgumentsAdjuster Adjust = tooling::combineAdjusters(
      tooling::getClangStripOutputAdjuster(),
      tooling::combineAdjusters(
          tooling::getClangSyntaxOnlyAdjuster(),
          tooling::getInsertArgumentAdjuster(Extra, tooling::ArgumentInsertPosition::END)));
  for (const tooling::CompileCommand &C : Commands) {
    R.MainFiles.push_back(C.Filename);
    std::vector<std::string> Args = Adjust(C.CommandLine, C.Filename);
    IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions{C.Directory}));
    FirstError Errors;
    tooling::ToolInvocation Invocation(
        Args, std::make_unique<Action>(MakeConsumer, Root, R.IncludedFiles), Files.get());
    Invocation.setDiagnosticConsumer(&Errors);
    bool Ok = Invocation.run() && !Errors.getNumErrors();
    if (!Ok)
      R.Incomplete.push_back(relativePath(C.Filename, Root) + ": " +
                             (Errors.Message.empty() ? "the compiler could not be run"
                                                     : Errors.Message));
    Done(Ok);
  }
  return R;
}

} // namespace nvm::rewrite
