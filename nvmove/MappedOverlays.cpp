// Precise mode: records laid over a mapping of the load's file that the load keeps. A file the
// load maps (mmap) is its data where it lies: LMDB and RRDtool point their headers' records into
// the mapping and never write them, so no store of loaded data names those records. A mapping
// counts when its address reaches a global, or a field of a record the load's caller hands in or
// of a persistent record: git maps its index, reads it and unmaps it, keeping only copies.
#include "PreciseAnalysis.h"
#include "QualifiedCells.h"

using namespace llvm;

namespace nvm::infer {

/// The call cells holding a mapping of the load's own input: the result of an input call whose
/// value is the data's address and whose pointee is the data (IOFunctions.def's mmap), and
/// not a directory entry (readdir's result also points to a dirent record).
std::vector<unsigned> PreciseAnalysis::loadMappings() const {
  std::vector<unsigned> Out;
  for (unsigned N = 0; N < Graph.size(); ++N) {
    StringRef In = Graph.name(N);
    size_t At = In.find(cell::QualifiedInputCall);
    if (At == StringRef::npos || In.startswith(cell::Pointee) || !isTainted(N))
      continue;
    std::string Call = (In.take_front(At) + cell::SeparatorText +
                        In.drop_front(At + cell::QualifiedInputCall.size() - cell::Call.size()))
                           .str();
    auto Value = Graph.find(Call), Bytes = Graph.find(cell::pointee(Call));
    auto From = [&](unsigned To) {
      return llvm::any_of(Graph.inEdges(To), [&](unsigned E) { return Graph.edge(E).From == N; });
    };
    bool Record = llvm::any_of(Graph.outEdges(N), [&](unsigned E) {
      return StringRef(Graph.name(Graph.edge(E).To)).startswith(cell::Object);
    });
    if (Value && Bytes && From(*Value) && From(*Bytes) && !Record)
      Out.push_back(*Value);
  }
  return Out;
}

void PreciseAnalysis::addMappedOverlays() {
  std::set<std::string> Holders = LoadParamRecords;
  for (const auto &[Key, T] : Found)
    Holders.insert(Key);
  for (unsigned Mapping : loadMappings()) {
    // The cells the mapping's address (or an address computed from it) goes to.
    std::vector<int> P = Graph.reachIf(
        {Mapping}, false, [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store; },
        [](unsigned) { return true; });
    std::string KeptIn;
    for (unsigned N = 0; N < Graph.size() && KeptIn.empty(); ++N) {
      StringRef C = Graph.name(N);
      if (P[N] != -2 && (C.startswith(cell::Global) ||
                         (C.startswith(cell::Field) && Holders.count(fieldOfCell(C).first))))
        KeptIn = prettyCell(C);
    }
    if (KeptIn.empty())
      continue;
    auto Overlay = [&](const std::string &Rec, const FlowGraph::Edge &Where) {
      if (Found.count(Rec))
        return;
      if (TypeFinding *F = add(Rec, "overlay"))
        F->Provenances.push_back(provenanceAt(
            Where, "laid over the load's mapped file, whose address is kept in " + KeptIn));
      // Every byte of it is the file's: so are the records it embeds.
      addEmbeddedInWholeObject(Where.To, Rec, /*ReadIn=*/true);
    };
    // Where an address into the mapping is used as a record: a pointer typed by its
    // declaration or a cast, or a typed pointer field given it (rrd->stat_head =
    // (stat_head_t *)(data + n)).
    for (const FlowGraph::Edge &T : Graph.typeUses())
      if (P[T.From] != -2)
        Overlay(StringRef(Graph.name(T.To)).drop_front(cell::Type.size()).str(), T);
    for (unsigned N = 0; N < Graph.size(); ++N) {
      StringRef C = Graph.name(N);
      if (P[N] == -2 || !C.startswith(cell::Field))
        continue;
      auto [Key, Name] = fieldOfCell(C);
      const FieldInfo *F = field(Key, Name);
      if (!F || F->PointeeRecord.empty() || !StringRef(F->Type).contains('*'))
        continue;
      for (unsigned E : Graph.inEdges(N))
        if (P[Graph.edge(E).From] != -2) {
          Overlay(F->PointeeRecord, Graph.edge(E));
          break;
        }
    }
  }
}

} // namespace nvm::infer
