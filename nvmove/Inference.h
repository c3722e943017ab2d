// nvmove's analysis: which user-defined types hold persistent state.
//
// Design note. The paper (NVMOVE §3) observes that whatever a program rebuilds from disk at
// start-up is persistent, so it walks the call graph from the user's *load functions* and
// collects the types of everything assigned on the way. Three modes share that walk and the
// per-TU summaries it runs on:
//  - paper:     the walk as published; every record type of an assigned l-value counts.
//  - precise:   (default) a type counts only when data that the load read from outside, or a
//               pointer to objects holding such data, is stored into it; or when it is the
//               sizeof of an allocation that receives loaded data. Types only written with
//               constants, counters or text are reported as touched, not loaded. Types that
//               only hold pointers to loaded objects must themselves be reachable from a root
//               (a global, or a persistent type); otherwise they are transient (iterators).
//               A program written for persistent memory reads nothing: the records its
//               pointers into the pool are used as are persistent (PoolPointerRule.h).
//  - backtrack: the alternative the paper rejects: follow data backwards from write calls.
//
// Glossary.
//  assignment      a store into an l-value: =, op=, ++/--, an initialized local, or a libc
//                  call that copies into its destination (LibcAssignments.def).
//  load function   a function the user names that rebuilds in-memory state from storage.
//  in application  defined outside system headers.
//  provenance      the call chain from a load function to the function holding the statement
//                  that made the type persistent, and that statement.
//  loaded          data that flowed from a read of the outside world (IOFunctions.def).
//  pool pointer    an address into the persistent pool: returned by a pool function
//                  (PoolFunctions.def, --pool-function), or computed from one.
#ifndef NVMOVE_INFERENCE_H
#define NVMOVE_INFERENCE_H

#include "nvm/CallGraphWalk.h"
#include "nvm/SummaryStore.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

namespace nvm::infer {

enum class Mode { Paper, Precise, Backtrack };

struct InferenceOptions {
  Mode AnalysisMode = Mode::Precise;
  WalkOptions Walk;
  bool LibcCopiesAssign = true;     ///< (b) libc copies count as assignments
  bool UnknownCallsRead = true;     ///< an unfollowed indirect call may fill its buffers
  bool AllTranslationUnits = false; ///< parse every TU (exact total of types defined)
  /// Precise mode: only reads of the load's own input (what its handles lead to) are loaded.
  bool OwnInputOnly = true;
  /// Precise mode: what a callee writes through a pointer parameter reaches each caller from
  /// that caller's own arguments (per call site), not from every caller's.
  bool PerSiteWrites = true;
  /// Precise mode (--heap=sites): field cells per allocation site, read and written through
  /// the sites a pointer may point to (HeapSites.h); false: one cell per record field.
  bool HeapSites = false;
  /// Precise mode: more functions that return pointers into persistent memory, besides
  /// lib/nvm/PoolFunctions.def's (a program's own pool allocator or root getter).
  std::vector<std::string> PoolFunctions;
  /// Precise mode: print to this stream, for every cell whose name holds TraceCell, each step
  /// loaded data took to reach it (empty: no trace).
  std::string TraceCell;
  llvm::raw_ostream *TraceOut = nullptr;
};

struct Provenance {
  std::vector<std::string> CallChain;
  std::string Function;
  std::string Statement; ///< file:line:col
  std::string Evidence;  ///< what happened there, in words
};

struct TypeFinding {
  RecordInfo Record;
  std::string Reason; ///< loaded-data | pointer-to-loaded | sizeof-allocation | embedded |
                      ///< overlay | load-result | assigned | serialized
  std::set<std::string> FieldsWritten;
  std::vector<Provenance> Provenances;
};

struct Root {
  std::string Global; ///< "server.db"
  std::string Record; ///< the persistent record it leads to, if any
  std::string Evidence;
};

struct InferenceResult {
  Mode AnalysisMode;
  std::vector<std::string> LoadFunctions;
  std::vector<TypeFinding> Types;   ///< judged persistent, sorted by name
  std::vector<TypeFinding> Touched; ///< written on the walk, not persistent
  std::vector<Root> Roots;
  WalkResult Walk;
  unsigned TotalTypesDefined = 0;
  std::vector<std::string> IncompleteTUs; ///< TUs that did not parse
};

llvm::Expected<InferenceResult> inferPersistentTypes(SummaryStore &Store,
                                                     const std::vector<std::string> &Loads,
                                                     const InferenceOptions &Options);

// The modes, each in its own file.
void inferPaper(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R);
void inferPrecise(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R);
void inferBacktrack(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R);

/// Records of every parsed TU by key, typedef names merged.
std::map<std::string, RecordInfo> collectRecords(const SummaryStore &Store);

/// Adds the write evidence of visited functions for types not in R.Types to R.Touched.
void collectTouched(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R);

const char *modeName(Mode M);

} // namespace nvm::infer

#endif
