// Parsing each TU with the rules attached.
#include "InjectDriver.h"
#include "rules/Rules.h"
#include "nvm/SourceLocations.h"
#include "nvm/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace nvm::delay {

namespace {

/// Keeps the first error of a TU; warnings are the compiler's business, not ours.
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

class InjectConsumer : public ASTConsumer {
public:
  InjectConsumer(InjectContext &Ctx, std::set<std::string> &Included)
      : Ctx(Ctx), Included(Included), Rules(makeRules(Ctx)) {
    for (auto &R : Rules)
      R->registerMatchers(Finder);
  }
  void HandleTranslationUnit(ASTContext &AC) override {
    if (AC.getDiagnostics().hasErrorOccurred())
      return;
    Finder.matchAST(AC);
    Ctx.Sink.finishTU();
    const SourceManager &SM = AC.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      StringRef Path = It->first->tryGetRealPathName();
      if (Path.startswith(Ctx.Root + sys::path::get_separator().str()))
        Included.insert(Path.str());
    }
  }

private:
  InjectContext &Ctx;
  std::set<std::string> &Included;
  std::vector<std::unique_ptr<Rule>> Rules;
  ast_matchers::MatchFinder Finder;
};

class InjectAction : public ASTFrontendAction {
public:
  InjectAction(InjectContext &Ctx, std::set<std::string> &Included)
      : Ctx(Ctx), Included(Included) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<InjectConsumer>(Ctx, Included);
  }

private:
  InjectContext &Ctx;
  std::set<std::string> &Included;
};

} // namespace

InjectResult instrument(const std::vector<tooling::CompileCommand> &Commands,
                        const TypeList &Types, StringRef Root) {
  InjectResult R;
  R.ExcludedTypes = Types.excluded();
  InjectContext Ctx{Types, R.Sink, Root.str()};
  for (const tooling::CompileCommand &C : Commands) {
    R.MainFiles.push_back(C.Filename);
    // A second --in-place run: the file includes the runtime's header, which the original
    // flags may not find, and every access would be charged twice.
    if (auto Buf = MemoryBuffer::getFile(C.Filename);
        Buf && (*Buf)->getBuffer().ltrim("\xEF\xBB\xBF").startswith(RuntimePrototypes)) {
      R.Sink.skip("already-instrumented-file");
      continue;
    }
    tooling::ArgumentsAdjuster Adjust = tooling::combineAdjusters(
        tooling::getClangStripOutputAdjuster(),
        tooling::combineAdjusters(
            tooling::getClangSyntaxOnlyAdjuster(),
            tooling::getInsertArgumentAdjuster({"-resource-dir=" NVM_CLANG_RESOURCE_DIR, "-w",
                                                "-Wno-error", "-Qunused-arguments",
                                                "-ferror-limit=20", "-fno-caret-diagnostics"},
                                               tooling::ArgumentInsertPosition::END)));
    std::vector<std::string> Args = Adjust(C.CommandLine, C.Filename);
    IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions{C.Directory}));
    FirstError Errors;
    tooling::ToolInvocation Invocation(Args, std::make_unique<InjectAction>(Ctx, R.IncludedFiles), Files.get());
    Invocation.setDiagnosticConsumer(&Errors);
    bool Ok = Invocation.run();
    if (!Ok || Errors.getNumErrors()) {
      R.Sink.discardTU();
      R.Incomplete.push_back(relativePath(C.Filename, Root) + ": " +
                             (Errors.Message.empty() ? "the compiler could not be run"
                                                     : Errors.Message));
    }
  }
  return R;
}

} // namespace nvm::delay
