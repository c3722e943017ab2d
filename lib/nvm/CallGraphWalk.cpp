// Worklist walk: FIFO from the load functions, parsing TUs only when a callee needs them.
#include "nvm/CallGraphWalk.h"
#include "nvm/CellNames.h"
#include "nvm/ExitPaths.h"
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

  using Entry = std::pair<const FunctionSummary *, size_t>;

  /// Finds the body of a function by USR, parsing the TUs that may define it. A compile database
  /// of several programs may define it in several files (a test stub beside the real one): the
  /// definition whose file is nearest the caller's wins (`src/retain.c` for `src/persist_read.c`,
  /// not `apps/db_dump/stubs.c`), and Ambiguous gets a message naming them all.
  Entry find(const std::string &Usr, StringRef Name, StringRef CallerFile,
             std::string *Ambiguous = nullptr) {
    // Every file that may define it is parsed once, so that all its definitions are known.
    if (Searched.insert(Name).second)
      Store.ensure(Store.candidatesFor(Name));
    refresh();
    auto It = ByUsr.find(Usr);
    if (It == ByUsr.end())
      return {nullptr, 0};
    const std::vector<Entry> &All = It->second;
    const Entry *Best = &All.front();
    std::set<std::string> Files;
    for (const Entry &E : All) {
      Files.insert(fileOf(E.first->DefinedAt));
      if (sharedPrefix(fileOf(E.first->DefinedAt), CallerFile) >
          sharedPrefix(fileOf(Best->first->DefinedAt), CallerFile))
        Best = &E;
    }
    if (Ambiguous && Files.size() > 1) {
      *Ambiguous = "'" + Name.str() + "' is defined in " + std::to_string(Files.size()) +
                   " files of the compile database (";
      for (const std::string &F : Files)
        *Ambiguous += (F == *Files.begin() ? "" : ", ") + F;
      *Ambiguous += "); following " + fileOf(Best->first->DefinedAt) +
                    ", the nearest to its caller: record only the program you port under bear";
    }
    return *Best;
  }

  /// Application functions with this name (load functions are named, not USR'd).
  std::vector<Entry> byName(StringRef Name) {
    std::vector<Entry> Out;
    refresh();
    for (auto &[Usr, Entries] : ByUsr)
      if (Entries.front().first->Name == Name && Entries.front().first->InApp)
        Out.push_back(Entries.front());
    return Out;
  }

  void refresh() {
    for (size_t I = 0; I < Store.size(); ++I) {
      const TUSummary *S = Store.summary(I);
      if (!S || Indexed.count(I))
        continue;
      Indexed.insert(I);
      for (const FunctionSummary &F : S->Functions)
        ByUsr[F.Usr].push_back({&F, I});
    }
  }

  static std::string fileOf(StringRef Loc) { return Loc.substr(0, Loc.find(':')).str(); }

private:
  /// Length of the common leading directories of two paths.
  static size_t sharedPrefix(StringRef A, StringRef B) {
    size_t N = 0;
    for (size_t I = 0; I < A.size() && I < B.size() && A[I] == B[I]; ++I)
      if (A[I] == '/')
        N = I + 1;
    return N;
  }

  SummaryStore &Store;
  std::map<std::string, std::vector<Entry>> ByUsr;
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

/// Functions whose address a function stores into one of its own cells (`fp = fill;`).
static std::vector<std::string> localTargets(const FunctionSummary &F, StringRef Cell) {
  std::vector<std::string> Out;
  for (const Flow &Fl : F.Flows)
    if (Fl.To == Cell && StringRef(Fl.From).startswith(cell::FunctionAddress) &&
        !is_contained(Out, Fl.From.substr(3)))
      Out.push_back(Fl.From.substr(3));
  return Out;
}

namespace {
/// Function addresses stored into fields and globals anywhere in the parsed TUs (callback
/// tables, `o->visit = fill`), rebuilt when more TUs have been parsed.
class CallbackIndex {
public:
  explicit CallbackIndex(const SummaryStore &Store) : Store(Store) {}

  const std::vector<std::string> &targets(const std::string &Cell) {
    size_t Loaded = 0;
    for (size_t I = 0; I < Store.size(); ++I)
      Loaded += Store.summary(I) != nullptr;
    if (Loaded != Indexed)
      rebuild(Loaded);
    static const std::vector<std::string> None;
    auto It = ByCell.find(Cell);
    return It == ByCell.end() ? None : It->second;
  }

private:
  void rebuild(size_t Loaded) {
    ByCell.clear();
    auto Add = [&](const Flow &F) {
      StringRef To = F.To;
      if (!StringRef(F.From).startswith(cell::FunctionAddress) || !(To.startswith(cell::Field) || To.startswith(cell::Global)))
        return;
      auto &V = ByCell[F.To];
      if (!is_contained(V, F.From.substr(3)))
        V.push_back(F.From.substr(3));
    };
    for (size_t I = 0; I < Store.size(); ++I)
      if (const TUSummary *S = Store.summary(I)) {
        for (const Flow &F : S->GlobalFlows)
          Add(F);
        for (const FunctionSummary &Fn : S->Functions)
          for (const Flow &F : Fn.Flows)
            Add(F);
      }
    Indexed = Loaded;
  }

  const SummaryStore &Store;
  size_t Indexed = ~size_t(0);
  std::map<std::string, std::vector<std::string>> ByCell;
};
/// Whether the paths after a call end the process: they end in library exits, or in program
/// functions declared never to return whose bodies (in any TU) end the process the same way.
class ProcessEnds {
public:
  explicit ProcessEnds(FunctionIndex &Index) : Index(Index) {}

  bool afterCall(const CallSite &C) {
    return C.EndsProcess && llvm::all_of(C.EndsThrough, [&](const std::string &Usr) {
             return endsProcess(Usr);
           });
  }

  /// A function that never returns may still go on elsewhere in the program: through
  /// longjmp, or through a callee that does (Lua's error functions throw back to a pcall).
  bool goesElsewhere(const FunctionSummary &F) {
    return llvm::any_of(F.NoReturnCallees, [&](const std::string &U) { return jumps(U); });
  }

private:
  bool jumps(const std::string &Usr) {
    auto [It, New] = Jumps.try_emplace(Usr, false);
    if (!New)
      return It->second;
    std::string Name = functionNameOfUsr(Usr);
    const FunctionSummary *F = Index.find(Usr, Name, "").first;
    bool J = F ? goesElsewhere(*F) : !isProcessExit(Name);
    return Jumps[Usr] = J;
  }

  /// A function without a body in the database ends the process when libc's of its name
  /// does (exit, abort); any other may do anything. A cycle proves nothing.
  bool endsProcess(const std::string &Usr) {
    auto [It, New] = Known.try_emplace(Usr, false);
    if (!New)
      return It->second;
    std::string Name = functionNameOfUsr(Usr);
    const FunctionSummary *F = Index.find(Usr, Name, "").first;
    bool Ends = F ? F->EndsProcess && llvm::all_of(F->EndsThrough,
                                                   [&](const std::string &U) {
                                                     return endsProcess(U);
                                                   })
                  : isProcessExit(Name);
    return Known[Usr] = Ends;
  }

  FunctionIndex &Index;
  std::map<std::string, bool> Known, Jumps;
};

} // namespace

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

  StringSet<> Done, WarnedAmbiguous;
  CallbackIndex Callbacks(Store);
  ProcessEnds Ends(Index);
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
    std::string Ambiguous;
    std::string CallerFile =
        P.Parent >= 0 ? FunctionIndex::fileOf(R.Visited[P.Parent].Function->DefinedAt) : "";
    auto [F, TU] = Index.find(P.Usr, P.Name, CallerFile, &Ambiguous);
    if (!Ambiguous.empty() && WarnedAmbiguous.insert(P.Name).second)
      R.Warnings.push_back({P.CallLoc, Ambiguous, "nvmove-duplicate-definition"});
    if (!F) {
      R.Skipped.push_back({P.Name, "no body in the compile database (library)", P.CallLoc});
      continue;
    }
    bool IsLoad = P.Parent < 0;
    if (!F->InApp && Options.SkipLibraryBodies) {
      R.Skipped.push_back({P.Name, "library function (optimization c)", P.CallLoc});
      continue;
    }
    if (!IsLoad && F->NoReturn && Options.SkipNoReturn && !Ends.goesElsewhere(*F)) {
      R.Skipped.push_back({P.Name, "never returns (error path)", P.CallLoc});
      continue;
    }
    if (!IsLoad && F->TrivialSignature && Options.SkipTrivialSignatures &&
        !(Options.KeepPointerResults && (F->ReturnsPointer || F->ReturnsRecord))) {
      R.Skipped.push_back({P.Name, "no pointer arguments (optimization a)", P.CallLoc});
      continue;
    }
    int Me = R.Visited.size();
    R.Visited.push_back({F, TU, P.Parent, P.CallLoc});
    for (const CallSite &C : F->Calls) {
      if (!C.CalleeUsr.empty() && Options.SkipNoReturn && Ends.afterCall(C)) {
        R.Skipped.push_back({C.CalleeName, "called on a path that ends the process", C.Loc});
        continue;
      }
      if (!C.CalleeUsr.empty()) {
        Queue.push_back({C.CalleeUsr, C.CalleeName, Me, C.Loc});
        continue;
      }
      StringRef Cell = C.CalleeCell;
      bool Shared = Cell.startswith(cell::Field) || Cell.startswith(cell::Global);
      std::vector<std::string> Targets;
      if (!Cell.empty() && !Shared)
        Targets = localTargets(*F, Cell);
      else if (Shared && Options.FollowFieldCallbacks)
        Targets = Callbacks.targets(C.CalleeCell);
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
