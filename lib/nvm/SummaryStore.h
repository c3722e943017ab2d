// The summaries of a compile database's TUs, parsed on demand, in parallel, and cached on
// disk by the content of every file a TU reads and its command line.
#ifndef NVM_SUMMARYSTORE_H
#define NVM_SUMMARYSTORE_H

#include "nvm/Summary.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace nvm {

struct StoreOptions {
  std::string Root;     ///< locations are printed relative to it
  std::string CacheDir; ///< empty: no cache
  unsigned Jobs = 0;    ///< 0: one per core
  bool Progress = true; ///< report parsing on stderr
};

struct StoreStats {
  unsigned Parsed = 0, FromCache = 0, Failed = 0;
  double Seconds = 0; ///< spent parsing or reading summaries (the rest is the analysis)
};

class SummaryStore {
public:
  SummaryStore(std::vector<clang::tooling::CompileCommand> Commands, StoreOptions Options);
  ~SummaryStore();

  size_t size() const { return Commands.size(); }
  const clang::tooling::CompileCommand &command(size_t I) const { return Commands[I]; }

  /// Makes sure the summaries of TUs are available, parsing the missing ones in parallel.
  void ensure(const std::vector<size_t> &TUs);
  /// The summary of TU I, or null if it was not loaded yet.
  const TUSummary *summary(size_t I) const;

  /// TUs whose main file appears to define a function Name (a cheap textual index, so that
  /// only the TUs the walk needs are parsed).
  std::vector<size_t> candidatesFor(llvm::StringRef Name);
  /// Every function-like name the textual index saw (for "did you mean" suggestions).
  std::vector<std::string> indexedNames();

  const StoreStats &stats() const { return Stats; }

private:
  void buildIndex();
  std::optional<TUSummary> readCache(size_t I);
  void writeCache(size_t I, const TUSummary &S, const std::vector<std::string> &Deps);
  std::string cacheKey(size_t I) const;
  std::string fileHash(const std::string &Path);

  std::vector<clang::tooling::CompileCommand> Commands;
  StoreOptions Options;
  std::vector<std::unique_ptr<TUSummary>> Summaries;
  std::optional<llvm::StringMap<std::vector<size_t>>> Index;
  std::mutex HashLock;
  std::map<std::string, std::string> FileHashes;
  StoreStats Stats;
};

} // namespace nvm

#endif
