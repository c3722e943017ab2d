// The data-flow graph of the walked functions: summary cells made global (qualified by their
// function), calls wired to their callees, and reachability with the edge that reached a cell.
// Built in FlowGraph.cpp, wired per call site in CallSiteTransfer.cpp, walked in FlowReach.cpp.
#ifndef NVMOVE_FLOWGRAPH_H
#define NVMOVE_FLOWGRAPH_H

#include "QualifiedCells.h"
#include "nvm/CallGraphWalk.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include <functional>
#include <optional>
#include <set>
#include <tuple>

namespace nvm::infer {

class HeapSites;

/// The objects a field access of a function may touch (HeapSites.h): allocation sites, and
/// the objects its parameters Params point to at each call (bound per call site).
struct FieldTargets {
  bool Unknown = false; ///< any object: the access falls back to the record's cell
  std::vector<std::string> Sites;
  std::vector<unsigned> Params;
  /// The fresh object an allocation wrapper returns (a write only): bound to the site of
  /// each call of the wrapper.
  bool Result = false;
};

/// The cell standing for field cell Field of the object parameter I of function Usr points
/// to, written (Write) or read in that function: "usr|p0#w#f:entry.val", bound at each call.
std::string paramFieldCell(llvm::StringRef Usr, unsigned I, llvm::StringRef Field, bool Write);

class FlowGraph {
public:
  struct Edge {
    unsigned From, To;
    std::string Loc;
    int Function; ///< index in WalkResult::Visited, or -1 (global initializer)
    Flow::KindT Kind;
    /// For an edge wired per call site: the callee cell it stands for ("*read_exact|p1"), so a
    /// path can say which call carried the data; -1 otherwise.
    int Via = -1;
  };

  /// Builds the graph of the given functions (indices into Walk.Visited, or all of Fns).
  FlowGraph(const std::vector<const FunctionSummary *> &Fns,
            const std::map<std::pair<int, std::string>, std::vector<std::string>> &Indirect,
            bool UnknownCallsRead,
            std::function<bool(llvm::StringRef)> HandleStorage = nullptr,
            bool PerSiteWrites = false, const HeapSites *Heap = nullptr,
            const std::set<CallPlace> *NeverRun = nullptr);

  void addEdge(const std::string &From, const std::string &To, const std::string &Loc,
               int Function, Flow::KindT Kind, int Via = -1);
  unsigned node(const std::string &Cell);
  std::optional<unsigned> find(llvm::StringRef Cell) const;
  const std::string &name(unsigned N) const { return Names[N]; }
  size_t size() const { return Names.size(); }
  const Edge &edge(unsigned E) const { return Edges[E]; }
  unsigned edges() const { return Edges.size(); }
  const std::vector<unsigned> &inEdges(unsigned N) const { return In[N]; }
  const std::vector<unsigned> &outEdges(unsigned N) const { return Out[N]; }

  /// Callee result -> call cell, per call site (values only). Data does not flow along these
  /// (results are wired through the callee's transfer), but a pointer returned goes there.
  const std::multimap<unsigned, unsigned> &returnLinks() const { return ReturnLinks; }

  /// For each node: the edge that first reached it from Sources (-1: a source; -2: not
  /// reached). Reverse follows edges backwards; StoresOnly ignores alias edges.
  std::vector<int> reach(const std::vector<unsigned> &Sources, bool Reverse,
                         bool StoresOnly = false) const;

  /// Like reach(), following only edges Follow accepts and expanding only nodes Expand accepts
  /// (a node that is not expanded is still reached).
  std::vector<int> reachIf(const std::vector<unsigned> &Sources, bool Reverse,
                           llvm::function_ref<bool(const Edge &)> Follow,
                           llvm::function_ref<bool(unsigned)> Expand) const;

  /// The cells on the path that reached N, source first, at most Max of them.
  std::vector<std::string> path(const std::vector<int> &Parents, unsigned N, bool Reverse,
                                unsigned Max = 8) const;

  /// Stores and the pointers they were made through (Flow::Base edges, kept out of reach()).
  const std::vector<Edge> &baseUses() const { return BaseUses; }
  /// Cells and the records they point to (Flow::Type edges, kept out of reach()).
  const std::vector<Edge> &typeUses() const { return TypeUses; }

  /// An edge with a statement that reads or writes cell N (-1 if none).
  int firstUse(unsigned N) const;


private:
  /// A flow out of a callee at one call: its result, or what it writes through a parameter
  /// (From: "usr|ret", "*usr|p1", ...) into the caller's cell To.
  struct SiteFlow {
    size_t Caller;
    std::string Loc, Callee, From, To;
    Flow::KindT Kind;
  };
  using CallKey = std::tuple<size_t, std::string, std::string>; // caller, location, callee
  struct External {
    std::vector<std::pair<std::string, bool>> In, Out; ///< cell, is a pointee
  };

  void addRawEdge(const std::string &From, const std::string &To, const std::string &Loc,
                  int Function, Flow::KindT Kind, int Via);
  void addFlow(size_t FI, const FunctionSummary &F, const Flow &Fl, bool Mirror);
  bool carriesStream(const Flow &Fl) const;
  void connectCallSites();
  void addArenaAllocators(const std::vector<const FunctionSummary *> &Fns);
  /// For each callee cell some call of one of Callees takes from: its sources in the callee.
  std::map<std::string, std::vector<unsigned>>
  calleeTransfers(const std::set<std::string> &Callees) const;
  std::vector<unsigned> calleeSources(unsigned Out, llvm::StringRef Usr) const;
  /// What function FI's body stores into among its own pointee cells ("*p0", "*v:s", "*c1"):
  /// directly, through a local alias, or through a callee that writes through the parameter
  /// it is handed (Writes; AssumeUnknownWrites for a callback the walk did not follow).
  struct WrittenCells {
    llvm::EquivalenceClasses<std::string> Alias;
    std::vector<std::string> Written;
    bool has(const std::string &C) const;
  };
  WrittenCells writtenCells(size_t FI, const FunctionSummary &F, bool AssumeUnknownWrites,
                            const std::map<std::string, std::set<unsigned>> &Writes) const;
  void computeWritesThrough(const std::vector<const FunctionSummary *> &Fns,
                            bool AssumeUnknownWrites,
                            std::map<std::string, std::set<unsigned>> &Writes) const;
  /// The functions an indirect call at Loc in walked function Fn was followed to.
  std::vector<std::string> targetsOf(int Fn, const std::string &Loc) const;
  // ParamFieldBinding.cpp
  void bindParamFields();
  void propagateParamFields();
  std::vector<std::string> argumentCells(size_t Caller, const std::string &Arg,
                                         const std::string &Field, bool Write);
  std::optional<unsigned> fixedParamOf(size_t Caller, llvm::StringRef Cell) const;
  std::vector<std::string> callArguments(const CallKey &Key, unsigned I) const;
  std::optional<std::vector<std::string>> readBinding(const CallKey &Call,
                                                      llvm::StringRef Cell) const;
  // ResultFieldBinding.cpp
  void bindResultFields();
  // ResultWrites.cpp
  /// What the pointer a function returns points into, seen from inside it: storage of the
  /// rest of the program (a field's or a global's bytes: "*f:buf.data"), or the bytes its
  /// parameter Param points to (bound at each call). A fresh object it allocates is no such
  /// storage: only the caller holds it, through its own cell for the result.
  struct ResultTarget {
    std::string Cell; ///< a shared cell, or empty for parameter Param
    int Param = -1;
    bool operator<(const ResultTarget &O) const {
      return std::tie(Cell, Param) < std::tie(O.Cell, O.Param);
    }
  };
  void connectResultWrites(const std::vector<const FunctionSummary *> &Fns);
  std::set<std::string> resultsWrittenThrough(const std::vector<const FunctionSummary *> &Fns) const;
  const std::set<ResultTarget> &resultTargets(const std::string &Usr, std::set<std::string> &Open);
  std::vector<std::string> callArgumentPointees(const SiteFlow &RS, unsigned I) const;

  std::vector<std::string> Names;
  llvm::StringMap<unsigned> Ids;
  std::vector<Edge> Edges, BaseUses, TypeUses;
  std::vector<std::vector<unsigned>> Out, In;
  std::map<std::string, std::set<unsigned>> Writes;   ///< by stores the walk sees
  std::map<std::string, std::set<unsigned>> MayWrite; ///< also by unknown callbacks
  std::set<std::string> WithBody;
  std::map<CallKey, External> Externals;
  std::map<CallKey, std::map<std::string, std::vector<std::string>>> Arguments;
  std::vector<SiteFlow> SiteFlows; ///< results and (PerSiteWrites) writes through parameters
  /// A caller's cell for what a call's result points to ("*<caller>|c1") -> its SiteFlows.
  std::multimap<std::string, size_t> ResultSites;
  std::map<std::string, std::set<ResultTarget>> ResultTargetsOf; ///< by callee USR
  bool ResultRecursion = false;     ///< a walk met a function already on its way
  std::set<ResultTarget> Partial;   ///< what such a walk's inner function found
  /// Walked functions by USR (indices into the functions the graph was built from).
  std::map<std::string, std::vector<int>> FunctionIndex;
  std::multimap<unsigned, unsigned> ReturnLinks;
  const std::map<std::pair<int, std::string>, std::vector<std::string>> &Indirect;
  /// Calls that never run (caller USR, location, callee USR): none of their flows is wired.
  const std::set<CallPlace> *NeverRun = nullptr;
  bool UnknownCallsRead;
  /// Which heap cells (fields, globals) may hold a handle; set: also build the stream cells'
  /// graph ("~<cell>", precise mode's own input).
  std::function<bool(llvm::StringRef)> HandleStorage;
  bool MirrorStreams;
  bool PerSiteWrites;
  const HeapSites *Heap;
  std::vector<std::string> Usrs; ///< of the functions the graph was built from
  /// Field cells a function reads or writes through its parameter i, bound per call site:
  /// (usr, i) -> (field cell, is a write).
  std::map<std::pair<std::string, unsigned>, std::set<std::pair<std::string, bool>>>
      ParamFields;
  /// Field cells an allocation wrapper writes in the fresh object it returns: usr -> cells.
  std::map<std::string, std::set<std::string>> ResultFields;
  /// What a callee's read placeholder ("usr|p0#r#f:...") stands for at one call.
  std::map<std::pair<CallKey, std::string>, std::vector<std::string>> ReadBindings;
  /// Set once the placeholders are bound: a later access through a parameter or a
  /// wrapper's fresh object (an edge wired per call site) falls back to the unknown object.
  bool ParamFieldsBound = false;
};

} // namespace nvm::infer

#endif
