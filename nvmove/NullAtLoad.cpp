// Globals still NULL while the load runs. nano loads its histories before it opens any file,
// so the splicing helper's `if (openfile && openfile->filebot == after) openfile->filebot =
// node` never runs under the load, and the open buffer owns none of the loaded lines. A global
// pointer is NULL at the load when no initializer sets it, nobody takes its address, some
// function assigns it but the walk does not, and nothing that runs before each call of a load
// function does: the calls made before it in its caller, and before the call of that caller in
// its own callers, up to the program's entry, with every function they call directly. An
// indirect call among those counts as running every function whose address is taken; a call
// of the load in a loop, as running what follows it too.
#include "PreciseAnalysis.h"
#include <limits>

using namespace llvm;

namespace nvm::infer {

namespace {

/// How far up the callers of a load function the statements before it are looked at.
constexpr unsigned CallerDepth = 4;

struct ProgramFacts {
  std::map<std::string, const FunctionSummary *> ByUsr;
  struct Call {
    std::string Caller;
    int64_t At;
    bool InLoop;
  };
  std::map<std::string, std::vector<Call>> CallersOf;
  /// "g:x" -> the functions storing into x, each with where it does first.
  std::map<std::string, std::map<std::string, int64_t>> AssignersOf;
  std::set<std::string> AddressTaken;   ///< "g:x" whose address some body takes
  std::set<std::string> TakenFunctions; ///< functions whose address some body takes
};

ProgramFacts programFacts(const std::vector<const FunctionSummary *> &Fns) {
  ProgramFacts P;
  for (const FunctionSummary *F : Fns) {
    P.ByUsr[F->Usr] = F;
    for (const CallSite &C : F->Calls)
      if (!C.CalleeUsr.empty())
        P.CallersOf[C.CalleeUsr].push_back({F->Usr, sourcePosition(C.Loc), C.InLoop});
    for (const Flow &Fl : F->Flows) {
      for (StringRef C : {StringRef(Fl.From), StringRef(Fl.To)}) {
        if (C.consume_front(cell::AddressOf) && C.startswith(cell::Global))
          P.AddressTaken.insert(C.str());
        if (C.consume_front(cell::FunctionAddress))
          P.TakenFunctions.insert(C.str());
      }
      if (StringRef(Fl.To).startswith(cell::Global) && Fl.Kind != Flow::Alias) {
        int64_t At = sourcePosition(Fl.Loc);
        auto [It, New] = P.AssignersOf[Fl.To].try_emplace(F->Usr, At);
        if (At < It->second)
          It->second = At;
      }
    }
  }
  return P;
}

/// Whether the process ends after call C: every path after it ends in a library exit or in
/// functions that never return (ExitPaths.h), or its callee never returns.
bool endsProcess(const ProgramFacts &P, const CallSite &C) {
  auto NeverReturns = [&](const std::string &Usr) {
    auto F = P.ByUsr.find(Usr);
    return F != P.ByUsr.end() && (F->second->NoReturn || F->second->EndsProcess);
  };
  return (C.EndsProcess && llvm::all_of(C.EndsThrough, NeverReturns)) ||
         NeverReturns(C.CalleeUsr);
}

/// What may run before the load, and up to where in its body: the callers of a load function
/// (up to their call of it, the latest when they call it twice) and, whole, every function
/// the calls made before those calls reach directly; nullopt when the chain of callers is
/// deeper than CallerDepth, calls one in a loop, or holds a function whose address is taken.
std::optional<std::map<std::string, int64_t>> runBefore(const ProgramFacts &P,
                                                        const std::vector<std::string> &Loads) {
  constexpr int64_t Whole = std::numeric_limits<int64_t>::max();
  std::map<std::string, int64_t> Run;
  std::vector<std::string> Reached;
  std::vector<std::pair<std::string, unsigned>> Up;
  for (const std::string &L : Loads)
    Up.push_back({L, 0});
  while (!Up.empty()) {
    auto [Callee, Depth] = Up.back();
    Up.pop_back();
    if (P.TakenFunctions.count(Callee))
      return std::nullopt; // a callback may run at any time
    auto Callers = P.CallersOf.find(Callee);
    if (Callers == P.CallersOf.end())
      continue; // the program's entry: nothing runs before it
    if (Depth == CallerDepth)
      return std::nullopt;
    for (const auto &[Caller, At, InLoop] : Callers->second) {
      if (At < 0 || InLoop)
        return std::nullopt; // what runs after it in the loop runs before its next turn
      auto [It, New] = Run.try_emplace(Caller, At);
      It->second = std::max(It->second, At);
      for (const CallSite &C : P.ByUsr.at(Caller)->Calls)
        if (int64_t Pos = sourcePosition(C.Loc); Pos < It->second && !endsProcess(P, C))
          Reached.push_back(C.CalleeUsr);
      if (New)
        Up.push_back({Caller, Depth + 1});
    }
  }
  std::set<std::string> Done;
  while (!Reached.empty()) {
    std::string U = Reached.back();
    Reached.pop_back();
    if (!Done.insert(U).second)
      continue;
    if (U.empty()) { // an indirect call: any function whose address is taken
      Reached.insert(Reached.end(), P.TakenFunctions.begin(), P.TakenFunctions.end());
      continue;
    }
    Run[U] = Whole;
    // What a call after which the process ends does is never seen by the load.
    if (auto F = P.ByUsr.find(U); F != P.ByUsr.end())
      for (const CallSite &C : F->second->Calls)
        if (!endsProcess(P, C))
          Reached.push_back(C.CalleeUsr);
  }
  return Run;
}

/// The global pointers of GlobalRecords that nothing in Before (up to its position) or the walk
/// assigns.
std::set<std::string> nullGlobals(const ProgramFacts &P, const std::map<std::string, int64_t> &Before,
                                  const std::set<std::string> &Walked,
                                  const std::set<std::string> &Initialized,
                                  const std::map<std::string, std::string> &GlobalRecords,
                                  const std::set<std::string> &GlobalObjects) {
  std::set<std::string> Out;
  for (const auto &[Name, Rec] : GlobalRecords) {
    std::string G = cell::global(Name);
    if (GlobalObjects.count(Name) || Initialized.count(G) || P.AddressTaken.count(G))
      continue;
    // A global no parsed function assigns is set where nvmove cannot see (another program of
    // the build, a debugger): nothing is known of it.
    auto A = P.AssignersOf.find(G);
    if (A != P.AssignersOf.end() &&
        llvm::none_of(A->second, [&](const auto &Assigner) {
          auto B = Before.find(Assigner.first);
          return Walked.count(Assigner.first) ||
                 (B != Before.end() && (Assigner.second < 0 || Assigner.second < B->second));
        }))
      Out.insert(G);
  }
  return Out;
}

} // namespace

std::map<std::string, std::set<std::string>> PreciseAnalysis::nullAtLoadGlobals() const {
  std::map<std::string, std::set<std::string>> Out;
  std::set<std::string> Initialized;
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const Flow &Fl : S->GlobalFlows)
        Initialized.insert(Fl.To);
  ProgramFacts P = programFacts(Parsed);
  std::vector<std::string> Loads;
  for (const VisitedFunction &V : R.Walk.Visited)
    if (V.Parent < 0)
      Loads.push_back(V.Function->Usr);
  for (const std::string &L : Loads)
    if (auto Before = runBefore(P, {L}))
      Out[L] = nullGlobals(P, *Before, Walked, Initialized, GlobalRecords, GlobalObjects);
  return Out;
}

/// The walked functions each load function reaches, through direct calls and the indirect
/// calls the walk followed.
std::map<std::string, std::set<int>> PreciseAnalysis::reachedFromLoads() const {
  std::map<std::string, int> Index;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I)
    Index.try_emplace(R.Walk.Visited[I].Function->Usr, int(I));
  std::map<std::string, std::set<int>> Out;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I) {
    if (R.Walk.Visited[I].Parent >= 0)
      continue;
    std::set<int> &Seen = Out[R.Walk.Visited[I].Function->Usr];
    std::vector<int> Work{int(I)};
    while (!Work.empty()) {
      int F = Work.back();
      Work.pop_back();
      if (!Seen.insert(F).second)
        continue;
      for (const CallSite &C : R.Walk.Visited[F].Function->Calls) {
        std::vector<std::string> Targets{C.CalleeUsr};
        if (C.CalleeUsr.empty())
          if (auto T = R.Walk.IndirectTargets.find({F, C.Loc}); T != R.Walk.IndirectTargets.end())
            Targets = T->second;
        for (const std::string &T : Targets)
          if (auto It = Index.find(T); It != Index.end())
            Work.push_back(It->second);
      }
    }
  }
  return Out;
}

std::set<std::pair<int, std::string>> PreciseAnalysis::storesThroughNull() const {
  std::set<std::pair<int, std::string>> Out;
  auto Null = nullAtLoadGlobals();
  if (Null.empty())
    return Out;
  auto Reached = reachedFromLoads();
  for (const FlowGraph::Edge &B : Graph.baseUses()) {
    // Dead when the global is NULL under every load function whose walk reaches the store.
    bool Any = false, Dead = true;
    for (const auto &[Load, Fns] : Reached) {
      if (!Fns.count(B.Function))
        continue;
      Any = true;
      auto N = Null.find(Load);
      Dead &= N != Null.end() && N->second.count(Graph.name(B.From));
    }
    if (Any && Dead)
      Out.insert({B.Function, B.Loc});
  }
  return Out;
}

} // namespace nvm::infer
