// Worklist walk: FIFO from the load functions, parsing TUs only when a callee needs them.
#include "nvm/CallGraphWalk.h"
#include "nvm/CallGuards.h"
#include "nvm/CellNames.h"
#include "nvm/ExitPaths.h"
#include "nvm/ExprCells.h"
#include "nvm/LibraryFunctions.h"
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

/// Calls Visit on every flow of the parsed TUs: their initializers' and their bodies'.
static void forEachFlow(const SummaryStore &Store, function_ref<void(const Flow &)> Visit) {
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I)) {
      for (const Flow &F : S->GlobalFlows)
        Visit(F);
      for (const FunctionSummary &Fn : S->Functions)
        for (const Flow &F : Fn.Flows)
          Visit(F);
    }
}

/// The warning of a call through a function pointer at Loc in function Caller, followed to
/// Targets functions (none: it cannot be followed).
static WalkWarning pointerCallWarning(const std::string &Loc, StringRef Callee, StringRef Caller,
                                      size_t Targets) {
  std::string Msg = "call through function pointer '" + Callee.str() + "' " +
                    (Targets ? "followed to " + std::to_string(Targets) + " possible target(s)"
                             : std::string("cannot be followed statically"));
  return {Loc, Msg + " (in " + Caller.str() + ")", "nvmove-fnptr"};
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
    forEachFlow(Store, Add);
    Indexed = Loaded;
  }

  const SummaryStore &Store;
  size_t Indexed = ~size_t(0);
  std::map<std::string, std::vector<std::string>> ByCell;
};

/// Callbacks handed in as arguments (dpkg's parse_stanza(ps, &fs, pkg_parse_field, ...)): a call
/// through parameter i of F goes to the functions the walk's calls of F pass there, directly or
/// through a parameter of the caller that the walk's calls of the caller fill in turn. Only the
/// walk's calls count: a dispatcher called all over the program (git's for_each_ref) would
/// otherwise bring in every callback of the program.
class ParamCallbacks {
public:
  struct Site {
    int Fn;
    std::string Loc, CalleeName, Caller;
  };
  using NewTargets = std::vector<std::pair<size_t, std::string>>; ///< site index, target

  /// What visited function F passes to its callees' parameters: the new targets of the sites
  /// known so far.
  NewTargets visit(const FunctionSummary &F) {
    NewTargets New;
    for (const Flow &Fl : F.Flows) {
      StringRef To = Fl.To;
      if (Fl.Kind != Flow::Store || !To.consume_front(cell::Callee))
        continue;
      auto [Usr, Local] = To.rsplit(cell::Separator);
      auto J = cell::paramIndex(Local);
      if (!J || Usr.startswith(cell::UnknownCallee))
        continue;
      Param To_{Usr.str(), *J};
      if (StringRef(Fl.From).startswith(cell::FunctionAddress)) {
        add(To_, Fl.From.substr(cell::FunctionAddress.size()), New);
      } else if (auto K = cell::paramIndex(Fl.From)) {
        Param From{F.Usr, *K};
        if (is_contained(Forward[From], To_))
          continue;
        Forward[From].push_back(To_);
        for (const std::string &T : std::set<std::string>(Targets[From]))
          add(To_, T, New);
      }
    }
    return New;
  }

  /// A call through parameter I of visited function F: its site, and the targets known so far.
  NewTargets callThrough(int Me, const FunctionSummary &F, unsigned I, const CallSite &C) {
    Param P{F.Usr, I};
    Sites.push_back({Me, C.Loc, C.CalleeName, F.Name});
    SitesOf[P].push_back(Sites.size() - 1);
    NewTargets New;
    for (const std::string &T : Targets[P])
      New.push_back({Sites.size() - 1, T});
    return New;
  }

  const Site &site(size_t I) const { return Sites[I]; }
  size_t sites() const { return Sites.size(); }

private:
  using Param = std::pair<std::string, unsigned>;
  void add(const Param &P, const std::string &Target, NewTargets &New) {
    if (!Targets[P].insert(Target).second)
      return;
    for (size_t S : SitesOf[P])
      New.push_back({S, Target});
    for (const Param &Q : std::vector<Param>(Forward[P]))
      add(Q, Target, New);
  }
  std::map<Param, std::set<std::string>> Targets;
  std::map<Param, std::vector<Param>> Forward; ///< a caller's parameter passed on to a callee's
  std::map<Param, std::vector<size_t>> SitesOf;
  std::vector<Site> Sites;
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

using DeadCalls = std::set<const CallSite *>;

/// Every function whose address a parsed TU takes (fn:<usr> flows of bodies and initializers).
static std::set<std::string> addressTaken(const SummaryStore &Store) {
  std::set<std::string> Out{""};
  forEachFlow(Store, [&](const Flow &F) {
    if (StringRef(F.From).startswith(cell::FunctionAddress))
      Out.insert(F.From.substr(cell::FunctionAddress.size()));
  });
  return Out;
}

static Expected<WalkResult> walkOnce(SummaryStore &Store, const std::vector<std::string> &Loads,
                                     const WalkOptions &Options, const DeadCalls &Dead) {
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
  ParamCallbacks Handed;
  auto FollowHanded = [&](const ParamCallbacks::NewTargets &New) {
    for (const auto &[S, T] : New) {
      const ParamCallbacks::Site &Site = Handed.site(S);
      R.IndirectTargets[{Site.Fn, Site.Loc}].push_back(T);
      Queue.push_back({T, functionNameOfUsr(T), Site.Fn, Site.Loc});
    }
  };
  ProcessEnds Ends(Index);
  // A function that opens a file and reads it, itself or through its callees (three calls
  // deep): `void read_all(void)` filling globals from a file has no pointer to be handed data
  // through, and still loads. (Reading alone is not enough: a keyboard or socket reader without
  // parameters is no loader.)
  struct FileUse {
    bool Opens = false, Reads = false;
  };
  std::map<std::string, FileUse> FileUseMemo;
  std::function<FileUse(const FunctionSummary &, unsigned)> UsesFile =
      [&](const FunctionSummary &F, unsigned Depth) {
        if (auto It = FileUseMemo.find(F.Usr); It != FileUseMemo.end())
          return It->second;
        FileUseMemo[F.Usr] = {}; // (a cycle adds nothing)
        FileUse U;
        U.Reads = llvm::any_of(F.Flows, [](const Flow &Fl) {
          // "in:c<n>", an input function's call (unqualified: "|in:c" without its separator)
          return StringRef(Fl.From).startswith(cell::QualifiedInputCall.drop_front());
        });
        for (const CallSite &C : F.Calls) {
          if (U.Opens && U.Reads)
            break;
          U.Opens |= isFileOpener(C.CalleeName);
          if (C.CalleeUsr.empty() || Depth >= 3)
            continue;
          if (const FunctionSummary *G =
                  Index.find(C.CalleeUsr, C.CalleeName, FunctionIndex::fileOf(F.DefinedAt)).first) {
            FileUse Sub = UsesFile(*G, Depth + 1);
            U.Opens |= Sub.Opens;
            U.Reads |= Sub.Reads;
          }
        }
        return FileUseMemo[F.Usr] = U;
      };
  // Only near the load (called by a load function or one of its callees): deep in a large
  // program such functions are its other file users (vim's swap-file recovery, its exit path).
  auto LoadsFile = [&](const FunctionSummary &F, int Parent) {
    if (Parent < 0 || (R.Visited[Parent].Parent >= 0 &&
                       R.Visited[R.Visited[Parent].Parent].Parent >= 0))
      return false;
    FileUse U = UsesFile(F, 0);
    return U.Opens && U.Reads;
  };
  std::vector<const FunctionSummary *> Unentered;
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
        !(Options.KeepPointerResults && (F->ReturnsPointer || F->ReturnsRecord)) &&
        !(Options.KeepFileLoaders && LoadsFile(*F, P.Parent))) {
      R.Skipped.push_back({P.Name, "no pointer arguments (optimization a)", P.CallLoc});
      Unentered.push_back(F);
      continue;
    }
    int Me = R.Visited.size();
    R.Visited.push_back({F, TU, P.Parent, P.CallLoc});
    FollowHanded(Handed.visit(*F));
    for (const CallSite &C : F->Calls) {
      if (!C.CalleeUsr.empty() && Dead.count(&C)) {
        R.Skipped.push_back({C.CalleeName, "guarded by a condition every walked call makes false",
                             C.Loc});
        // Its flows are told apart from those of another call of the same callee at the same
        // place (one macro) only by the call site: all of them must be dead.
        if (llvm::all_of(F->Calls, [&](const CallSite &O) {
              return O.Loc != C.Loc || O.CalleeUsr != C.CalleeUsr || Dead.count(&O);
            }))
          R.NeverRun.insert({F->Usr, C.Loc, C.CalleeUsr});
        continue;
      }
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
      // A callback handed in as an argument (followed on request, as those in fields are: a
      // walk through git's configuration brings in every config callback): told once the walk
      // is over, since more of its callers' calls may come later.
      if (auto I = cell::paramIndex(Cell);
          Targets.empty() && I && Options.FollowFieldCallbacks) {
        R.IndirectTargets[{Me, C.Loc}]; // listed even while it has no target (the hint counts it)
        FollowHanded(Handed.callThrough(Me, *F, *I, C));
        continue;
      }
      if (Shared && Options.FollowFieldCallbacks)
        Targets = Callbacks.targets(C.CalleeCell);
      R.Warnings.push_back(pointerCallWarning(C.Loc, C.CalleeName, F->Name, Targets.size()));
      R.IndirectTargets[{Me, C.Loc}] = Targets;
      for (const std::string &T : Targets) {
        std::string Name = functionNameOfUsr(T);
        Queue.push_back({T, Name, Me, C.Loc});
      }
    }
  }
  for (size_t S = 0; S < Handed.sites(); ++S) {
    const ParamCallbacks::Site &Site = Handed.site(S);
    R.Warnings.push_back(pointerCallWarning(Site.Loc, Site.CalleeName, Site.Caller,
                                            R.IndirectTargets[{Site.Fn, Site.Loc}].size()));
  }
  // What the unentered bodies call, transitively (direct calls: a function called through a
  // pointer has its address taken, which deadCalls already counts as anything).
  std::set<std::string> Seen;
  for (size_t I = 0; I < Unentered.size(); ++I) {
    const FunctionSummary *U = Unentered[I];
    if (!Seen.insert(U->Usr).second)
      continue;
    R.Unentered.push_back(U);
    for (const CallSite &C : U->Calls)
      if (!C.CalleeUsr.empty() && !Seen.count(C.CalleeUsr))
        if (const FunctionSummary *G = Index.find(C.CalleeUsr, C.CalleeName, "").first)
          Unentered.push_back(G);
  }
  return R;
}

/// The calls of the walk's functions that never run under the load: a guard of the call tests
/// a parameter of its function, and every call of that function on the walk passes constants
/// for it that make the guard false. Load functions, functions whose address is taken anywhere
/// (a library may call them back: qsort, a signal) and arguments that are not constants may be
/// anything.
static DeadCalls deadCalls(const WalkResult &R, const std::set<std::string> &AddressTaken) {
  // Usr -> per parameter: the constants its calls pass, nullopt once one passes anything else
  // (a caller's parameter passes on that parameter's values: a fixpoint over the walk).
  using ParamValues = std::vector<std::optional<std::set<int64_t>>>;
  std::map<std::string, ParamValues> Values;
  std::set<std::string> Unknown = AddressTaken;
  for (const VisitedFunction &V : R.Visited)
    if (V.Parent < 0)
      Unknown.insert(V.Function->Usr);
  for (const auto &[Site, Targets] : R.IndirectTargets)
    Unknown.insert(Targets.begin(), Targets.end());
  std::set<std::string> Walked;
  std::vector<const FunctionSummary *> Fns;
  for (const VisitedFunction &V : R.Visited)
    if (Walked.insert(V.Function->Usr).second)
      Fns.push_back(V.Function);
  // Bodies the walk does not enter still call: their parameters may be anything.
  for (const FunctionSummary *U : R.Unentered)
    if (Walked.insert(U->Usr).second) {
      Fns.push_back(U);
      Unknown.insert(U->Usr);
    }
  for (const FunctionSummary *F : Fns)
    if (Unknown.count(F->Usr))
      Values[F->Usr] = ParamValues(F->NumParams, std::nullopt);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionSummary *F : Fns)
      for (const CallSite &C : F->Calls) {
        if (C.CalleeUsr.empty() || Unknown.count(C.CalleeUsr))
          continue;
        ParamValues &Params = Values[C.CalleeUsr];
        if (Params.size() < C.ConstArgs.size())
          Params.resize(C.ConstArgs.size(), std::set<int64_t>{});
        for (size_t I = 0; I < C.ConstArgs.size(); ++I) {
          if (!Params[I])
            continue;
          StringRef A = C.ConstArgs[I];
          int64_t K = 0;
          std::optional<std::set<int64_t>> From;
          if (unsigned P = 0; A.consume_front("p") && !A.getAsInteger(10, P)) {
            auto It = Values.find(F->Usr);
            if (It != Values.end() && P < It->second.size())
              From = It->second[P];
            else
              From = std::set<int64_t>{}; // no call of F seen yet: nothing passes on
          } else if (!A.empty() && !A.getAsInteger(10, K)) {
            From = std::set<int64_t>{K};
          }
          size_t Before = Params[I]->size();
          if (!From)
            Params[I] = std::nullopt;
          else
            Params[I]->insert(From->begin(), From->end());
          if (!Params[I] || Params[I]->size() != Before)
            Changed = true;
        }
      }
  }
  DeadCalls Dead;
  for (const FunctionSummary *FP : Fns) {
    const FunctionSummary &F = *FP;
    if (Unknown.count(F.Usr))
      continue;
    auto It = Values.find(F.Usr);
    if (It == Values.end())
      continue;
    for (const CallSite &C : F.Calls)
      for (const std::string &G : C.CalleeUsr.empty() ? std::vector<std::string>{} : C.Guards) {
        unsigned I = guardParameter(G);
        if (I >= It->second.size() || !It->second[I] || It->second[I]->empty())
          continue;
        if (llvm::none_of(*It->second[I], [&](int64_t V) { return guardAllows(G, V); })) {
          Dead.insert(&C);
          break;
        }
      }
  }
  return Dead;
}

Expected<WalkResult> walkCallGraph(SummaryStore &Store, const std::vector<std::string> &Loads,
                                   const WalkOptions &Options) {
  DeadCalls Dead;
  std::set<std::string> AddressTaken;
  // Leaving calls out leaves out their callees' calls, whose constants may make more calls
  // dead: repeat until nothing changes (each round walks a subset of the previous one).
  for (;;) {
    Expected<WalkResult> R = walkOnce(Store, Loads, Options, Dead);
    if (!R || !Options.PruneConstantGuards)
      return R;
    if (AddressTaken.empty())
      AddressTaken = addressTaken(Store);
    DeadCalls More = deadCalls(*R, AddressTaken);
    if (llvm::all_of(More, [&](const CallSite *C) { return Dead.count(C); }))
      return R;
    Dead.insert(More.begin(), More.end());
  }
}

} // namespace nvm
