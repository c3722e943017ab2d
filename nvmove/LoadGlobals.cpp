// Globals the load sets and the rest of the program reads.
#include "LoadGlobals.h"
#include "nvm/CellNames.h"
#include "llvm/ADT/StringExtras.h"
#include <map>
#include <set>

using namespace llvm;

namespace nvm::infer {

/// "server" of "g:server.db"; empty for other cells.
static StringRef globalOf(StringRef Cell) {
  if (!Cell.consume_front(cell::Global))
    return "";
  return Cell.split('.').first;
}

std::vector<LoadGlobal> loadGlobals(const InferenceResult &R, const SummaryStore &Store) {
  std::set<std::string> Visited;
  std::map<std::string, std::string> Written; // global -> first store
  for (const VisitedFunction &V : R.Walk.Visited) {
    if (!V.Function)
      continue;
    Visited.insert(V.Function->Usr);
    for (const Flow &F : V.Function->Flows)
      if (F.Kind == Flow::Store && StringRef(F.To).startswith(cell::Global))
        Written.try_emplace(globalOf(F.To).str(), F.Loc);
    // Counters and constants make no flow: the write sites name them ("jobs_seen",
    // "queues[queues_len++]"). A local of that name counts only if a global has it too and
    // code outside the load names that global.
    for (const WriteSite &W : V.Function->Writes) {
      StringRef T = StringRef(W.Target).ltrim("(*& ");
      StringRef Name = T.take_while([](char C) { return isAlnum(C) || C == '_'; });
      if (!Name.empty() && !isDigit(Name.front()))
        Written.try_emplace(Name.str(), W.Loc);
    }
  }
  std::map<std::string, std::vector<std::string>> Readers;
  for (size_t I = 0; I < Store.size(); ++I) {
    const TUSummary *S = Store.summary(I);
    for (const FunctionSummary &Fn : S ? S->Functions : std::vector<FunctionSummary>()) {
      if (!Fn.InApp || Visited.count(Fn.Usr))
        continue;
      for (const std::string &G : Fn.GlobalsUsed)
        if (Written.count(G) && Readers[G].size() < 3 &&
            !is_contained(Readers[G], Fn.Name))
          Readers[G].push_back(Fn.Name);
    }
  }
  std::set<std::string> Rooted;
  for (const Root &Rt : R.Roots)
    Rooted.insert(StringRef(Rt.Global).split('.').first.split("->").first.str());
  std::vector<LoadGlobal> Out;
  for (const auto &[G, At] : Written)
    if (auto It = Readers.find(G); It != Readers.end())
      Out.push_back({G, At, It->second, Rooted.count(G) > 0});
  return Out;
}

} // namespace nvm::infer
