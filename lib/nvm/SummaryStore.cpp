// On-demand, parallel, cached TU parsing.
#include "nvm/SummaryStore.h"
#include "nvm/SummaryBuilder.h"
#include "nvm/Version.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include <chrono>
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace nvm {

SummaryStore::SummaryStore(std::vector<clang::tooling::CompileCommand> Cmds, StoreOptions Opts)
    : Commands(std::move(Cmds)), Options(std::move(Opts)) {
  Summaries.resize(Commands.size());
}

SummaryStore::~SummaryStore() = default;

const TUSummary *SummaryStore::summary(size_t I) const { return Summaries[I].get(); }

static std::string sha1Hex(StringRef Data) {
  SHA1 H;
  H.update(Data);
  return toHex(H.final());
}

std::string SummaryStore::cacheKey(size_t I) const {
  const auto &C = Commands[I];
  std::string Key = std::to_string(SummaryVersion) + "\n" NVM_VERSION "\n" + Options.Root +
                    "\n" + C.Directory + "\n" + C.Filename + "\n";
  for (const std::string &A : C.CommandLine)
    Key += A + "\n";
  return sha1Hex(Key);
}

std::string SummaryStore::fileHash(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(HashLock);
    if (auto It = FileHashes.find(Path); It != FileHashes.end())
      return It->second;
  }
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  std::string H = Buf ? sha1Hex((*Buf)->getBuffer()) : "missing";
  std::lock_guard<std::mutex> G(HashLock);
  FileHashes[Path] = H;
  return H;
}

std::optional<TUSummary> SummaryStore::readCache(size_t I) {
  if (Options.CacheDir.empty())
    return std::nullopt;
  SmallString<256> Path(Options.CacheDir);
  sys::path::append(Path, cacheKey(I) + ".json");
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V) {
    consumeError(V.takeError()); // a damaged cache entry is rebuilt, never trusted
    return std::nullopt;
  }
  const json::Object *O = V->getAsObject();
  const json::Array *Deps = O ? O->getArray("deps") : nullptr;
  const json::Value *S = O ? O->get("summary") : nullptr;
  if (!Deps || !S)
    return std::nullopt;
  for (const json::Value &D : *Deps) {
    const json::Array *Pair = D.getAsArray();
    if (!Pair || Pair->size() != 2)
      return std::nullopt;
    std::string File = (*Pair)[0].getAsString().value_or("").str();
    if (fileHash(File) != (*Pair)[1].getAsString().value_or(""))
      return std::nullopt;
  }
  Expected<TUSummary> Summary = summaryFromJSON(*S);
  if (!Summary) {
    consumeError(Summary.takeError());
    return std::nullopt;
  }
  return std::move(*Summary);
}

void SummaryStore::writeCache(size_t I, const TUSummary &S, const std::vector<std::string> &Deps) {
  if (Options.CacheDir.empty() || !S.Parsed)
    return;
  if (sys::fs::create_directories(Options.CacheDir))
    return; // an unwritable cache only costs time
  json::Array DepHashes;
  for (const std::string &D : Deps)
    if (!D.empty())
      DepHashes.push_back(json::Array{D, fileHash(D)});
  json::Object O{{"deps", std::move(DepHashes)}, {"summary", toJSON(S)}};
  SmallString<256> Path(Options.CacheDir);
  sys::path::append(Path, cacheKey(I) + ".json");
  // Temp-then-rename, so a concurrent or interrupted run never sees half an entry.
  if (Error E = writeToOutput(Path, [&](raw_ostream &OS) {
        OS << json::Value(std::move(O));
        return Error::success();
      }))
    consumeError(std::move(E));
}

void SummaryStore::ensure(const std::vector<size_t> &TUs) {
  auto Start = std::chrono::steady_clock::now();
  auto Stop = llvm::make_scope_exit([&] {
    Stats.Seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  });
  std::vector<size_t> Missing;
  for (size_t I : TUs)
    if (!Summaries[I] && llvm::find(Missing, I) == Missing.end())
      Missing.push_back(I);
  if (Missing.empty())
    return;
  bool Tty = Options.Progress && sys::Process::StandardErrIsDisplayed();
  std::mutex Lock;
  unsigned Done = 0;
  ThreadPool Pool(hardware_concurrency(Options.Jobs));
  for (size_t I : Missing)
    Pool.async([&, I] {
      std::optional<TUSummary> S = readCache(I);
      bool Cached = S.has_value();
      if (!S) {
        ParsedTU P = buildSummary(Commands[I], Options.Root);
        writeCache(I, P.Summary, P.Dependencies);
        S = std::move(P.Summary);
      }
      std::lock_guard<std::mutex> G(Lock);
      ++Done;
      (Cached ? Stats.FromCache : Stats.Parsed)++;
      if (!S->Parsed)
        ++Stats.Failed;
      if (Options.Progress) {
        errs() << (Tty ? "\r\033[K" : "") << "nvmove: [" << Done << "/" << Missing.size()
               << "] " << (Cached ? "cached " : "parsed ") << S->File << (Tty ? "" : "\n");
      }
      Summaries[I] = std::make_unique<TUSummary>(std::move(*S));
    });
  Pool.wait();
  if (Tty)
    errs() << "\r\033[K";
}

void SummaryStore::buildIndex() {
  Index.emplace();
  for (size_t I = 0; I < Commands.size(); ++I) {
    auto Buf = MemoryBuffer::getFile(Commands[I].Filename);
    if (!Buf)
      continue;
    SmallVector<StringRef, 0> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (StringRef Line : Lines) {
      // Definitions in C start at column 0; a name followed by '(' there may be one.
      if (Line.empty() || !(isAlpha(Line[0]) || Line[0] == '_'))
        continue;
      for (size_t P = Line.find('('); P != StringRef::npos; P = Line.find('(', P + 1)) {
        StringRef Before = Line.substr(0, P).rtrim();
        size_t Start = Before.size();
        while (Start > 0 && (isAlnum(Before[Start - 1]) || Before[Start - 1] == '_'))
          --Start;
        StringRef Name = Before.substr(Start);
        if (!Name.empty() && !isDigit(Name[0])) {
          auto &V = (*Index)[Name];
          if (V.empty() || V.back() != I)
            V.push_back(I);
        }
      }
    }
  }
}

std::vector<size_t> SummaryStore::candidatesFor(StringRef Name) {
  if (!Index)
    buildIndex();
  auto It = Index->find(Name);
  return It == Index->end() ? std::vector<size_t>{} : It->second;
}

std::vector<std::string> SummaryStore::indexedNames() {
  if (!Index)
    buildIndex();
  std::vector<std::string> Out;
  for (const auto &E : *Index)
    Out.push_back(E.getKey().str());
  return Out;
}

} // namespace nvm
