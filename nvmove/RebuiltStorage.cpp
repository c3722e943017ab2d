// Storage a function rebuilds before it reads it back (chrony's source selection fills its sort
// list from the sources' statistics, sorts it and reads it, and does so again at every call):
// loaded data stored there lasts one call, not beyond, so it makes the record nothing
// persistent. Judged over every parsed function, in source order (FieldAccessOrder.h).
#include "PreciseAnalysis.h"

using namespace llvm;

namespace nvm::infer {

/// Position A becomes B when B comes first (-1: none).
static void keepEarliest(int64_t &A, int64_t B) {
  if (B >= 0 && (A < 0 || B < A))
    A = B;
}

FieldUses fieldUses(const std::vector<const FunctionSummary *> &Fns) {
  FieldUses Out;
  for (const FunctionSummary *F : Fns)
    for (const FieldOrder &O : F->FieldOrders) {
      auto &[Read, Write] = Out[O.Field].try_emplace(F->Usr, -1, -1).first->second;
      keepEarliest(Read, O.FirstRead);
      keepEarliest(Write, O.FirstWrite);
    }
  return Out;
}

/// The first read and write of field cell F ("f:<record>.<name>") in each function, whole-object
/// accesses of its record included.
std::map<std::string, std::pair<int64_t, int64_t>>
PreciseAnalysis::usesOfField(StringRef F) const {
  std::map<std::string, std::pair<int64_t, int64_t>> Out;
  std::string Whole = (F.rsplit('.').first + ".*").str();
  for (const std::string &C : {F.str(), Whole}) {
    auto It = Uses.find(C);
    if (It == Uses.end())
      continue;
    for (const auto &[Usr, RW] : It->second) {
      auto &[Read, Write] = Out.try_emplace(Usr, -1, -1).first->second;
      keepEarliest(Read, RW.first);
      keepEarliest(Write, RW.second);
    }
  }
  return Out;
}

/// Where a function that never writes field F reads it on behalf of another: a callback whose
/// address is only handed to library calls of one function (qsort's comparator). That host
/// and the position of its call, or nothing.
std::optional<std::pair<std::string, int64_t>>
PreciseAnalysis::callbackHost(const std::string &Usr) const {
  auto N = Program.find((cell::FunctionAddress + Usr).str());
  if (!N || Program.outEdges(*N).empty())
    return std::nullopt;
  std::optional<std::pair<std::string, int64_t>> Host;
  for (unsigned E : Program.outEdges(*N)) {
    const FlowGraph::Edge &Ed = Program.edge(E);
    auto [Caller, Local] = StringRef(Program.name(Ed.To)).split(cell::Separator);
    if (!Local.startswith(cell::LibraryCall) || (Host && Host->first != Caller))
      return std::nullopt;
    int64_t At = sourcePosition(Ed.Loc);
    if (!Host || At < Host->second)
      Host = {Caller.str(), At};
  }
  return Host;
}

bool PreciseAnalysis::isRebuiltView(unsigned N) const {
  // Only copies of what other storage already holds: a load that stores what it read and
  // reads it back (`s->len = len; read(fd, s->buf, s->len)`) is filling the record.
  bool Copied = llvm::all_of(Graph.inEdges(N), [&](unsigned E) {
    unsigned From = Graph.edge(E).From;
    return !isKept(From) || isHeapCell(Graph.name(From));
  });
  return Copied && isRebuiltBeforeRead(Graph.name(N));
}

bool PreciseAnalysis::isRebuiltBeforeRead(StringRef F) const {
  if (!F.startswith(cell::Field))
    return false;
  auto ByFunction = usesOfField(F);
  // Only where the field is read back at all: a field no function reads says nothing.
  bool ReadBack = false;
  for (const auto &[Usr, RW] : ByFunction) {
    auto [Read, Write] = RW;
    if (Read < 0)
      continue;
    ReadBack = true;
    if (Write >= 0 && Write < Read)
      continue;
    if (Write >= 0)
      return false; // read before this function writes it: what the last call left there
    auto Host = callbackHost(Usr);
    if (!Host)
      return false;
    auto H = ByFunction.find(Host->first);
    if (H == ByFunction.end() || H->second.second < 0 || H->second.second >= Host->second)
      return false;
  }
  return ReadBack;
}

} // namespace nvm::infer
