// Turning the edits into files: instrumented text with the runtime declared, through the
// writers the source-to-source tools share (lib/rewrite/SourceEdits).
#include "EditWriter.h"
#include "rewrite/SourceEdits.h"

using namespace clang;
using namespace llvm;

namespace nvm::delay {

tooling::Replacement closingInclude(StringRef File, StringRef Code) {
  std::string End = Code.endswith("\n") || Code.empty() ? "" : "\n";
  End += "#include <pmem_shim/latency.h> /* delay-injector */\n";
  return tooling::Replacement(File, Code.size(), 0, End);
}

/// The sites' replacements with the prototypes (as the prologue, which SourceEdits puts after a
/// byte-order mark and leaves out when a file already starts with it) and the closing include.
static Expected<rewrite::SourceEdits> editsOf(const InjectResult &R) {
  rewrite::SourceEdits Edits;
  Edits.setPrologue(std::string(RuntimePrototypes) + "#line 1\n");
  for (const auto &[File, Reps] : R.Sink.replacements()) {
    if (Reps.empty())
      continue;
    auto Buf = rewrite::readSource(File);
    if (!Buf)
      return Buf.takeError();
    for (const tooling::Replacement &Rep : Reps)
      Edits.add(Rep);
    Edits.add(closingInclude(File, (*Buf)->getBuffer()));
  }
  return Edits;
}

Error writeOutputDir(const InjectResult &R, StringRef Root, StringRef OutDir) {
  auto Edits = editsOf(R);
  if (!Edits)
    return Edits.takeError();
  std::set<std::string> Copies(R.MainFiles.begin(), R.MainFiles.end());
  Copies.insert(R.IncludedFiles.begin(), R.IncludedFiles.end());
  return Edits->writeOutputDir(Copies, Root, OutDir);
}

Error writeInPlace(const InjectResult &R) {
  auto Edits = editsOf(R);
  if (!Edits)
    return Edits.takeError();
  return Edits->writeInPlace();
}

Error exportFixes(const InjectResult &R, StringRef Path) {
  auto Edits = editsOf(R);
  if (!Edits)
    return Edits.takeError();
  return Edits->exportFixes(Path, R.MainFiles.size() == 1 ? R.MainFiles.front() : "");
}

} // namespace nvm::delay
