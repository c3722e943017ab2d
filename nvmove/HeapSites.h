// The allocation-site heap of precise mode (--heap=sites): which allocation sites each pointer
// may point to, so that a field read or written through it touches only those objects' cells.
//
// Sites are the calls that return fresh memory: an allocator (IOFunctions.def's NVM_ALLOCATOR),
// or a call of an allocation wrapper (zmalloc, xmalloc: a function that returns only fresh
// memory from its own allocations, and does not keep it), so the wrapper's caller names the
// site ("h:<usr>|c<n>"). A wrapper that writes fields of its fresh object (createObject sets
// o->ptr) is one level of calling context: its calls are sites, a wrapper of it is not a
// wrapper, and its stores into the object are bound to each call's site (FlowGraph). The points-to sets come from a
// flow-insensitive inclusion analysis over FunctionSummary::PointerFlows of every parsed
// application function (fields are one cell per record field there, which keeps it sound).
// A pointer that may hold an address the analysis does not follow (a library result, a
// parameter of a function whose address is taken, an array of pointers, a local whose
// address is taken, a union member...) has unknown targets: its reads fall back to the
// record's program-wide field cell, so no persistent type is missed.
#ifndef NVMOVE_HEAPSITES_H
#define NVMOVE_HEAPSITES_H

#include "FlowGraph.h"
#include "nvm/SummaryStore.h"
#include <memory>
#include <optional>

namespace nvm::infer {

class HeapSites {
public:
  /// Program: every parsed application function. AllTUs: every TU was parsed (otherwise the
  /// parameters of functions other TUs can call have unknown targets). Walked: the functions
  /// whose calls the flow graph binds per call site (their field accesses through a
  /// parameter that is never reassigned name the parameter, not its sites).
  HeapSites(const std::vector<const FunctionSummary *> &Program, const SummaryStore &Store,
            bool AllTUs, std::set<std::string> Walked = {});

  /// What a write (Write) or read of field cell Field in function Usr may touch: Unknown
  /// when one of the pointers it goes through has unknown targets.
  FieldTargets sitesOf(llvm::StringRef Usr, llvm::StringRef Field, bool Write) const;

  /// The sites qualified pointer cell Cell may point to, or nullopt when they are unknown.
  std::optional<std::vector<std::string>> pointsTo(llvm::StringRef Cell) const;

  /// Whether parameter I of function Usr is only ever its argument: neither assigned nor
  /// address-taken in its function, so a field access through it touches the object the
  /// caller passed.
  bool isFixedParam(llvm::StringRef Usr, unsigned I) const;

  /// The sites parameter I of Usr may point to at the calls the flow graph does not bind:
  /// those Bound (caller, location) does not accept; nullopt when unknown (an address-taken
  /// function, a root without callers).
  std::optional<std::vector<std::string>>
  outsideSites(llvm::StringRef Usr, unsigned I,
               llvm::function_ref<bool(llvm::StringRef Caller, llvm::StringRef Loc)> Bound) const;

  /// The pointer cells (qualified) argument I of the call of Callee at Loc in Caller is
  /// computed from: ce in oidread(&ce->oid, ...), where the data flows name the member. Null
  /// when the call passes no address there.
  const std::vector<std::string> *argumentsAt(llvm::StringRef Caller, llvm::StringRef Loc,
                                              llvm::StringRef Callee, unsigned I) const;

  /// Allocation wrappers found (their calls are sites).
  const std::set<std::string> &wrappers() const { return Pure; }

  /// Whether Site ("h:<caller>|c<n>") is a call of Wrapper, an allocation wrapper that also
  /// writes fields of the fresh object it returns (its stores are bound to each call's site).
  bool isCallSiteOf(llvm::StringRef Wrapper, llvm::StringRef Site) const;
  /// Every site of the calls of such a wrapper in the parsed program (empty for any other
  /// function).
  std::set<std::string> callSitesOf(llvm::StringRef Wrapper) const;

  /// Whether the bytes behind pointer field cell Field ("f:buf.data") belong to one object
  /// each: every pointer stored into the field is fresh memory of the storing function's own
  /// allocations (through its locals), and no object holding the field is ever copied whole.
  /// Then they can be told apart by the site of the object holding the pointer.
  bool hasPrivateBytes(llvm::StringRef Field) const { return PrivateBytes.count(Field.str()); }

private:
  std::set<std::string> pureWrappers(const std::vector<const FunctionSummary *> &Program) const;
  void seedUnknown(const std::vector<const FunctionSummary *> &Program, const SummaryStore &Store,
                   bool AllTUs);
  void markUnknown(const std::string &Cell);
  void propagate();
  void findPrivateBytes(const std::vector<const FunctionSummary *> &Program,
                        const SummaryStore &Store);
  bool onlyFreshFrom(const std::string &Cell) const;

  std::set<std::string> Bodies, AddressTaken, Pure, Walked;
  std::set<std::string> PrivateBytes; ///< pointer field cells (see hasPrivateBytes)
  /// Allocation wrappers that write fields of their fresh object -> the local cells holding
  /// it; and -> the sites of their calls.
  std::map<std::string, std::set<std::string>> FieldWrappers, WrapperCallSites;
  std::set<std::string> ReassignedParams;
  /// (caller, location, callee, parameter) -> the pointer cells of the argument.
  std::map<std::tuple<std::string, std::string, std::string, unsigned>, std::vector<std::string>>
      CallArguments; ///< "usr|p<i>" assigned or address-taken in usr
  bool AllTUs;
  std::vector<FunctionSummary> Copies;
  std::unique_ptr<FlowGraph> Pointers;
  std::map<std::pair<int, std::string>, std::vector<std::string>> NoIndirect;
  std::vector<std::vector<unsigned>> Points; ///< sorted site numbers per node
  std::vector<bool> Unknown;
  std::vector<std::string> SiteNames;
  /// (usr, field, kind) -> the pointer cells the field is reached through.
  std::map<std::tuple<std::string, std::string, char>, std::vector<std::string>> Bases;
};

} // namespace nvm::infer

#endif
