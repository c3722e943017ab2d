// Parsing each TU with the rules attached (through the shared lib/rewrite/TUParser).
#include "InjectDriver.h"
#include "rules/Rules.h"
#include "rewrite/TUParser.h"
#include "clang/AST/ASTConsumer.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace clang;
using namespace llvm;

namespace nvm::delay {

namespace {

class InjectConsumer : public ASTConsumer {
public:
  explicit InjectConsumer(InjectContext &Ctx) : Ctx(Ctx), Rules(makeRules(Ctx)) {
    for (auto &R : Rules)
      R->registerMatchers(Finder);
  }
  void HandleTranslationUnit(ASTContext &AC) override {
    Finder.matchAST(AC);
    Ctx.Sink.finishTU();
  }

private:
  InjectContext &Ctx;
  std::vector<std::unique_ptr<Rule>> Rules;
  ast_matchers::MatchFinder Finder;
};

} // namespace

InjectResult instrument(const std::vector<tooling::CompileCommand> &Commands,
                        const TypeList &Types, StringRef Root) {
  InjectResult R;
  R.ExcludedTypes = Types.excluded();
  InjectContext Ctx{Types, R.Sink, Root.str()};
  std::vector<tooling::CompileCommand> ToParse;
  for (const tooling::CompileCommand &C : Commands) {
    // A second --in-place run: the file includes the runtime's header, which the original
    // flags may not find, and every access would be charged twice.
    if (auto Buf = MemoryBuffer::getFile(C.Filename);
        Buf && (*Buf)->getBuffer().ltrim("\xEF\xBB\xBF").startswith(RuntimePrototypes)) {
      R.MainFiles.push_back(C.Filename);
      R.Sink.skip("already-instrumented-file");
      continue;
    }
    ToParse.push_back(C);
  }
  rewrite::ParseOutcome Parsed = rewrite::parseUnits(
      ToParse, Root, {}, [&] { return std::make_unique<InjectConsumer>(Ctx); },
      [&](bool Ok) {
        if (!Ok)
          R.Sink.discardTU();
      });
  R.MainFiles.insert(R.MainFiles.end(), Parsed.MainFiles.begin(), Parsed.MainFiles.end());
  R.IncludedFiles = std::move(Parsed.IncludedFiles);
  R.Incomplete = std::move(Parsed.Incomplete);
  return R;
}

} // namespace nvm::delay
