// Precise mode: records that share storage with others, so that one being loaded or persistent
// makes the other so.
//  - Embedding: the walk takes the address of a record embedded by value in another
//    (&oid_stat->stat) and loaded data is stored through it: the container holds that data.
//    The stored data must come from a read through locals and parameters, not through a field
//    cell that every object of a generic record shares (strbuf, hashmap), or every record
//    embedding a strbuf would look loaded.
//    The other way, a member whose address the walk takes (&hdr->ext) lives where its
//    persistent container lives, and so does an anonymous member record (a list link).
//  - Overlay: a pointer to a persistent record cast to another record (gdbm's header block
//    read as its standard or extended header) lays that layout over the same object.
#include "PreciseAnalysis.h"
#include "nvm/CellNames.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

/// "&f:struct oid_stat.stat" -> (struct oid_stat, stat).
static std::pair<std::string, std::string> memberOf(StringRef Cell) {
  if (!Cell.consume_front(cell::EmbeddedMember))
    return {};
  auto [Rec, Field] = Cell.rsplit('.');
  return {Rec.str(), Field.str()};
}

/// Pointer values that lead to stores of data read from storage and carried there through
/// locals, parameters and results only: not data that merely shares a field cell of a generic
/// record (every strbuf's buffer, every hashmap's table) with loaded data.
std::vector<bool> PreciseAnalysis::leadsToDirectlyLoaded() const {
  std::vector<unsigned> Sources = loadSources();
  std::vector<int> Direct = Graph.reachIf(
      Sources, false, [](const FlowGraph::Edge &) { return true; },
      [&](unsigned N) { return !isHeapCell(Graph.name(N)); });
  std::vector<unsigned> Bases;
  for (const FlowGraph::Edge &B : Graph.baseUses())
    if (auto T = Graph.find(StringRef(Graph.name(B.To)).drop_front(2));
        T && Direct[*T] != -2 && isKept(*T))
      Bases.push_back(B.From);
  std::vector<int> P = Graph.reachIf(
      Bases, true, [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store; },
      [&](unsigned N) { return !isHeapCell(Graph.name(N)); });
  std::vector<bool> Leads(Graph.size());
  for (unsigned N = 0; N < Graph.size(); ++N)
    Leads[N] = P[N] != -2;
  return Leads;
}

void PreciseAnalysis::findEmbeddingRecords() {
  std::vector<bool> Leads = leadsToDirectlyLoaded();
  // Calls by (function, location): a helper shared by many callers (strbuf_add) stores loaded
  // data through its parameter for one of them; the member passed at this call counts only when
  // the same call also hands the callee loaded data held in the caller's own locals or
  // parameters. How the data got there may pass through any storage: git's index mapping
  // reaches read_untracked_extension through a field of the context record of
  // load_index_extensions (with per-call-site writes through parameters, that is its only path).
  std::map<std::pair<int, std::string>, std::vector<unsigned>> CallArgs;
  for (unsigned E = 0; E < Graph.edges(); ++E)
    if (const FlowGraph::Edge &Ed = Graph.edge(E); Ed.Function >= 0)
      CallArgs[{Ed.Function, Ed.Loc}].push_back(E);
  auto CallCarriesLoaded = [&](unsigned N) {
    for (unsigned E : Graph.outEdges(N)) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      if (Ed.Function < 0 || isHeapCell(Graph.name(Ed.To)))
        continue; // a store into memory, not a call
      for (unsigned Sib : CallArgs[{Ed.Function, Ed.Loc}]) {
        unsigned From = Graph.edge(Sib).From;
        if (From != N && isKept(From) && !isHeapCell(Graph.name(From)) &&
            !isSourceCell(Graph.name(From)))
          return true;
      }
    }
    return false;
  };
  for (unsigned N = 0; N < Graph.size(); ++N) {
    auto [Key, Field] = memberOf(Graph.name(N));
    if (Key.empty() || !Leads[N] || !CallCarriesLoaded(N))
      continue;
    const FieldInfo *F = field(Key, Field);
    if (!F || F->PointeeRecord.empty())
      continue;
    int Use = Graph.firstUse(N);
    FlowGraph::Edge None{N, N, "", -1, Flow::Store};
    if (TypeFinding *T = add(Key, "loaded-data");
        T && T->FieldsWritten.insert(Field).second)
      T->Provenances.push_back(provenanceAt(
          Use >= 0 ? Graph.edge(Use) : None,
          "loaded data is stored through &" + prettyCell(cell::field(Key, Field)) + ", the " +
              displayKey(F->PointeeRecord) + " it embeds"));
  }
}

/// Makes Key persistent for sharing storage with a persistent record; true if it was new.
bool PreciseAnalysis::admitSharing(const std::string &Key, StringRef Reason, Provenance P) {
  if (Found.count(Key))
    return false;
  if (auto Temp = Temporaries.find(Key); Temp != Temporaries.end()) {
    Temp->second.Provenances.push_back(std::move(P));
    Found.emplace(Key, std::move(Temp->second));
    Temporaries.erase(Temp);
    return true;
  }
  TypeFinding *T = add(Key, Reason);
  if (!T)
    return false;
  T->Provenances.push_back(std::move(P));
  return true;
}

/// The address held in N is kept: stored into a field, a global or through a pointer (not
/// only handed to functions that use it and forget it, nor to callbacks we cannot see).
bool PreciseAnalysis::storedInMemory(unsigned N) const {
  return escapes({N}, [&](unsigned M) {
    StringRef C = Graph.name(M);
    return M != N && (C.startswith(cell::Pointee) || isHeapCell(C));
  });
}

/// How many records embed each record by value (a member or an array of it).
std::map<std::string, unsigned> embedders(const std::map<std::string, RecordInfo> &Records) {
  std::map<std::string, unsigned> Out;
  for (const auto &[Key, Rec] : Records) {
    std::set<std::string> Embedded;
    for (const FieldInfo &F : Rec.Fields)
      if (!F.PointeeRecord.empty() && !StringRef(F.Type).contains('*'))
        Embedded.insert(F.PointeeRecord);
    for (const std::string &M : Embedded)
      ++Out[M];
  }
  return Out;
}

/// Field cells each walked function reads through its own parameters ("usr|p0" -> cells).
std::map<std::string, std::set<std::string>> paramReads(const WalkResult &Walk) {
  std::map<std::string, std::set<std::string>> Out;
  for (const VisitedFunction &V : Walk.Visited)
    for (const Flow &Fl : V.Function->HeapFlows)
      if (auto I = Fl.Kind == Flow::ReadBase ? cell::paramIndex(Fl.From) : std::nullopt)
        Out[cell::qualifiedParam(V.Function->Usr, *I)].insert(Fl.To);
  return Out;
}

unsigned PreciseAnalysis::embeddersOf(const std::string &Key) const {
  auto It = Embedders.find(Key);
  return It == Embedders.end() ? 0 : It->second;
}

/// A function the address held in N is handed to (or one it hands its parameter on to) reads,
/// through it, a pointer field of record Key that points to a persistent record: the edge
/// that handed it over and the field cell, or nothing.
std::optional<std::pair<unsigned, std::string>>
PreciseAnalysis::readsPersistentPointerThrough(unsigned N, const std::string &Key) const {
  const auto &Reads = ParamReads;
  std::vector<std::pair<unsigned, unsigned>> Work{{N, ~0u}}; // node, edge that reached it
  std::set<unsigned> Seen{N};
  for (unsigned Depth = 0; Depth < 4 && !Work.empty(); ++Depth) {
    std::vector<std::pair<unsigned, unsigned>> Next;
    for (auto [M, Via] : Work)
      for (unsigned E : Graph.outEdges(M)) {
        const FlowGraph::Edge &Ed = Graph.edge(E);
        auto R = Reads.find(Graph.name(Ed.To));
        if (Ed.Kind != Flow::Store || R == Reads.end() || !Seen.insert(Ed.To).second)
          continue;
        unsigned At = Via == ~0u ? E : Via;
        for (const std::string &Cell : R->second) {
          auto [Rec, Name] = fieldOfCell(Cell);
          const FieldInfo *F = Rec == Key ? field(Rec, Name) : nullptr;
          if (F && isTypedPointerField(Rec, Name) && Found.count(F->PointeeRecord))
            return std::make_pair(At, Cell);
        }
        Next.push_back({Ed.To, At});
      }
    Work = std::move(Next);
  }
  return std::nullopt;
}

bool PreciseAnalysis::admitSharedStorage() {
  bool Changed = false;
  for (bool Again = true; Again;) {
    Again = false;
    // Members whose address the walk takes.
    for (unsigned N = 0; N < Graph.size(); ++N) {
      auto [Key, Field] = memberOf(Graph.name(N));
      const FieldInfo *F = Key.empty() || !Found.count(Key) ? nullptr : field(Key, Field);
      if (!F || F->PointeeRecord.empty() || !storedInMemory(N))
        continue;
      int Use = Graph.firstUse(N);
      FlowGraph::Edge None{N, N, "", -1, Flow::Store};
      Again |= admitSharing(F->PointeeRecord, "embedded",
                            provenanceAt(Use >= 0 ? Graph.edge(Use) : None,
                                         "the walk takes the address of " +
                                             prettyCell(cell::field(Key, Field)) +
                                             ", embedded by value in persistent " +
                                             displayKey(Key)));
    }
    // Containers: the walk stores a pointer to a persistent record (or loaded data) into a
    // persistent member through its address (LIST_INSERT_HEAD(&bucket->head, st, list)): the
    // member lives in the container, so the container holds it.
    for (const FlowGraph::Edge &B : Graph.baseUses()) {
      auto [Key, Field] = memberOf(Graph.name(B.From));
      const FieldInfo *F = Key.empty() || Found.count(Key) ? nullptr : field(Key, Field);
      if (!F || F->PointeeRecord.empty() || !Found.count(F->PointeeRecord))
        continue;
      StringRef Target = StringRef(Graph.name(B.To)).drop_front(2);
      auto [TKey, TField] = fieldOfCell(Target);
      const FieldInfo *TF = TKey == F->PointeeRecord ? field(TKey, TField) : nullptr;
      auto T = Graph.find(Target);
      if (!TF || !((StringRef(TF->Type).contains('*') && Found.count(TF->PointeeRecord)) ||
                   (T && isKept(*T))))
        continue;
      Again |= admitSharing(Key, "embedded",
                            provenanceAt(B, "stores into " + prettyCell(Target) + " through &" +
                                                prettyCell(cell::field(Key, Field)) +
                                                ", the persistent " +
                                                displayKey(F->PointeeRecord) + " it embeds"));
    }
    // Containers whose member leads to persistent objects: the walk hands &c->m to a function
    // that reads, through that parameter, a pointer of m to a persistent record
    // (slabhash_insert(&r->table, ...) reading sl->array, the hash tables it inserts into).
    // That pointer is in the container's own bytes. Only for a member record no other record
    // embeds: one field cell stands for the pointers of every object of a record, so a
    // building block embedded all over the program (git's hashmap, string_list) would make
    // each of its containers look persistent for the one that is.
    for (unsigned N = 0; N < Graph.size(); ++N) {
      auto [Key, Field] = memberOf(Graph.name(N));
      const FieldInfo *F = Key.empty() || Found.count(Key) ? nullptr : field(Key, Field);
      if (!F || F->PointeeRecord.empty() || StringRef(F->Type).contains('*') ||
          !Found.count(F->PointeeRecord) || embeddersOf(F->PointeeRecord) != 1)
        continue;
      if (auto Read = readsPersistentPointerThrough(N, F->PointeeRecord))
        Again |= admitSharing(
            Key, "embedded",
            provenanceAt(Graph.edge(Read->first),
                         "the walk hands &" + prettyCell(cell::field(Key, Field)) +
                             " to a function that reads " + prettyCell(Read->second) +
                             " through it, a pointer to persistent data in the " +
                             displayKey(F->PointeeRecord) + " it embeds"));
    }
    // Anonymous member records: they have no life of their own.
    auto IsAnonymous = [](const RecordInfo &M) { return M.Tag.empty() && M.TypedefNames.empty(); };
    std::vector<std::pair<std::string, std::string>> Anonymous;
    for (const auto &[Key, T] : Found)
      for (const FieldInfo &F : T.Record.Fields)
        if (auto M = Records.find(F.PointeeRecord);
            M != Records.end() && IsAnonymous(M->second) && !StringRef(F.Type).contains('*'))
          Anonymous.push_back({Key, F.Name});
    for (const auto &[Key, Field] : Anonymous)
      if (const FieldInfo *F = field(Key, Field))
        Again |= admitSharing(F->PointeeRecord, "embedded",
                              Provenance{{}, "", Found[Key].Record.DefinedAt,
                                         "anonymous member " + Field + " of persistent " +
                                             displayKey(Key)});
    // And the other way: a member record that lives only in its container (anonymous, or
    // declared inside it and embedded nowhere else) holds loaded data, or a persistent object,
    // for the container (ISC DHCP's binding_value keeps its value in the union it declares
    // inside itself).
    auto OnlyInside = [&](const RecordInfo &M) {
      return IsAnonymous(M) || (!M.Enclosing.empty() && embeddersOf(M.Key) == 1);
    };
    std::vector<std::pair<std::string, std::string>> Containers;
    for (const auto &[Key, R] : Records)
      if (!Found.count(Key))
        for (const FieldInfo &F : R.Fields)
          if (auto M = Records.find(F.PointeeRecord);
              M != Records.end() && !StringRef(F.Type).contains('*') &&
              Found.count(F.PointeeRecord) && OnlyInside(M->second)) {
            Containers.push_back({Key, F.Name});
            break;
          }
    for (const auto &[Key, Field] : Containers)
      Again |= admitSharing(Key, "embedded",
                            Provenance{{}, "", Records.find(Key)->second.DefinedAt,
                                       "its member " + Field +
                                           ", which lives nowhere else, holds persistent data"});
    // Overlays: a pointer to a persistent record cast to another record.
    for (const FlowGraph::Edge &E : Graph.typeUses()) {
      StringRef From = Graph.name(E.From), To = Graph.name(E.To);
      if (!From.consume_front(cell::Type) || !To.consume_front(cell::Type) || !Found.count(From.str()))
        continue;
      Again |= admitSharing(To.str(), "overlay",
                            provenanceAt(E, "a pointer to persistent " + displayKey(From.str()) +
                                                " is cast to " + displayKey(To.str())));
    }
    Changed |= Again;
  }
  return Changed;
}

} // namespace nvm::infer
