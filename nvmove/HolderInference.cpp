// Precise mode, second half: records that hold persistent objects.
//
// A record K becomes persistent through a field x typed as a pointer to a persistent record T
// when either
//  - ownership: the walk stores into K.x a T object that the load itself allocated
//    (`b->rec = r`, r fresh from malloc through any chain of calls), or
//  - path: the pointer read from K.x is the base of a store of loaded data or of an owned
//    object (`dictAddRaw(db->dict, ...)` stores loaded entries through db->dict), that store
//    itself, not another store into the same field cell,
// and K itself is reachable from a root: the record of a global the walk uses, or a persistent
// record, through typed fields or through untyped fields the walk stores K objects into. An
// iterator is given pointers to persistent objects, but nothing holds the iterator; a client
// points at a database it does not own.
#include "PreciseAnalysis.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

/// A store, or a callee's store through a pointer its caller passed.
static bool isValueMove(const FlowGraph::Edge &E) {
  return E.Kind == Flow::Store || E.Kind == Flow::Back;
}

/// Values that hold memory fresh from an allocator, followed through locals, parameters,
/// returns and call results but not through the heap (which mixes old and new objects), except
/// the fields of StackRecords: such a record is a bundle of one call's locals, so a pointer
/// read back from it is one stored there, as for a local (OpenSSH's parser keeps the key it
/// allocates in its per-line record, and the callback it hands that record to stores the key
/// into the entry it keeps).
std::vector<bool> PreciseAnalysis::freshValues() const {
  std::vector<bool> Fresh(Graph.size(), false);
  auto Alloc = Graph.find(cell::Alloc);
  if (!Alloc)
    return Fresh;
  auto Passes = [&](unsigned N) {
    StringRef C = Graph.name(N);
    return !isHeapCell(C) ||
           (C.startswith(cell::Field) && StackRecords.count(fieldOfCell(C).first));
  };
  // A callee's store through a pointer its caller passed (Flow::Back) moves a value as a
  // store does: an allocator that hands its object back through a parameter (ISC DHCP's
  // binding_value_allocate(&nv) doing `*cptr = dmalloc(...)`) gives the caller's pointer a
  // fresh object, as a result would.
  std::vector<int> P = Graph.reachIf(
      {*Alloc}, false, [](const FlowGraph::Edge &E) { return isValueMove(E); }, Passes);
  for (unsigned N = 0; N < Graph.size(); ++N)
    Fresh[N] = P[N] != -2 && Passes(N);
  return Fresh;
}

/// Records whose objects on the walk can only be locals: the load never puts one in memory
/// (Heap, from heapRecords), no global is one or points to one, no load function is handed
/// one, and no record points to one or embeds one.
std::set<std::string>
PreciseAnalysis::stackOnlyRecords(const std::set<std::string> &Heap) const {
  std::set<std::string> Excluded = Heap, Out;
  for (const auto &[Global, Rec] : GlobalRecords)
    Excluded.insert(Rec);
  Excluded.insert(LoadParamRecords.begin(), LoadParamRecords.end());
  for (const auto &[Key, Rec] : Records)
    for (const FieldInfo &F : Rec.Fields)
      if (!F.PointeeRecord.empty())
        Excluded.insert(F.PointeeRecord);
  for (const auto &[Key, Rec] : Records)
    if (!Excluded.count(Key))
      Out.insert(Key);
  return Out;
}

/// The fields a store into cell To goes to: To itself, or, for what a local pointer points to,
/// the fields whose address it was given (the tail pointer of a list, `struct alt **lp =
/// &d->list; ... *lp = a; lp = &a->next;`).
std::vector<std::pair<std::string, std::string>> PreciseAnalysis::storedFields(unsigned To) const {
  if (auto KN = fieldOfCell(Graph.name(To)); !KN.first.empty())
    return {KN};
  std::vector<std::pair<std::string, std::string>> Out;
  if (StringRef N = Graph.name(To);
      !N.startswith(cell::Pointee) || cell::isShared(N.drop_front(cell::Pointee.size())))
    return Out;
  for (unsigned E : Graph.outEdges(To))
    if (const FlowGraph::Edge &A = Graph.edge(E);
        A.Kind == Flow::Alias && StringRef(Graph.name(A.To)).startswith(cell::Field))
      if (auto KN = fieldOfCell(Graph.name(A.To)); !KN.first.empty())
        Out.push_back(KN);
  return Out;
}

/// The fields pointing to a persistent record that a store of a fresh pointer goes to: made
/// here, or by a callee through the field's address the caller passed (ISC DHCP's reference
/// counting, `binding_value_reference(&binding->value, nv)` doing `*ptr = bp`).
std::vector<std::pair<std::string, std::string>>
PreciseAnalysis::ownedFields(const FlowGraph::Edge &E, const std::vector<bool> &Fresh) const {
  std::vector<std::pair<std::string, std::string>> Out;
  if (!isValueMove(E) || !Fresh[E.From] || DeadStores.count({E.Function, E.Loc}))
    return Out;
  for (const auto &[Key, Name] : storedFields(E.To))
    if (const FieldInfo *F = field(Key, Name);
        F && !F->PointeeRecord.empty() && Found.count(F->PointeeRecord))
      Out.push_back({Key, Name});
  return Out;
}

/// A store of a fresh pointer into a field that points to a persistent record.
bool PreciseAnalysis::ownsPersistent(const FlowGraph::Edge &E, const std::vector<bool> &Fresh) const {
  return !ownedFields(E, Fresh).empty();
}

/// Cells whose pointer value is (or flows into) the base of a loaded or owning store.
std::vector<bool> PreciseAnalysis::leadsToLoaded(const std::vector<bool> &Fresh) const {
  // The store made through the base must itself be of loaded data or of an owned object, not
  // merely into a cell that such stores reach elsewhere: a constant or a count stored into a
  // field that loaded data also reaches, or an existing entry moved within a table by a
  // rehash step, hands the pointer's record nothing (Redis' pubsubtype, bkinfo).
  auto StoresHere = [&](const FlowGraph::Edge &B, unsigned Target) {
    return llvm::any_of(Graph.inEdges(Target), [&](unsigned E) {
      const FlowGraph::Edge &S = Graph.edge(E);
      return S.Function == B.Function && S.Loc == B.Loc && S.Kind != Flow::Alias &&
             (isKept(S.From) || ownsPersistent(S, Fresh));
    });
  };
  std::vector<unsigned> Bases;
  for (const FlowGraph::Edge &B : Graph.baseUses()) {
    auto Target = Graph.find(StringRef(Graph.name(B.To)).drop_front(2));
    if (Target && StoresHere(B, *Target) && !isReadBufferCell(*Target) &&
        !DeadStores.count({B.Function, B.Loc}))
      Bases.push_back(B.From);
  }
  std::vector<int> P = Graph.reachIf(
      Bases, true, [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store; },
      [&](unsigned N) { return !isHeapCell(Graph.name(N)); });
  std::vector<bool> Leads(Graph.size());
  for (unsigned N = 0; N < Graph.size(); ++N)
    Leads[N] = P[N] != -2;
  return Leads;
}

/// "server.db" -> the record server.db points to, following field types.
std::string PreciseAnalysis::recordAtPath(StringRef Path) const {
  auto [Head, Rest] = Path.split('.');
  auto G = GlobalRecords.find(Head.str());
  if (G == GlobalRecords.end())
    return {};
  std::string Rec = G->second;
  while (!Rest.empty()) {
    StringRef Name;
    std::tie(Name, Rest) = Rest.split('.');
    const FieldInfo *F = field(Rec, Name);
    if (!F || F->PointeeRecord.empty())
      return {};
    Rec = F->PointeeRecord;
  }
  return Rec;
}

/// Records reachable from the globals the walk uses and from persistent records.
std::set<std::string> PreciseAnalysis::reachableFromRoots(
    const std::set<std::string> &Candidates) const {
  std::multimap<std::string, std::string> StoredInto; // holder -> object type, via void *
  for (unsigned E = 0; E < Graph.edges(); ++E) {
    StringRef From = Graph.name(Graph.edge(E).From), To = Graph.name(Graph.edge(E).To);
    if (From.startswith(cell::ObjectRead) && To.consume_front(cell::Pointee) &&
        To.startswith(cell::Field))
      StoredInto.insert({fieldOfCell(cell::pointee(To)).first,
                         From.drop_front(cell::ObjectRead.size()).str()});
  }
  // A field whose value is used as a pointer to a candidate holds it, typed or not
  // (load_string(fd, o->ptr) with a struct sds * parameter).
  for (const FlowGraph::Edge &T : Graph.typeUses()) {
    std::string Rec = StringRef(Graph.name(T.To)).drop_front(2).str();
    if (!Candidates.count(Rec))
      continue;
    std::vector<int> P = Graph.reachIf(
        {T.From}, true, [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store; },
        [&](unsigned N) { return !isHeapCell(Graph.name(N)); });
    for (unsigned N = 0; N < Graph.size(); ++N)
      if (P[N] != -2)
        if (auto [Holder, Field] = fieldOfCell(Graph.name(N)); !Holder.empty() && Holder != Rec)
          StoredInto.insert({Holder, Rec});
  }
  std::vector<std::string> Work;
  for (unsigned N = 0; N < Graph.size(); ++N) {
    StringRef Cell = Graph.name(N);
    Cell.consume_front(cell::Pointee);
    if (!Cell.consume_front(cell::Global))
      continue;
    // "server.db" reaches the record of server and the one server.db points to.
    for (size_t Dot = 0; Dot != StringRef::npos; Dot = Cell.find('.', Dot + 1))
      if (std::string Rec = recordAtPath(Dot ? Cell.substr(0, Dot) : Cell.split('.').first);
          !Rec.empty())
        Work.push_back(Rec);
    if (std::string Rec = recordAtPath(Cell); !Rec.empty())
      Work.push_back(Rec);
  }
  for (const auto &[Key, T] : Found)
    Work.push_back(Key);
  Work.insert(Work.end(), LoadParamRecords.begin(), LoadParamRecords.end());
  std::set<std::string> Reached;
  while (!Work.empty()) {
    std::string Key = Work.back();
    Work.pop_back();
    if (!Reached.insert(Key).second)
      continue;
    if (auto Rec = Records.find(Key); Rec != Records.end())
      for (const FieldInfo &F : Rec->second.Fields)
        if (!F.PointeeRecord.empty())
          Work.push_back(F.PointeeRecord);
    auto [B, E] = StoredInto.equal_range(Key);
    for (auto It = B; It != E; ++It)
      Work.push_back(It->second);
  }
  return Reached;
}

/// Records the load allocates on the heap: a fresh pointer of that type exists on the walk.
/// Also records laid over loaded bytes (an item cast from a mapped file).
/// Whether a pointer value held in Cells reaches a cell Escaped accepts, through stores
/// and returns to callers, never through memory.
bool PreciseAnalysis::escapes(const std::vector<unsigned> &Cells,
                              llvm::function_ref<bool(unsigned)> Escaped) const {
  std::vector<bool> Seen(Graph.size());
  std::vector<unsigned> Work(Cells);
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    if (Seen[N])
      continue;
    Seen[N] = true;
    if (Escaped(N))
      return true;
    for (unsigned E : Graph.outEdges(N))
      if (Graph.edge(E).Kind == Flow::Store)
        Work.push_back(Graph.edge(E).To);
    auto [B, End] = Graph.returnLinks().equal_range(N);
    for (auto It = B; It != End; ++It)
      Work.push_back(It->second);
  }
  return false;
}

/// A fresh object only counts when a pointer to it escapes into memory (a field, a global,
/// through any pointer) or out of a load function: an iterator the load allocates, uses and
/// frees never does.
std::set<std::string> PreciseAnalysis::heapRecords(const std::vector<bool> &Fresh) const {
  std::set<std::string> LoadResults;
  for (const VisitedFunction &V : R.Walk.Visited)
    if (V.Parent < 0)
      LoadResults.insert(cell::qualifiedResult(V.Function->Usr));
  auto InMemory = [&](StringRef C) {
    return C.startswith(cell::Pointee) || isHeapCell(C) || C == cell::Escape;
  };
  std::map<std::string, std::vector<unsigned>> FreshPointers;
  for (const FlowGraph::Edge &T : Graph.typeUses())
    if (Fresh[T.From])
      FreshPointers[StringRef(Graph.name(T.To)).drop_front(2).str()].push_back(T.From);
  std::set<std::string> Heap;
  for (const auto &[Rec, Cells] : FreshPointers)
    if (escapes(Cells, [&](unsigned N) {
          return InMemory(Graph.name(N)) || LoadResults.count(Graph.name(N));
        }))
      Heap.insert(Rec);
  for (unsigned E = 0; E < Graph.edges(); ++E) {
    const FlowGraph::Edge &Ed = Graph.edge(E);
    StringRef From = Graph.name(Ed.From), To = Graph.name(Ed.To);
    if (Ed.Kind == Flow::Alias && To.startswith(cell::Object) && !From.startswith(cell::ObjectRead) &&
        isTainted(Ed.From))
      Heap.insert(To.drop_front(2).str());
  }
  return Heap;
}

/// Records the load functions' callers hand in (rdbLoad's rdbSaveInfo *rsi, memcached's
/// metadata behind a void *): they exist before the load and outlive it, like globals.
std::set<std::string> PreciseAnalysis::loadParameterRecords() const {
  std::vector<unsigned> Params;
  for (const VisitedFunction &V : R.Walk.Visited) {
    if (V.Parent >= 0)
      continue;
    for (unsigned I = 0; I < V.Function->NumParams; ++I)
      if (auto N = Graph.find(cell::qualifiedParam(V.Function->Usr, I)))
        Params.push_back(*N);
  }
  std::vector<int> P = Graph.reachIf(
      Params, false, [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store; },
      [&](unsigned N) { return !isHeapCell(Graph.name(N)); });
  std::set<std::string> Out;
  for (const FlowGraph::Edge &T : Graph.typeUses())
    if (P[T.From] != -2)
      Out.insert(StringRef(Graph.name(T.To)).drop_front(2).str());
  return Out;
}

/// A record that receives loaded data but only ever lives on the stack (a header read into a
/// local, an I/O context, an iterator declared in a function) is a temporary: it becomes a
/// candidate like a holder, kept only when something persistent holds it.
void PreciseAnalysis::demoteStackOnlyRecords(const std::set<std::string> &Heap) {
  for (auto It = Found.begin(); It != Found.end();) {
    if (Heap.count(It->first) || FilledInGlobals.count(It->first) ||
        It->second.Reason == "sizeof-allocation") {
      ++It;
      continue;
    }
    Provenance P = It->second.Provenances.empty() ? Provenance{} : It->second.Provenances.front();
    P.Evidence += " (only on the stack: kept if reachable from a root)";
    std::string Field = It->second.FieldsWritten.empty() ? "" : *It->second.FieldsWritten.begin();
    Temporaries[It->first] = std::move(It->second);
    PointsToLoaded.try_emplace(It->first, Field, std::move(P));
    It = Found.erase(It);
  }
}

/// The records fresh pointer values point to, followed from where they are typed (struct job *j)
/// through locals, parameters and results into untyped ones (void *item).
std::map<unsigned, std::set<std::string>>
PreciseAnalysis::freshRecords(const std::vector<bool> &Fresh) const {
  std::map<unsigned, std::set<std::string>> Out;
  std::vector<unsigned> Work;
  for (const FlowGraph::Edge &T : Graph.typeUses())
    if (Fresh[T.From] && Out[T.From].insert(StringRef(Graph.name(T.To)).drop_front(2).str()).second)
      Work.push_back(T.From);
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    for (unsigned E : Graph.outEdges(N)) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      if (Ed.Kind != Flow::Store || !Fresh[Ed.To])
        continue;
      size_t Before = Out[Ed.To].size();
      Out[Ed.To].insert(Out[N].begin(), Out[N].end());
      if (Out[Ed.To].size() != Before)
        Work.push_back(Ed.To);
    }
  }
  return Out;
}

/// Untyped containers: a field of type void * or void ** (an array of handles with a length and
/// a capacity) into which the walk stores objects of a persistent record that the load
/// allocated. Typed fields are handled by ownsPersistent().
void PreciseAnalysis::addUntypedContainers(const std::vector<bool> &Fresh, Candidates &Out) {
  std::map<unsigned, std::set<std::string>> Kinds = freshRecords(Fresh);
  for (unsigned E = 0; E < Graph.edges(); ++E) {
    const FlowGraph::Edge &Ed = Graph.edge(E);
    auto K = Kinds.find(Ed.From);
    if (Ed.Kind != Flow::Store || K == Kinds.end())
      continue;
    auto [Key, Name] = fieldOfCell(Graph.name(Ed.To));
    const FieldInfo *F = Key.empty() ? nullptr : field(Key, Name);
    if (!F || !F->PointeeRecord.empty() || !StringRef(F->Type).startswith("void *") ||
        Found.count(Key) || Out.count(Key))
      continue;
    for (const std::string &Rec : K->second)
      if (Found.count(Rec)) {
        Out[Key] = {Name, provenanceAt(Ed, "stores into '" + Name + "' (" + F->Type + ") a " +
                                               displayKey(Rec) +
                                               " that the load allocated and filled")};
        break;
      }
  }
}

/// Records that may hold persistent objects, each with the field and the evidence.
PreciseAnalysis::Candidates PreciseAnalysis::holderCandidates(const std::vector<bool> &Fresh,
                                                              const std::vector<bool> &Leads) {
  Candidates Out = PointsToLoaded;
  addUntypedContainers(Fresh, Out);
  for (unsigned E = 0; E < Graph.edges(); ++E) {
    const FlowGraph::Edge &Ed = Graph.edge(E);
    for (const auto &[Key, Name] : ownedFields(Ed, Fresh))
      if (!Found.count(Key) && !Out.count(Key))
        Out[Key] = {Name, provenanceAt(Ed, "stores into '" + Name + "' a " +
                                               displayKey(field(Key, Name)->PointeeRecord) +
                                               " that the load allocated and filled")};
  }
  for (unsigned N = 0; N < Graph.size(); ++N) {
    // The field of the objects of one site, or of the one a parameter points to, is a
    // field of the record too: leadsToLoaded stops at it as at the record's cell (the
    // pointer in lib_ctx->libraries, read through libraryLink's parameter).
    StringRef Cell = Graph.name(N);
    if (StringRef Part = cell::objectFieldOf(Cell); !Part.empty())
      Cell = Part;
    auto [Key, Name] = fieldOfCell(Cell);
    if (!Leads[N] || Key.empty() || Found.count(Key) || Out.count(Key) ||
        !isTypedPointerField(Key, Name))
      continue;
    int Use = Graph.firstUse(N);
    FlowGraph::Edge None{N, N, "", -1, Flow::Store};
    Out[Key] = {Name, provenanceAt(Use >= 0 ? Graph.edge(Use) : None,
                                   "the pointer in '" + Name +
                                       "' is the base of stores of loaded data")};
  }
  return Out;
}

/// Makes the candidates reachable from a root persistent; true if any was new.
bool PreciseAnalysis::admitReachable(Candidates C) {
  std::set<std::string> Names;
  for (const auto &[Key, Evidence] : C)
    Names.insert(Key);
  std::set<std::string> Reached = reachableFromRoots(Names);
  bool Changed = false;
  for (auto &[Key, Evidence] : C) {
    if (!Reached.count(Key) || Found.count(Key))
      continue;
    if (auto Temp = Temporaries.find(Key); Temp != Temporaries.end()) {
      Found.emplace(Key, std::move(Temp->second));
      Temporaries.erase(Temp);
      Changed = true;
    } else if (TypeFinding *T = add(Key, "pointer-to-loaded")) {
      if (!Evidence.first.empty())
        T->FieldsWritten.insert(Evidence.first);
      T->Provenances.push_back(std::move(Evidence.second));
      Changed = true;
    }
  }
  return Changed;
}

void PreciseAnalysis::findHolders() {
  std::vector<bool> Fresh = freshValues();
  std::set<std::string> Heap = heapRecords(Fresh);
  StackRecords = stackOnlyRecords(Heap);
  demoteStackOnlyRecords(Heap);
  Fresh = freshValues(); // now also through the fields of StackRecords
  std::vector<bool> Leads;
  for (bool Changed = true; Changed;) {
    Leads = leadsToLoaded(Fresh);
    Changed = admitReachable(holderCandidates(Fresh, Leads));
    Changed |= admitSharedStorage();
    Changed |= admitLoadResults(Fresh);
  }
  // Temporaries nothing holds are reported, as touched (never hidden).
  for (auto &[Key, T] : Temporaries) {
    T.Reason = "temporary";
    R.Touched.push_back(std::move(T));
  }
  // Records persistent for another reason still list the pointer fields they were given.
  for (auto &[Key, Evidence] : PointsToLoaded)
    if (auto It = Found.find(Key); It != Found.end() && !Evidence.first.empty())
      if (It->second.FieldsWritten.insert(Evidence.first).second)
        It->second.Provenances.push_back(Evidence.second);
  collectRoots(Leads);
}

/// Globals (or global field paths) that receive loaded data or lead to persistent records.
void PreciseAnalysis::collectRoots(const std::vector<bool> &Leads) {
  for (unsigned N = 0; N < Graph.size(); ++N) {
    StringRef Cell = Graph.name(N);
    Cell.consume_front(cell::Pointee);
    if (!Cell.consume_front(cell::Global))
      continue;
    std::string Path = Cell.str(), Rec = recordAtPath(Cell);
    bool Loaded = LoadedGlobals.count(Path);
    if (!Loaded && !Found.count(Rec) && !Leads[N])
      continue;
    if (llvm::any_of(R.Roots, [&](const Root &X) { return X.Global == Path; }))
      continue;
    R.Roots.push_back({Path, Found.count(Rec) ? displayKey(Rec) : "",
                       Loaded     ? "loaded data is stored into it"
                       : Leads[N] ? "loaded data is stored through it"
                                  : "leads to persistent " + displayKey(Rec)});
  }
  llvm::sort(R.Roots, [](const Root &A, const Root &B) { return A.Global < B.Global; });
}

} // namespace nvm::infer
