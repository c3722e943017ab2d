// The paper's FIFO worklist walk over TU summaries, from the load functions down.
#ifndef NVM_CALLGRAPHWALK_H
#define NVM_CALLGRAPHWALK_H

#include "nvm/SummaryStore.h"
#include "llvm/Support/Error.h"
#include <set>
#include <tuple>

namespace nvm {

/// The paper's optimizations (each can be switched off to measure it).
struct WalkOptions {
  bool SkipTrivialSignatures = true; ///< (a) no args or only non-pointer builtins
  bool SkipLibraryBodies = true;     ///< (c) do not descend into system-header bodies
  bool EachBodyOnce = true;          ///< (d) otherwise once per distinct call site
  bool FollowFieldCallbacks = false; ///< follow calls through fields/globals to every
                                     ///< function address stored there
  bool SkipNoReturn = false;         ///< do not enter functions that never return: what
                                     ///< they touch cannot outlive a failed load
  bool PruneConstantGuards = false; ///< do not enter calls that the constants every walked
                                     ///< call of their function passes make impossible
  bool KeepPointerResults = false;   ///< (a) still enters functions that return a pointer
                                     ///< or a struct by value: allocator wrappers, getters
                                     ///< of roots, readers that return the record they read
  bool KeepFileLoaders = false;      ///< (a) still enters functions that open a file and
                                     ///< read it, themselves or through their callees (a
                                     ///< loader without parameters filling globals)
};

struct VisitedFunction {
  const FunctionSummary *Function;
  size_t TU;
  int Parent;          ///< index of the caller in Visited, -1 for a load function
  std::string CallLoc; ///< where the caller calls it
};

struct SkippedFunction {
  std::string Name, Reason, CallLoc;
};

/// A call by place: caller USR, call location, callee USR.
using CallPlace = std::tuple<std::string, std::string, std::string>;

struct WalkWarning {
  std::string Loc, Message, Flag;
};

struct WalkResult {
  std::vector<VisitedFunction> Visited;
  std::vector<SkippedFunction> Skipped;
  std::vector<WalkWarning> Warnings;
  /// Indirect calls: caller index and call -> targets followed (empty: not followed).
  std::map<std::pair<int, std::string>, std::vector<std::string>> IndirectTargets;
  /// Bodies that run under the load but that the walk does not enter (optimization a), and
  /// every body they call: what they pass to the walk's functions is not seen.
  std::vector<const FunctionSummary *> Unentered;
  /// Calls a guard rules out: they never run, so they pass nothing and return nothing
  /// (WalkOptions::PruneConstantGuards).
  std::set<CallPlace> NeverRun;

  /// "load > f > g" for the visited function at Index.
  std::vector<std::string> callChain(int Index) const;
};

/// Walks from LoadFunctions; fails if one of them is defined nowhere (with a suggestion).
llvm::Expected<WalkResult> walkCallGraph(SummaryStore &Store,
                                         const std::vector<std::string> &LoadFunctions,
                                         const WalkOptions &Options);

} // namespace nvm

#endif
