// State shared by the parts of precise mode: loaded-data evidence (PreciseInference.cpp,
// SizeofAllocations.cpp), shared storage (SharedStorage.cpp), load results (LoadResults.cpp)
// and holders of persistent objects (HolderInference.cpp).
#ifndef NVMOVE_PRECISEANALYSIS_H
#define NVMOVE_PRECISEANALYSIS_H

#include "FlowGraph.h"
#include "HeapSites.h"
#include "Inference.h"

namespace nvm::infer {

/// Cells of heap objects and globals, where the data of every object of a type meets, and
/// with the allocation-site heap (--heap=sites) a field of the objects of one site
/// ("h:<site>#f:...") or of the object a parameter points to ("usr|p0#w#f:..."): storage,
/// which the rules that follow values through locals, parameters and results stop at.
bool isHeapCell(llvm::StringRef Cell);
/// Where data read from storage enters the graph: LOAD, an input site ("|in:"), a stream cell.
bool isSourceCell(llvm::StringRef Cell);

/// Field cell -> function USR -> its first read and first write of the field (-1: none).
using FieldUses = std::map<std::string, std::map<std::string, std::pair<int64_t, int64_t>>>;
FieldUses fieldUses(const std::vector<const FunctionSummary *> &Fns);

class PreciseAnalysis {
public:
  PreciseAnalysis(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R);
  void run();

private:
  // PreciseInference.cpp
  bool isTainted(unsigned N) const { return Tainted[N] != -2; }
  std::vector<unsigned> loadSources() const;
  std::vector<unsigned> inputCallSites() const;
  static bool isCallbackInputSite(llvm::StringRef Name);
  /// Loaded data that is kept: tainted, and used somewhere other than output.
  bool isKept(unsigned N) const { return isTainted(N) && !onlyOutput(N); }
  bool onlyOutput(unsigned N) const;
  Provenance provenanceOf(unsigned N, const std::string &What);
  Provenance provenanceAt(const FlowGraph::Edge &E, const std::string &What) const;
  const FieldInfo *field(llvm::StringRef Key, llvm::StringRef Field) const;
  bool isHandleField(llvm::StringRef Cell) const;
  bool holdsStream(const std::string &Key, unsigned Depth) const;
  bool isTypedPointerField(llvm::StringRef Key, llvm::StringRef Field) const;
  bool isPointerField(llvm::StringRef Key, llvm::StringRef Field) const;
  /// The (record, field) a field cell names: "f:struct db.n", or "g:server.n" through the
  /// global's record; empty when the cell is no field.
  std::pair<std::string, std::string> fieldOfCell(llvm::StringRef Cell) const;
  TypeFinding *add(const std::string &Key, llvm::StringRef Reason);
  void findLoadedStores();

  // ReadBuffers.cpp
  bool isReadBuffer(unsigned N, llvm::StringRef Key, llvm::StringRef Field) const;
  bool isReadBufferCapacity(unsigned N, llvm::StringRef Key) const;
  bool isScratch(unsigned N) const;
  /// The bytes of a read buffer (*K.buf), the field pointing to them (K.buf), or the field
  /// that only sizes them (K.len).
  bool isReadBufferCell(unsigned N) const;

  // WholeObjectStores.cpp
  /// The record whose whole object a member or global cell is ("f:holder.where" of an
  /// embedded member, "g:stamp" of a global object), or empty.
  std::string wholeRecordOfCell(llvm::StringRef Cell) const;
  void addWholeObjectStore(unsigned N, llvm::StringRef Cell);
  /// ReadIn: the whole object's bytes were read from the input (every union member's).
  void addEmbeddedInWholeObject(unsigned N, const std::string &Key, bool ReadIn = false);

  // MappedOverlays.cpp
  std::vector<unsigned> loadMappings() const;
  void addMappedOverlays();

  // SizeofAllocations.cpp
  void findSizeofAllocations();
  bool returnsAllocation(llvm::StringRef Usr, const std::string &Call) const;
  bool isSizeArgument(const FlowGraph::Edge &E, std::map<unsigned, bool> &Sizes) const;
  bool isSizeParam(unsigned P, std::map<unsigned, bool> &Sizes) const;
  void addSkippedSizeofResults();

  // SharedStorage.cpp
  void findEmbeddingRecords();
  std::vector<bool> leadsToDirectlyLoaded() const;
  bool admitSharedStorage();
  bool storedInMemory(unsigned N) const;
  bool admitSharing(const std::string &Key, llvm::StringRef Reason, Provenance P);
  unsigned embeddersOf(const std::string &Key) const;
  std::optional<std::pair<unsigned, std::string>>
  readsPersistentPointerThrough(unsigned N, const std::string &Key) const;

  // LoadResults.cpp
  bool admitLoadResults(const std::vector<bool> &Fresh);

  // RebuiltStorage.cpp
  /// Every function that reads field cell F writes it first, or is a callback of one that
  /// did (qsort's comparator): what the load stores there lasts one call.
  bool isRebuiltBeforeRead(llvm::StringRef F) const;
  /// Field cell N only receives copies of other storage's loaded data, and is rebuilt before
  /// every read (a sort list filled from the sources' statistics).
  bool isRebuiltView(unsigned N) const;
  std::map<std::string, std::pair<int64_t, int64_t>> usesOfField(llvm::StringRef F) const;
  std::optional<std::pair<std::string, int64_t>> callbackHost(const std::string &Usr) const;

  // NullAtLoad.cpp
  /// Per load function, the global pointers ("g:x") still NULL whenever it runs.
  std::map<std::string, std::set<std::string>> nullAtLoadGlobals() const;
  std::map<std::string, std::set<int>> reachedFromLoads() const;
  /// The stores made through those globals (function, statement): they never run under the
  /// load.
  std::set<std::pair<int, std::string>> storesThroughNull() const;

  // HolderInference.cpp
  using Candidates = std::map<std::string, std::pair<std::string, Provenance>>; ///< field, why
  void findHolders();
  void demoteStackOnlyRecords(const std::set<std::string> &Heap);
  std::map<unsigned, std::set<std::string>> freshRecords(const std::vector<bool> &Fresh) const;
  void addUntypedContainers(const std::vector<bool> &Fresh, Candidates &Out);
  Candidates holderCandidates(const std::vector<bool> &Fresh, const std::vector<bool> &Leads);
  bool admitReachable(Candidates C);
  std::vector<bool> freshValues() const;
  std::set<std::string> stackOnlyRecords(const std::set<std::string> &Heap) const;
  std::set<std::string> heapRecords(const std::vector<bool> &Fresh) const;
  bool escapes(const std::vector<unsigned> &Cells,
               llvm::function_ref<bool(unsigned)> Escaped) const;
  std::set<std::string> loadParameterRecords() const;
  std::vector<bool> leadsToLoaded(const std::vector<bool> &Fresh) const;
  std::vector<std::pair<std::string, std::string>> storedFields(unsigned To) const;
  std::vector<std::pair<std::string, std::string>>
  ownedFields(const FlowGraph::Edge &Store, const std::vector<bool> &Fresh) const;
  bool ownsPersistent(const FlowGraph::Edge &Store, const std::vector<bool> &Fresh) const;
  std::set<std::string> reachableFromRoots(const std::set<std::string> &Candidates) const;
  std::string recordAtPath(llvm::StringRef Path) const;
  void collectRoots(const std::vector<bool> &Leads);
  void traceLoadedCells() const;

  const SummaryStore &Store;
  InferenceResult &R;
  bool OwnInputOnly;
  std::string TraceCell;
  llvm::raw_ostream *TraceOut;
  std::map<std::string, RecordInfo> Records;
  /// Every application function of the parsed TUs: where storage is used after the load too.
  std::vector<const FunctionSummary *> Parsed;
  std::set<std::string> Walked; ///< USRs of the functions the walk visited
  std::map<std::string, std::string> GlobalRecords; ///< global name -> record key
  std::set<std::string> GlobalObjects; ///< globals that are a record (or an array of one)
  /// Records filled whole in a global object or one of its members: never only on the stack.
  std::set<std::string> FilledInGlobals;
  std::unique_ptr<HeapSites> Heap; ///< --heap=sites; null: one cell per record field
  FlowGraph Graph;
  /// Every parsed function (calls through pointers not followed): the uses of storage.
  FlowGraph Program;
  std::vector<int> Tainted;
  std::vector<int> Formatted; ///< cells holding text a sprintf-family call formatted
  std::vector<bool> SinkBound, ProgramSinkBound;
  std::map<std::string, TypeFinding> Found;
  std::set<std::string> LoadedGlobals;
  /// Records given pointers to loaded bytes: kept only when reachable from a root.
  Candidates PointsToLoaded;
  /// Records with loaded data that only live on the stack, until something holds them.
  std::map<std::string, TypeFinding> Temporaries;
  std::set<std::string> StackRecords; ///< (stackOnlyRecords) fresh pointers pass their fields
  std::set<std::string> LoadParamRecords; ///< loadParameterRecords(), computed once by run()
  /// Field cells each walked function reads through its parameters ("usr|p0" -> cells).
  std::map<std::string, std::set<std::string>> ParamReads;
  std::map<std::string, unsigned> Embedders; ///< record -> how many records embed it by value
  FieldUses Uses; ///< of every parsed function (RebuiltStorage.cpp)
  std::set<std::pair<int, std::string>> DeadStores; ///< storesThroughNull()
};

// SharedStorage.cpp
std::map<std::string, unsigned> embedders(const std::map<std::string, RecordInfo> &Records);
std::map<std::string, std::set<std::string>> paramReads(const WalkResult &Walk);

} // namespace nvm::infer

#endif
