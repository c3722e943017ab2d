// Precise mode, first half: types that receive loaded data, or a pointer to it, and types
// whose sizeof sizes an allocation that receives loaded data. See the note in Inference.h.
#include "PreciseAnalysis.h"
#include "SinkBound.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

bool isHeapCell(StringRef C) {
  return cell::isHeap(C) || !cell::objectFieldOf(C).empty();
}

static std::vector<const FunctionSummary *> parsedFunctions(const SummaryStore &Store) {
  std::vector<const FunctionSummary *> Fns;
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const FunctionSummary &F : S->Functions)
        if (F.InApp)
          Fns.push_back(&F);
  return Fns;
}

static std::vector<const FunctionSummary *> visitedFunctions(const InferenceResult &R) {
  std::vector<const FunctionSummary *> Fns;
  for (const VisitedFunction &V : R.Walk.Visited)
    Fns.push_back(V.Function);
  return Fns;
}

/// The functions the walk visited, whose calls the flow graph binds per call site.
static std::set<std::string> walkedUsrs(const InferenceResult &R) {
  std::set<std::string> Usrs;
  for (const VisitedFunction &V : R.Walk.Visited)
    Usrs.insert(V.Function->Usr);
  return Usrs;
}

PreciseAnalysis::PreciseAnalysis(const SummaryStore &Store, const InferenceOptions &O,
                                 InferenceResult &R)
    : Store(Store), R(R), OwnInputOnly(O.OwnInputOnly), TraceCell(O.TraceCell),
      TraceOut(O.TraceOut), Records(collectRecords(Store)), Parsed(parsedFunctions(Store)),
      Walked(walkedUsrs(R)),
      Heap(O.HeapSites ? std::make_unique<HeapSites>(Parsed, Store, O.AllTranslationUnits, Walked)
                       : nullptr),
      Graph(visitedFunctions(R), R.Walk.IndirectTargets, O.UnknownCallsRead,
            O.OwnInputOnly ? std::function<bool(StringRef)>([this](StringRef C) {
              return isHandleField(C);
            })
                           : nullptr,
            O.PerSiteWrites, Heap.get(), &R.Walk.NeverRun),
      Program(programUses(Parsed)), ParamReads(paramReads(R.Walk)), Embedders(embedders(Records)),
      Uses(fieldUses(Parsed)) {
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I)) {
      for (const auto &[G, Rec] : S->GlobalRecords)
        GlobalRecords[G.substr(2)] = Rec;
      for (const std::string &G : S->GlobalObjects)
        GlobalObjects.insert(G.substr(2));
    }
}

bool isSourceCell(StringRef C) {
  return C == cell::Load || C.startswith(cell::Stream) ||
         C.startswith(cell::PointeeStream) || C.contains(cell::QualifiedInput);
}

/// Where loaded data starts. Every read, or (own input only) the stream cells of the load
/// functions' own values and those of their direct callees that an input call reads:
/// parameters, locals and call results (the file a load opens, the descriptor it is given, a
/// name it builds), so that an input call below the load counts only when its handle is reached
/// from those through locals, parameters, results and fields. LOAD stays a source for what an
/// unknown callback is assumed to read.
std::vector<unsigned> PreciseAnalysis::loadSources() const {
  std::vector<unsigned> Sources;
  if (auto L = Graph.find(cell::Load))
    Sources.push_back(*L);
  if (!OwnInputOnly)
    return Sources;
  // The load function and the functions it calls itself: SRC_ReloadSources opens each
  // source's dump file in load_source. Deeper calls (configuration, scripts, the object store)
  // read the load's input only through handles that reach them from these.
  // A load function that only hands its work on (less's init_cmdhist calls read_cmdhist, which
  // opens and reads the history file in read_cmdhist2): when neither it nor its callees read
  // anything, the nearest functions below it on the walk that do are its readers.
  std::vector<unsigned> InputCalls = inputCallSites();
  std::set<std::string> Reads;
  for (unsigned N : InputCalls)
    Reads.insert(StringRef(Graph.name(N)).split(cell::QualifiedInputCall).first.str());
  std::map<std::string, std::vector<std::string>> CalleesOf;
  for (const VisitedFunction &V : R.Walk.Visited)
    if (V.Parent >= 0)
      CalleesOf[R.Walk.Visited[V.Parent].Function->Usr].push_back(V.Function->Usr);
  std::set<std::string> Own, Called;
  for (const VisitedFunction &V : R.Walk.Visited) {
    if (V.Parent >= 0)
      continue;
    Own.insert(V.Function->Usr);
    std::set<std::string> Mine;
    for (const CallSite &C : V.Function->Calls)
      if (!C.CalleeUsr.empty())
        Mine.insert(C.CalleeUsr);
    bool Found = Reads.count(V.Function->Usr) ||
                 llvm::any_of(Mine, [&](const std::string &U) { return Reads.count(U) > 0; });
    for (std::set<std::string> Level = Mine; !Found && !Level.empty();) {
      std::set<std::string> Next;
      for (const std::string &U : Level)
        for (const std::string &C : CalleesOf[U])
          if (C != V.Function->Usr && Mine.insert(C).second) {
            Next.insert(C);
            Found |= Reads.count(C) > 0;
          }
      Level = std::move(Next);
    }
    Called.insert(Mine.begin(), Mine.end());
  }
  // A direct callee's handle counts only when an input call of the program reads it
  // (load_source's fopen and fread), not when the only "read" is a callback nobody can see
  // being handed a string: vim's u_read_undo reports with smsg(fmt, ...), whose format,
  // handed to (*mb_ptr2len)(p) in vim_vsnprintf, made every message buffer loaded data.
  std::vector<int> ReachesInputCall = Graph.reachIf(
      InputCalls, /*Reverse=*/true, [](const FlowGraph::Edge &) { return true; },
      [&](unsigned N) { return !isCallbackInputSite(Graph.name(N)); });
  for (unsigned N = 0; N < Graph.size(); ++N) {
    StringRef C = Graph.name(N);
    // Values only (a local buffer holding a name counts: its cell is the array): the contents
    // of what the load points to are loaded data, not handles.
    if (!C.consume_front(cell::Stream) || !C.contains(cell::Separator))
      continue;
    std::string Usr = C.split(cell::Separator).first.str();
    if (Own.count(Usr) || (Called.count(Usr) && ReachesInputCall[N] != -2))
      Sources.push_back(N);
  }
  return Sources;
}

/// The input sites of the program's calls of input functions ("<usr>|in:c<n>").
std::vector<unsigned> PreciseAnalysis::inputCallSites() const {
  std::vector<unsigned> Sites;
  for (unsigned N = 0; N < Graph.size(); ++N)
    if (StringRef(Graph.name(N)).contains(cell::QualifiedInputCall))
      Sites.push_back(N);
  return Sites;
}

/// The input site standing for what a callback nobody can see may read ("<usr>|in:?c<n>").
bool PreciseAnalysis::isCallbackInputSite(StringRef Name) {
  return Name.contains(cell::QualifiedCallbackInput);
}

void PreciseAnalysis::run() {
  Tainted = Graph.reach(loadSources(), false);
  if (!TraceCell.empty() && TraceOut)
    traceLoadedCells();
  SinkBound = sinkBoundCells(Graph);
  ProgramSinkBound = sinkBoundCells(Program);
  std::vector<unsigned> Formatters;
  if (auto F = Graph.find(cell::Format))
    Formatters.push_back(*F);
  Formatted = Graph.reach(Formatters, false);
  LoadParamRecords = loadParameterRecords();
  findLoadedStores();
  addMappedOverlays();
  findSizeofAllocations();
  findEmbeddingRecords();
  DeadStores = storesThroughNull();
  findHolders();
  for (auto &[Key, T] : Found)
    R.Types.push_back(std::move(T));
}

Provenance PreciseAnalysis::provenanceAt(const FlowGraph::Edge &E, const std::string &What) const {
  Provenance P;
  P.Statement = E.Loc;
  if (E.Function >= 0) {
    P.CallChain = R.Walk.callChain(E.Function);
    P.Function = R.Walk.Visited[E.Function].Function->Name;
  }
  P.Evidence = What;
  return P;
}

Provenance PreciseAnalysis::provenanceOf(unsigned N, const std::string &What) {
  // Field-object edges are implicit (no statement): report the store that reached them.
  int E = Tainted[N];
  while (E >= 0 && Graph.edge(E).Loc.empty())
    E = Tainted[Graph.edge(E).From];
  std::string Path;
  for (const std::string &C : Graph.path(Tainted, N, false))
    Path += (Path.empty() ? "" : " -> ") + C;
  if (E < 0)
    return {{}, "", "", What + ": " + Path};
  return provenanceAt(Graph.edge(E), What + ": " + Path);
}

/// A global's field (g:last_error.text) is read through pointers to its record as the field
/// cell (f:parse_error.text): when the global's own cell has no use, its uses are those.
bool PreciseAnalysis::onlyOutput(unsigned N) const {
  StringRef Cell = Graph.name(N);
  if (!isHeapCell(Cell))
    return SinkBound[N];
  // Storage counts as output only when it holds formatted text (an error message built with
  // snprintf): a record that only keeps what it loaded for display later (a list of names the
  // program prints) is still the program's state. Storage is judged by every use the parsed
  // program makes of it, not only the walk's.
  if (Formatted[N] == -2)
    return false;
  // The program-wide uses know no allocation sites: a site's or a parameter's field cell is
  // used where its record's field cell is.
  if (StringRef Field = cell::objectFieldOf(Cell); !Field.empty())
    Cell = Field;
  auto P = Program.find(Cell);
  if (!P)
    return false;
  if (ProgramSinkBound[*P])
    return true;
  if (!Cell.startswith(cell::Global) || !Program.outEdges(*P).empty())
    return false;
  auto [Key, Field] = fieldOfCell(Cell);
  auto F = Key.empty() ? std::nullopt : Program.find(cell::field(Key, Field));
  return F && ProgramSinkBound[*F];
}

/// A field that can hold a handle: a descriptor (int), a FILE * or DIR *, a pointer to another
/// library record. Not globals (IObuff, a scratch buffer every file name passes through), not
/// byte pointers or sizes that every object of a generic record shares.
bool PreciseAnalysis::isHandleField(StringRef Cell) const {
  if (!Cell.consume_front(cell::Field))
    return false;
  auto [Rec, Name] = Cell.rsplit('.');
  const FieldInfo *F = field(Rec, Name);
  if (!F)
    return false;
  StringRef T = StringRef(F->Type).trim();
  if (T == "int" || T.endswith("FILE *") || T.endswith("DIR *"))
    return true;
  if (F->PointeeRecord.empty() || !T.endswith("*"))
    return false;
  return holdsStream(F->PointeeRecord, 0);
}

/// A library record (FILE), or an application record that holds a FILE *, DIR * or library
/// record pointer, in place or through its members and pointers (a reader object: rio,
/// RedisModuleIO): handing it over hands over the stream.
bool PreciseAnalysis::holdsStream(const std::string &Key, unsigned Depth) const {
  auto R = Records.find(Key);
  if (R == Records.end() || !R->second.InApp)
    return true;
  if (Depth > 3)
    return false;
  for (const FieldInfo &F : R->second.Fields) {
    StringRef T = StringRef(F.Type).trim();
    if (T.endswith("FILE *") || T.endswith("DIR *"))
      return true;
    if (!F.PointeeRecord.empty() && F.PointeeRecord != Key && holdsStream(F.PointeeRecord, Depth + 1))
      return true;
  }
  return false;
}

const FieldInfo *PreciseAnalysis::field(StringRef Key, StringRef Field) const {
  auto Rec = Records.find(Key.str());
  if (Rec == Records.end())
    return nullptr;
  for (const FieldInfo &F : Rec->second.Fields)
    if (F.Name == Field)
      return &F;
  return nullptr;
}

bool PreciseAnalysis::isTypedPointerField(StringRef Key, StringRef Field) const {
  const FieldInfo *F = field(Key, Field);
  return F && !F->PointeeRecord.empty() && StringRef(F->Type).contains('*');
}

TypeFinding *PreciseAnalysis::add(const std::string &Key, StringRef Reason) {
  auto Rec = Records.find(Key);
  if (Rec == Records.end() || !Rec->second.InApp)
    return nullptr;
  return &Found.try_emplace(Key, TypeFinding{Rec->second, Reason.str(), {}, {}}).first->second;
}

std::pair<std::string, std::string> PreciseAnalysis::fieldOfCell(StringRef Cell) const {
  Cell.consume_front(cell::Pointee);
  if (Cell.consume_front(cell::Field)) {
    auto [Rec, Field] = Cell.rsplit('.');
    return {Rec.str(), Field.str()};
  }
  // "g:server.db": field db of the record the global server (or server.x.y) is.
  if (Cell.consume_front(cell::Global) && Cell.contains('.')) {
    auto [Path, Field] = Cell.rsplit('.');
    std::string Rec = recordAtPath(Path);
    if (!Rec.empty())
      return {Rec, Field.str()};
  }
  return {};
}

bool PreciseAnalysis::isPointerField(StringRef Key, StringRef Field) const {
  const FieldInfo *F = field(Key, Field);
  return F && StringRef(F->Type).contains('*');
}

void PreciseAnalysis::findLoadedStores() {
  for (unsigned N = 0; N < Graph.size(); ++N) {
    // Loaded data that only goes on to output (an error text, a log line) is not kept.
    if (!isKept(N))
      continue;
    StringRef Cell = Graph.name(N);
    bool Pointee = Cell.startswith(cell::Pointee);
    if (Cell.drop_front(Pointee).startswith(cell::Global))
      LoadedGlobals.insert(Cell.drop_front(Pointee + 2).str());
    if (!Pointee)
      addWholeObjectStore(N, Cell);
    auto [Key, Field] = fieldOfCell(Cell);
    // A whole object: its bytes, or what a pointer stored somewhere in it points to (dpkg's
    // STRUCTFIELD(fdp, offset, const char *) = cpos, through an offset from a table).
    if (StringRef Whole = Cell.drop_front(Pointee);
        Key.empty() && (Whole.startswith(cell::Object) ||
                        (Pointee && Whole.startswith(cell::ObjectRead))))
      Key = Whole.drop_front(cell::Object.size()).str();
    if (Key.empty())
      continue;
    // A pointer value is an address, not loaded data (even when computed from a loaded
    // length or offset); what it points to is what counts.
    if (!Pointee && !Field.empty() && isPointerField(Key, Field))
      continue;
    if (Pointee) {
      if (isReadBuffer(N, Key, Field))
        continue;
      // Pointing into loaded bytes is what a cursor does too: a pointer-to-loaded record
      // must also be reachable from a root (findHolders).
      if (!PointsToLoaded.count(Key))
        PointsToLoaded[Key] = {Field, provenanceOf(N, "a pointer to loaded data is stored into " +
                                                          prettyCell(Cell))};
      continue;
    }
    if (!Field.empty() && (isReadBufferCapacity(N, Key) || isRebuiltView(N)))
      continue;
    std::string What = Field.empty() ? "loaded data is stored into a whole " + displayKey(Key)
                                     : "loaded data is stored into " + prettyCell(Cell);
    if (TypeFinding *T = add(Key, "loaded-data")) {
      if (!Field.empty())
        T->FieldsWritten.insert(Field);
      if (T->Provenances.size() < 6)
        T->Provenances.push_back(provenanceOf(N, What));
    }
    if (Field.empty())
      addEmbeddedInWholeObject(N, Key);
  }
}

void inferPrecise(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R) {
  PreciseAnalysis(Store, O, R).run();
}

} // namespace nvm::infer
