// Joining, applying and writing out source edits.
#include "SourceEdits.h"
#include "nvm/SourceLocations.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/YAMLTraits.h"

using namespace clang;
using namespace llvm;

namespace nvm::rewrite {

Expected<std::unique_ptr<MemoryBuffer>> readSource(const std::string &File) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read '%s': %s", File.c_str(),
                             Buf.getError().message().c_str());
  return std::move(*Buf);
}

static std::tuple<std::string, unsigned, unsigned, std::string>
keyOf(const tooling::Replacement &R) {
  return {R.getFilePath().str(), R.getOffset(), R.getLength(), R.getReplacementText().str()};
}

bool SourceEdits::contains(const tooling::Replacement &R) const {
  Key K = keyOf(R);
  return Earlier.count(K) || ThisTU.count(K);
}

bool SourceEdits::add(const tooling::Replacement &R, bool First) {
  Key K = keyOf(R);
  if (Earlier.count(K) || !ThisTU.insert(K).second)
    return false;
  tooling::Replacements &Reps = Files[R.getFilePath().str()];
  Error E = Reps.add(R);
  if (!E)
    return true;
  consumeError(std::move(E));
  // An insertion where another insertion already is: after the earlier text (or before it).
  if (R.getLength() == 0)
    for (const tooling::Replacement &Old : Reps)
      if (Old.getOffset() == R.getOffset() && Old.getLength() == 0) {
        std::string Text = First ? (R.getReplacementText() + Old.getReplacementText()).str()
                                 : (Old.getReplacementText() + R.getReplacementText()).str();
        tooling::Replacement Joined(Old.getFilePath(), Old.getOffset(), 0, Text);
        tooling::Replacements Rest;
        for (const tooling::Replacement &X : Reps)
          if (!(X == Old))
            cantFail(Rest.add(X));
        cantFail(Rest.add(Joined));
        Reps = std::move(Rest);
        return true;
      }
  ThisTU.erase(K); // not among the edits (contains)
  Findings.push_back(R.getFilePath().str() + ": offset " + std::to_string(R.getOffset()) +
                     ": edit '" + R.getReplacementText().str() +
                     "' overlaps another edit and was dropped");
  return false;
}

void SourceEdits::endTU() {
  Earlier.insert(ThisTU.begin(), ThisTU.end());
  ThisTU.clear();
}

bool SourceEdits::empty() const {
  for (const auto &[File, Reps] : Files)
    if (!Reps.empty())
      return false;
  return true;
}

/// Where the prologue goes: compilers skip a byte-order mark only at the very start of a file.
static unsigned prologueOffset(StringRef Code) { return Code.startswith("\xEF\xBB\xBF") ? 3 : 0; }

std::vector<tooling::Replacement> SourceEdits::prologueFor(StringRef File, StringRef Code) const {
  unsigned Start = prologueOffset(Code);
  if (Prologue.empty() || Code.substr(Start).startswith(Prologue))
    return {}; // already there from an earlier run
  return {tooling::Replacement(File, Start, 0, Prologue)};
}

Expected<std::map<std::string, std::string>> SourceEdits::apply() const {
  std::map<std::string, std::string> Out;
  for (const auto &[File, Reps] : Files) {
    if (Reps.empty())
      continue;
    auto Buf = readSource(File);
    if (!Buf)
      return Buf.takeError();
    StringRef Code = (*Buf)->getBuffer();
    std::string Text = Code.str();
    for (const tooling::Replacement &P : prologueFor(File, Code))
      Text.insert(P.getOffset(), P.getReplacementText().str());
    // Apply from the end so that earlier offsets stay valid; the prologue shifts them all.
    unsigned Shift = Text.size() - Code.size();
    std::vector<tooling::Replacement> Sorted(Reps.begin(), Reps.end());
    for (auto It = Sorted.rbegin(); It != Sorted.rend(); ++It) {
      if (It->getOffset() + It->getLength() > Code.size())
        return createStringError(inconvertibleErrorCode(),
                                 "'%s' changed while it was being rewritten", File.c_str());
      Text.replace(It->getOffset() + Shift, It->getLength(), It->getReplacementText().str());
    }
    Out[File] = std::move(Text);
  }
  return Out;
}

static Error writeFile(StringRef Path, StringRef Text) {
  // writeToOutput writes a temporary file and renames it: atomic per file.
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

Error SourceEdits::writeOutputDir(const std::set<std::string> &Copies, StringRef Root,
                                  StringRef OutDir) const {
  if (sys::fs::exists(OutDir))
    return createStringError(inconvertibleErrorCode(),
                             "output directory '%s' already exists (nothing is overwritten)",
                             OutDir.str().c_str());
  auto Edited = apply();
  if (!Edited)
    return Edited.takeError();
  std::map<std::string, std::string> All = std::move(*Edited);
  for (const std::string &F : Copies)
    if (!All.count(F)) {
      auto Buf = readSource(F);
      if (!Buf)
        return Buf.takeError();
      All[F] = (*Buf)->getBuffer().str();
    }
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return createStringError(EC, "cannot create output directory '%s': %s", OutDir.str().c_str(),
                             EC.message().c_str());
  for (const auto &[File, Text] : All) {
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

Error SourceEdits::writeInPlace() const {
  auto Edited = apply();
  if (!Edited)
    return Edited.takeError();
  for (const auto &[File, Text] : *Edited)
    if (Error E = writeFile(File, Text))
      return E;
  return Error::success();
}

Error SourceEdits::exportFixes(StringRef Path, StringRef MainFile) const {
  tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = MainFile.str();
  for (const auto &[File, Reps] : Files) {
    if (Reps.empty())
      continue;
    auto Buf = readSource(File);
    if (!Buf)
      return Buf.takeError();
    std::vector<tooling::Replacement> Top = prologueFor(File, (*Buf)->getBuffer());
    // The prologue and an edit at offset 0 are both insertions there: join them.
    std::vector<tooling::Replacement> Rest(Reps.begin(), Reps.end());
    if (!Top.empty() && !Rest.empty() && Rest.front().getOffset() == Top.front().getOffset() &&
        Rest.front().getLength() == 0) {
      Top.front() = tooling::Replacement(File, Top.front().getOffset(), 0,
                                         (Top.front().getReplacementText() +
                                          Rest.front().getReplacementText()).str());
      Rest.erase(Rest.begin());
    }
    TUR.Replacements.insert(TUR.Replacements.end(), Top.begin(), Top.end());
    TUR.Replacements.insert(TUR.Replacements.end(), Rest.begin(), Rest.end());
  }
  return writeToOutput(Path, [&](raw_ostream &OS) {
    yaml::Output YAML(OS);
    YAML << TUR;
    return Error::success();
  });
}

Error SourceEdits::writeDiff(raw_ostream &OS, StringRef Root) const {
  auto Edited = apply();
  if (!Edited)
    return Edited.takeError();
  ErrorOr<std::string> Diff = sys::findProgramByName("diff");
  if (!Diff)
    return createStringError(Diff.getError(), "check mode needs 'diff' (diffutils) on PATH");
  for (const auto &[File, Text] : *Edited) {
    SmallString<128> New, Out;
    if (std::error_code EC = sys::fs::createTemporaryFile("rewritten", "c", New))
      return createStringError(EC, "cannot create a temporary file: %s", EC.message().c_str());
    if (std::error_code EC = sys::fs::createTemporaryFile("diff", "txt", Out))
      return createStringError(EC, "cannot create a temporary file: %s", EC.message().c_str());
    if (Error E = writeFile(New, Text))
      return E;
    std::string Rel = relativePath(File, Root);
    std::string A = "a/" + Rel, B = "b/" + Rel;
    std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out), std::nullopt};
    sys::ExecuteAndWait(*Diff, {"diff", "-u", "--label", A, "--label", B, File, New},
                        std::nullopt, Redirects);
    if (auto Buf = MemoryBuffer::getFile(Out))
      OS << (*Buf)->getBuffer();
    sys::fs::remove(New);
    sys::fs::remove(Out);
  }
  return Error::success();
}

} // namespace nvm::rewrite
