// Worklist walk: FIFO from the load functions, parsing TUs only when a callee needs them.
#include "nvm/CallGraphWalk.h"
#include "nvm/ExprCells.h"
#include "llvm/ADT/StringSet.h"
#include <deque>
#include <set>

using namespace llvm;

namespace nvm {
namespace {

struct Pending {
  std::string Usr, Name;
  int Parent;
  std::string CallLoc;
};

class FunctionIndex {
public:
  explicit FunctionIndex(SummaryStore &Store) : Store(Store) {}

  /// Finds the body of a function by USR, parsing the TUs that may define it.
  std::pair<const FunctionSummary *, size_t> find(const std::string &Usr, StringRef Name) {
    refresh();
    if (auto It = ByUsr.find(Usr); It != ByUsr.end())
      return It->second;
    if (!Searched.insert(Name).second)
      return {nullptr, 0};
    Store.ensure(Store.candidatesFor(Name));
    refresh();
    if (auto It = ByUsr.find(Usr); It != ByUsr.end())
      return It->second;
    return {nullptr, 0};
  }

  /// Application functions with this name (load functions are named, not USR'd).
  std::vector<std::pair<const FunctionSummary *, size_t>> byName(StringRef Name) {
    std::vector<std::pair<const FunctionSummary *, size_t>> Out;
    refresh();
    for (auto &[Usr, Entry] : ByUsr)
      if (Entry.first->Name == Name && Entry.first->InApp)
        Out.push_back(Entry);
    return Out;
  }

  void refresh() {
    for (size_t I = 0; I < Store.size(); ++I) {
      const TUSummary *S = Store.summary(I);
      if (!S || Indexed.count(I))
        continue;
      Indexed.insert(I);
      for (const FunctionSummary &F : S->Functions)
        ByUsr.try_emplace(F.Usr, &F, I);
    }
  }

private:
  SummaryStore &Store;
  std::map<std::string, std::pair<const FunctionSummary *, size_t>> ByUsr;
  std::set<size_t> Indexed;
  StringSet<> Searched;
};

std::string closestName(SummaryStore &Store, StringRef Name) {
  std::string Best;
  unsigned BestDist = std::max<unsigned>(2, Name.size() / 3) + 1;
  for (const std::string &N : Store.indexedNames()) {
    unsigned D = Name.edit_distance(N, true, BestDist);
    if (D < BestDist) {
      BestDist = D;
      Best = N;
    }
  }
  return Best;
}

} // namespace

std::vector<std::string> WalkResult::callChain(int Index) const {
  std::vector<std::string> Chain;
  for (int I = Index; I >= 0; I = Visited[I].Parent)
    Chain.push_back(Visited[I].Function->Name);
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

std::map<std::string, std::vector<std::string>>
functionAddressFlows(const SummaryStore &Store, const std::vector<const FunctionSummary *> &Fns) {
  std::map<std::string, std::vector<std::string>> Out;
  auto Add = [&](const Flow &F, const std::string &Prefix) {
    if (!StringRef(F.From).startswith("fn:"))
      return;
    bool Global = StringRef(F.To).startswith("f:") || StringRef(F.To).startswith("g:");
    std::string To = Global ? F.To : Prefix + F.To;
    auto &V = Out[To];
    std::string Target = F.From.substr(3);
    if (llvm::find(V, Target) == V.end())
      V.push_back(Target);
  };
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const Flow &F : S->GlobalFlows)
        Add(F, "");
  for (const FunctionSummary *Fn : Fns)
    for (const Flow &F : Fn->Flows)
      Add(F, Fn->Usr + "|");
  return Out;
}

Expected<WalkResult> walkCallGraph(SummaryStore &Store, const std::vector<std::string> &Loads,
                                   const WalkOptions &Options) {
  FunctionIndex Index(Store);
  WalkResult R;
  std::deque<Pending> Queue;
  for (const std::string &Name : Loads) {
    auto Found = Index.byName(Name);
    if (Found.empty()) {
      Store.ensure(Store.candidatesFor(Name));
      Found = Index.byName(Name);
    }
    if (Found.empty()) {
      std::string Suggest = closestName(Store, Name);
      return createStringError(inconvertibleErrorCode(),
                               "load function '%s' is not defined in any translation unit%s",
                               Name.c_str(),
                               Suggest.empty() ? "" : ("; did you mean '" + Suggest + "'?").c_str());
    }
    for (auto &[F, TU] : Found)
      Queue.push_back({F->Usr, F->Name, -1, F->DefinedAt});
  }

  StringSet<> Done;
  std::vector<const FunctionSummary *> Bodies;
  while (!Queue.empty()) {
    Pending P = std::move(Queue.front());
    Queue.pop_front();
    std::string Key = Options.EachBodyOnce ? P.Usr : P.Usr + "@" + P.CallLoc;
    if (Done.count(Key))
      continue;
    if (!Options.EachBodyOnce && P.Parent >= 0 &&
        llvm::is_contained(R.callChain(P.Parent), P.Name))
      continue; // recursion without optimization (d) still terminates
    Done.insert(Key);
    auto [F, TU] = Index.find(P.Usr, P.Name);
    if (!F) {
      R.Skipped.push_back({P.Name, "no body in the compile database (library)", P.CallLoc});
      continue;
    }
    bool IsLoad = P.Parent < 0;
    if (!F->InApp && Options.SkipLibraryBodies) {
      R.Skipped.push_back({P.Name, "library function (optimization c)", P.CallLoc});
      continue;
    }
    if (!IsLoad && F->NoReturn && Options.SkipNoReturn) {
      R.Skipped.push_back({P.Name, "never returns (error path)", P.CallLoc});
      continue;
    }
    if (!IsLoad && F->TrivialSignature && Options.SkipTrivialSignatures &&
        !(Options.KeepPointerResults && F->ReturnsPointer)) {
      R.Skipped.push_back({P.Name, "no pointer arguments (optimization a)", P.CallLoc});
      continue;
    }
    int Me = R.Visited.size();
    R.Visited.push_back({F, TU, P.Parent, P.CallLoc});
    Bodies.push_back(F);
    std::map<std::string, std::vector<std::string>> Addresses;
    bool HaveAddresses = false;
    for (const CallSite &C : F->Calls) {
      if (!C.CalleeUsr.empty()) {
        Queue.push_back({C.CalleeUsr, C.CalleeName, Me, C.Loc});
        continue;
      }
      if (!HaveAddresses) {
        Addresses = functionAddressFlows(Store, Bodies);
        HaveAddresses = true;
      }
      StringRef Cell = C.CalleeCell;
      bool Local = !Cell.empty() && !Cell.startswith("f:") && !Cell.startswith("g:");
      std::string Qualified = Local ? F->Usr + "|" + C.CalleeCell : C.CalleeCell;
      std::vector<std::string> Targets;
      if (auto It = Addresses.find(Qualified);
          It != Addresses.end() && (Local || Options.FollowFieldCallbacks))
        Targets = It->second;
      std::string Msg = "call through function pointer '" + C.CalleeName + "' ";
      if (Targets.empty())
        Msg += "cannot be followed statically";
      else
        Msg += "followed to " + std::to_string(Targets.size()) + " possible target(s)";
      R.Warnings.push_back({C.Loc, Msg + " (in " + F->Name + ")", "nvmove-fnptr"});
      R.IndirectTargets[{Me, C.Loc}] = Targets;
      for (const std::string &T : Targets) {
        std::string Name = functionNameOfUsr(T);
        Queue.push_back({T, Name, Me, C.Loc});
      }
    }
  }
  return R;
}

} // namespace nvm
