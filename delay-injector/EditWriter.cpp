// Turning the edits into files: instrumented text with the runtime declared, written atomically.
#include "EditWriter.h"
#include "nvm/SourceLocations.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;
using namespace llvm;

namespace nvm::delay {

std::vector<tooling::Replacement> runtimeDeclarations(StringRef File, StringRef Code) {
  std::string Top = std::string(RuntimePrototypes) + "#line 1\n";
  std::string End = Code.endswith("\n") || Code.empty() ? "" : "\n";
  End += "#include <pmem_shim/latency.h> /* delay-injector */\n";
  // Compilers skip a byte-order mark only at the very start of a file.
  unsigned Start = Code.startswith("\xEF\xBB\xBF") ? 3 : 0;
  return {tooling::Replacement(File, Start, 0, Top),
          tooling::Replacement(File, Code.size(), 0, End)};
}

/// The current contents of a file the edits apply to.
static Expected<std::unique_ptr<MemoryBuffer>> readSource(const std::string &File) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read '%s': %s", File.c_str(),
                             Buf.getError().message().c_str());
  return std::move(*Buf);
}

/// Every edited file with its new contents.
static Expected<std::map<std::string, std::string>> applyEdits(const InjectResult &R) {
  std::map<std::string, std::string> Out;
  for (const auto &[File, Reps] : R.Sink.replacements()) {
    if (Reps.empty())
      continue;
    auto Buf = readSource(File);
    if (!Buf)
      return Buf.takeError();
    tooling::Replacements All = Reps;
    for (const tooling::Replacement &D : runtimeDeclarations(File, (*Buf)->getBuffer()))
      if (Error E = All.add(D))
        return E;
    Expected<std::string> New = tooling::applyAllReplacements((*Buf)->getBuffer(), All);
    if (!New)
      return New.takeError();
    Out[File] = std::move(*New);
  }
  return Out;
}

static Error writeFile(StringRef Path, StringRef Text) {
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

Error writeOutputDir(const InjectResult &R, StringRef Root, StringRef OutDir) {
  if (sys::fs::exists(OutDir))
    return createStringError(inconvertibleErrorCode(),
                             "output directory '%s' already exists (nothing is overwritten)",
                             OutDir.str().c_str());
  auto Edited = applyEdits(R);
  if (!Edited)
    return Edited.takeError();
  std::map<std::string, std::string> Files = std::move(*Edited);
  std::vector<std::string> Copies(R.MainFiles);
  Copies.insert(Copies.end(), R.IncludedFiles.begin(), R.IncludedFiles.end());
  for (const std::string &F : Copies)
    if (!Files.count(F)) {
      auto Buf = readSource(F);
      if (!Buf)
        return Buf.takeError();
      Files[F] = (*Buf)->getBuffer().str();
    }
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return createStringError(EC, "cannot create output directory '%s': %s", OutDir.str().c_str(),
                             EC.message().c_str());
  for (const auto &[File, Text] : Files) {
    std::string Rel = relativePath(File, Root);
    if (sys::path::is_absolute(Rel) || StringRef(Rel).startswith(".."))
      continue; // only what lies under the source root is copied
    SmallString<256> Dest(OutDir);
    sys::path::append(Dest, Rel);
    if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Dest)))
      return createStringError(EC, "cannot create '%s': %s", Dest.c_str(), EC.message().c_str());
    if (Error E = writeFile(Dest, Text))
      return E;
  }
  return Error::success();
}

Error writeInPlace(const InjectResult &R) {
  auto Edited = applyEdits(R);
  if (!Edited)
    return Edited.takeError();
  for (const auto &[File, Text] : *Edited)
    if (Error E = writeFile(File, Text))
      return E;
  return Error::success();
}

Error exportFixes(const InjectResult &R, StringRef Path) {
  tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = R.MainFiles.size() == 1 ? R.MainFiles.front() : "";
  for (const auto &[File, Reps] : R.Sink.replacements()) {
    if (Reps.empty())
      continue;
    auto Buf = readSource(File);
    if (!Buf)
      return Buf.takeError();
    std::vector<tooling::Replacement> Decls = runtimeDeclarations(File, (*Buf)->getBuffer());
    TUR.Replacements.push_back(Decls.front());
    TUR.Replacements.insert(TUR.Replacements.end(), Reps.begin(), Reps.end());
    TUR.Replacements.push_back(Decls.back());
  }
  return writeToOutput(Path, [&](raw_ostream &OS) {
    yaml::Output YAML(OS);
    YAML << TUR;
    return Error::success();
  });
}

} // namespace nvm::delay
