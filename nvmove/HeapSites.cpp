// Points-to sets by allocation site over the address flows of the whole parsed program.
#include "HeapSites.h"
#include "QualifiedCells.h"

using namespace llvm;

namespace nvm::infer {

static bool isCallCell(StringRef C) {
  return C.size() > 1 && C.startswith(cell::Call) && isDigit(C[1]);
}

/// Cells whose value is read through a pointer to them ("*v:pp", "*f:dict.table"): aliases
/// of that storage name it differently, so what they hold is not followed.
static bool isPointeeCell(StringRef C) {
  return C.startswith(cell::Pointee) || C.contains(cell::QualifiedPointee);
}

/// The call cells of F that an allocator returns into (ALLOC -> c<n>).
static std::set<std::string> allocationCells(const FunctionSummary &F) {
  std::set<std::string> Cells;
  for (const Flow &Fl : F.Flows)
    if (Fl.From == cell::Alloc && isCallCell(Fl.To))
      Cells.insert(Fl.To);
  return Cells;
}

/// Whether W returns only fresh memory of its own allocations (or of wrappers in Pure), keeps
/// it nowhere but its locals, hands it only to functions without a body, and writes no field
/// of it: then each call of W is an allocation site of its own.
/// With WritesFields, W may also write fields of its fresh memory (createObject sets o->ptr):
/// Reached then gets the cells holding it, whose field writes are the returned object's.
static bool isWrapper(const FunctionSummary &W, const std::set<std::string> &Pure,
                      const std::set<std::string> &Bodies, bool WritesFields = false,
                      std::set<std::string> *ReachedOut = nullptr) {
  std::set<std::string> Fresh = allocationCells(W);
  std::multimap<std::string, std::string> Fwd, Bwd;
  for (const Flow &Fl : W.PointerFlows) {
    if (Fl.Kind != Flow::Store)
      continue;
    std::string Callee = calleeOf(Fl.From);
    if (!Callee.empty() && StringRef(Fl.From).endswith(cell::QualifiedRet) && Pure.count(Callee))
      Fresh.insert(Fl.To);
    Fwd.insert({Fl.From, Fl.To});
    Bwd.insert({Fl.To, Fl.From});
  }
  // Backwards from the result: locals only, down to fresh cells.
  bool FoundFresh = false;
  std::set<std::string> Seen{std::string(cell::Ret)};
  std::vector<std::string> Work{std::string(cell::Ret)};
  if (!Bwd.count(std::string(cell::Ret)))
    return false;
  while (!Work.empty()) {
    std::string N = Work.back();
    Work.pop_back();
    for (auto [It, End] = Bwd.equal_range(N); It != End; ++It) {
      const std::string &P = It->second;
      if (Fresh.count(P)) {
        FoundFresh = true;
        continue;
      }
      if (!StringRef(P).startswith(cell::Var))
        return false;
      if (Seen.insert(P).second)
        Work.push_back(P);
    }
  }
  // Forwards from the fresh cells: locals, the result, library calls.
  std::set<std::string> Reached(Fresh.begin(), Fresh.end());
  Work.assign(Fresh.begin(), Fresh.end());
  while (!Work.empty()) {
    std::string N = Work.back();
    Work.pop_back();
    for (auto [It, End] = Fwd.equal_range(N); It != End; ++It) {
      StringRef S = It->second;
      if (S == cell::Ret)
        continue;
      std::string Callee = calleeOf(S);
      if (!Callee.empty() && !Bodies.count(Callee) &&
          !StringRef(Callee).startswith(cell::UnknownCallee))
        continue;
      if (!S.startswith(cell::Var) && !isCallCell(S))
        return false;
      if (Reached.insert(S.str()).second)
        Work.push_back(S.str());
    }
  }
  for (const Flow &Fl : W.HeapFlows)
    if (Fl.Kind == Flow::Base && Reached.count(Fl.From) && !WritesFields)
      return false;
  if (ReachedOut)
    *ReachedOut = std::move(Reached);
  return FoundFresh;
}

std::set<std::string>
HeapSites::pureWrappers(const std::vector<const FunctionSummary *> &Program) const {
  std::set<std::string> Candidates;
  for (const FunctionSummary *F : Program)
    if (F->ReturnsPointer)
      Candidates.insert(F->Usr);
  // Greatest fixpoint: a wrapper of a wrapper (zmalloc of ztrymalloc_usable of malloc).
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionSummary *F : Program)
      if (Candidates.count(F->Usr) && !isWrapper(*F, Candidates, Bodies)) {
        Candidates.erase(F->Usr);
        Changed = true;
      }
  }
  return Candidates;
}

/// Parameters of F that are assigned, or whose address is taken, in F: they may point to
/// other objects than the caller's argument.
static void reassignedParams(const FunctionSummary &F, std::set<std::string> &Out) {
  auto Note = [&](StringRef C) {
    if (auto I = cell::paramIndex(C))
      Out.insert(cell::qualifiedParam(F.Usr, *I));
  };
  for (const std::vector<Flow> *Fs : {&F.Flows, &F.PointerFlows, &F.HeapFlows})
    for (const Flow &Fl : *Fs) {
      StringRef To = Fl.To;
      To.consume_front(cell::WriteTarget);
      Note(To);
      StringRef From = Fl.From;
      if (From.consume_front(cell::AddressOf))
        Note(From.take_while([](char C) { return C != '.' && C != '|'; }));
    }
}

HeapSites::HeapSites(const std::vector<const FunctionSummary *> &Program,
                     const SummaryStore &Store, bool AllTUs, std::set<std::string> WalkedFns)
    : Walked(std::move(WalkedFns)), AllTUs(AllTUs) {
  for (const FunctionSummary *F : Program) {
    Bodies.insert(F->Usr);
    reassignedParams(*F, ReassignedParams);
  }
  Pure = pureWrappers(Program);
  // Wrappers that also write fields of their fresh object: one level of calling context
  // (their calls are sites; a wrapper of one of them is not a wrapper).
  for (const FunctionSummary *F : Program) {
    std::set<std::string> Reached;
    if (F->ReturnsPointer && !Pure.count(F->Usr) &&
        isWrapper(*F, Pure, Bodies, /*WritesFields=*/true, &Reached))
      FieldWrappers[F->Usr] = std::move(Reached);
  }
  std::set<std::string> Sites;
  for (const FunctionSummary *F : Program) {
    FunctionSummary C;
    C.Usr = F->Usr;
    C.Name = F->Name;
    C.NumParams = F->NumParams;
    std::set<std::string> Fresh = allocationCells(*F);
    for (const Flow &Fl : F->PointerFlows) {
      if (auto [To, I] = calleeParam(Fl.To); Fl.Kind == Flow::Store && I >= 0 &&
                                             StringRef(Fl.To).startswith(cell::Callee))
        CallArguments[{F->Usr, Fl.Loc, To, unsigned(I)}].push_back(qualifyCell(Fl.From, F->Usr));
      std::string Callee = calleeOf(Fl.From);
      if (Fl.Kind == Flow::Store && !Callee.empty() &&
          StringRef(Fl.From).endswith(cell::QualifiedRet) &&
          (Pure.count(Callee) || FieldWrappers.count(Callee)) && isCallCell(Fl.To)) {
        Fresh.insert(Fl.To);
        if (FieldWrappers.count(Callee))
          WrapperCallSites[Callee].insert(cell::heapSite(qualifyCell(Fl.To, F->Usr)));
        continue;
      }
      if (Fl.Kind != Flow::Type)
        C.Flows.push_back(Fl);
    }
    for (const std::string &Call : Fresh)
      C.Flows.push_back({cell::heapSite(qualifyCell(Call, F->Usr)), Call, "", Flow::Store});
    for (const Flow &Fl : F->HeapFlows)
      Bases[{F->Usr, Fl.To, char(Fl.Kind)}].push_back(Fl.From);
    Copies.push_back(std::move(C));
  }
  std::vector<const FunctionSummary *> Ptrs;
  for (const FunctionSummary &C : Copies)
    Ptrs.push_back(&C);
  Pointers = std::make_unique<FlowGraph>(Ptrs, NoIndirect, /*UnknownCallsRead=*/false);
  Points.assign(Pointers->size(), {});
  Unknown.assign(Pointers->size(), false);
  for (unsigned N = 0; N < Pointers->size(); ++N) {
    StringRef Name = Pointers->name(N);
    if (Name.startswith(cell::HeapSite)) {
      Points[N].push_back(SiteNames.size());
      SiteNames.push_back(Name.str());
    } else if (Pointers->inEdges(N).empty() || isPointeeCell(Name)) {
      Unknown[N] = true;
    }
  }
  seedUnknown(Program, Store, AllTUs);
  propagate();
  findPrivateBytes(Program, Store);
}

/// Whether qualified local Cell only ever holds fresh memory: its pointer flows come, through
/// locals and call results of the same function, from allocation sites only.
bool HeapSites::onlyFreshFrom(const std::string &Cell) const {
  auto Start = Pointers->find(Cell);
  if (!Start)
    return false;
  std::vector<unsigned> Work{*Start};
  std::set<unsigned> Seen;
  bool Any = false;
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    if (!Seen.insert(N).second)
      continue;
    StringRef C = Pointers->name(N);
    if (C.startswith(cell::HeapSite)) {
      Any = true;
      continue;
    }
    StringRef Local = C.rsplit(cell::Separator).second;
    if (Unknown[N] || C.startswith(cell::Callee) || cell::isShared(C) ||
        !(Local.startswith(cell::Var) || isCallCell(Local)))
      return false;
    for (unsigned E : Pointers->inEdges(N))
      Work.push_back(Pointers->edge(E).From);
  }
  return Any;
}

/// Pointer fields whose bytes are each object's own (hasPrivateBytes). Anything else shares
/// them (b->data = a->data, a pointer from a parameter or a global, *b = *a copying the
/// pointer) and keeps one cell per record for them.
void HeapSites::findPrivateBytes(const std::vector<const FunctionSummary *> &Program,
                                 const SummaryStore &Store) {
  std::set<std::string> Candidates, Rejected, CopiedWhole;
  // Fields the pointer flows do not show all stores of: their address is taken, a global's
  // initializer fills them, they share storage in a union.
  for (const FunctionSummary *F : Program)
    for (const Flow &Fl : F->HeapFlows)
      if (Fl.Kind == Flow::Alias)
        Rejected.insert(Fl.To);
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I)) {
      for (const Flow &Fl : S->GlobalFlows)
        Rejected.insert(Fl.To);
      for (const RecordInfo &R : S->Records)
        if (R.Kind == "union")
          for (const FieldInfo &Fd : R.Fields)
            Rejected.insert(cell::field(R.Key, Fd.Name));
    }
  for (const FunctionSummary *F : Program) {
    for (const Flow &Fl : F->Flows)
      if (StringRef(Fl.To).startswith(cell::Object))
        CopiedWhole.insert(Fl.To.substr(cell::Object.size()));
    for (const Flow &Fl : F->PointerFlows) {
      if (!StringRef(Fl.To).startswith(cell::Field) || Fl.Kind == Flow::Type)
        continue;
      bool Fresh = Fl.Kind == Flow::Store && !cell::isShared(Fl.From) &&
                   !StringRef(Fl.From).startswith(cell::Pointee) &&
                   onlyFreshFrom(qualifyCell(Fl.From, F->Usr));
      (Fresh ? Candidates : Rejected).insert(Fl.To);
    }
  }
  // A record copied whole, or embedded by value (at any depth) in one, copies its pointers.
  std::multimap<std::string, std::string> EmbeddedIn;
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const RecordInfo &R : S->Records)
        for (const FieldInfo &Fd : R.Fields)
          if (!Fd.PointeeRecord.empty() && !StringRef(Fd.Type).contains('*'))
            EmbeddedIn.insert({Fd.PointeeRecord, R.Key});
  auto Copied = [&](const std::string &Rec) {
    std::set<std::string> Seen;
    std::vector<std::string> Work{Rec};
    while (!Work.empty()) {
      std::string R = Work.back();
      Work.pop_back();
      if (!Seen.insert(R).second)
        continue;
      if (CopiedWhole.count(R))
        return true;
      for (auto [It, End] = EmbeddedIn.equal_range(R); It != End; ++It)
        Work.push_back(It->second);
    }
    return false;
  };
  for (const std::string &Field : Candidates) {
    StringRef Rec = StringRef(Field).drop_front(cell::Field.size()).rsplit('.').first;
    if (!Rejected.count(Field) && !Copied(Rec.str()))
      PrivateBytes.insert(Field);
  }
}

void HeapSites::markUnknown(const std::string &Cell) {
  if (auto N = Pointers->find(Cell))
    Unknown[*N] = true;
}

/// Cells that may hold addresses the pointer flows do not show.
void HeapSites::seedUnknown(const std::vector<const FunctionSummary *> &Program,
                            const SummaryStore &Store, bool AllTUs) {
  auto Note = [&](const Flow &Fl) {
    if (StringRef(Fl.From).startswith(cell::FunctionAddress))
      AddressTaken.insert(Fl.From.substr(cell::FunctionAddress.size()));
  };
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I)) {
      for (const Flow &Fl : S->GlobalFlows) {
        Note(Fl);
        markUnknown(qualifyCell(Fl.To, ""));
      }
      for (const RecordInfo &R : S->Records)
        if (R.Kind == "union")
          for (const FieldInfo &Fd : R.Fields)
            markUnknown(cell::field(R.Key, Fd.Name));
    }
  for (const FunctionSummary *F : Program)
    for (const Flow &Fl : F->Flows)
      Note(Fl);
  for (const FunctionSummary *F : Program) {
    bool Open = AddressTaken.count(F->Usr) || (!AllTUs && StringRef(F->Usr).startswith("c:@F@"));
    for (unsigned P = 0; Open && P < F->NumParams; ++P)
      markUnknown(cell::qualifiedParam(F->Usr, P));
    for (const Flow &Fl : F->PointerFlows) {
      // A local (or global) whose address is taken is written through that address too.
      if (StringRef(Fl.From).startswith(cell::AddressOf))
        markUnknown(qualifyCell(StringRef(Fl.From).drop_front(), F->Usr));
      // What a library call or an unfollowed callback returns or writes through a pointer.
      std::string Callee = calleeOf(Fl.From);
      if (!Callee.empty() &&
          (StringRef(Callee).startswith(cell::UnknownCallee) || !Bodies.count(Callee)) &&
          (Fl.Kind == Flow::Back || StringRef(Fl.From).endswith(cell::QualifiedRet)))
        markUnknown(qualifyCell(Fl.To, F->Usr));
    }
    for (const Flow &Fl : F->HeapFlows)
      if (Fl.Kind == Flow::Alias)
        markUnknown(Fl.To);
  }
}

/// Inclusion constraints along every edge, to a fixpoint. A cell with unknown targets keeps
/// only that fact (its sites no longer matter).
void HeapSites::propagate() {
  std::vector<unsigned> Work;
  for (unsigned N = 0; N < Pointers->size(); ++N)
    if (Unknown[N] || !Points[N].empty())
      Work.push_back(N);
  std::vector<bool> Queued(Pointers->size(), false);
  for (unsigned N : Work)
    Queued[N] = true;
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    Queued[N] = false;
    for (unsigned E : Pointers->outEdges(N)) {
      unsigned T = Pointers->edge(E).To;
      bool Changed = false;
      if (Unknown[N]) {
        Changed = !Unknown[T];
        Unknown[T] = true;
        Points[T].clear();
      } else if (!Unknown[T]) {
        std::vector<unsigned> Merged;
        std::set_union(Points[T].begin(), Points[T].end(), Points[N].begin(), Points[N].end(),
                       std::back_inserter(Merged));
        Changed = Merged.size() != Points[T].size();
        Points[T] = std::move(Merged);
      }
      if (Changed && !Queued[T]) {
        Queued[T] = true;
        Work.push_back(T);
      }
    }
  }
}

bool HeapSites::isFixedParam(StringRef Usr, unsigned I) const {
  return Walked.count(Usr.str()) && !ReassignedParams.count(cell::qualifiedParam(Usr, I));
}

FieldTargets HeapSites::sitesOf(StringRef Usr, StringRef Field, bool Write) const {
  FieldTargets T;
  // The bytes behind a pointer field ("*f:buf.data") belong to the objects whose field
  // holds the pointer: the bases of the function's reads and writes of that field (an
  // alias made by a field write, `b->data = p`, is through its write base).
  std::vector<char> Kinds{char(Write ? Flow::Base : Flow::ReadBase)};
  if (Field.consume_front(cell::Pointee)) {
    if (!hasPrivateBytes(Field)) {
      T.Unknown = true;
      return T;
    }
    Kinds = {char(Flow::Base), char(Flow::ReadBase)};
  }
  std::vector<std::string> Through;
  for (char Kind : Kinds)
    if (auto It = Bases.find({Usr.str(), Field.str(), Kind}); It != Bases.end())
      Through.insert(Through.end(), It->second.begin(), It->second.end());
  if (Through.empty()) {
    T.Unknown = true;
    return T;
  }
  std::set<unsigned> Sites;
  auto Wrapper = Write ? FieldWrappers.find(Usr.str()) : FieldWrappers.end();
  for (const std::string &B : Through) {
    // Into the fresh object a wrapper returns: also each call's own object.
    if (Wrapper != FieldWrappers.end() && Wrapper->second.count(B))
      T.Result = true;
    // Through a parameter: the object each caller passes, bound at each call.
    if (auto I = cell::paramIndex(B); I && isFixedParam(Usr, *I)) {
      T.Params.push_back(*I);
      continue;
    }
    auto N = B == "?" ? std::nullopt : Pointers->find(qualifyCell(B, Usr));
    if (!N || Unknown[*N] || Points[*N].empty()) {
      T.Unknown = true;
      return T;
    }
    Sites.insert(Points[*N].begin(), Points[*N].end());
  }
  for (unsigned S : Sites)
    T.Sites.push_back(SiteNames[S]);
  return T;
}

std::optional<std::vector<std::string>> HeapSites::pointsTo(StringRef Cell) const {
  auto N = Pointers->find(Cell);
  if (!N || Unknown[*N] || Points[*N].empty())
    return std::nullopt;
  std::vector<std::string> Names;
  for (unsigned S : Points[*N])
    Names.push_back(SiteNames[S]);
  return Names;
}

std::optional<std::vector<std::string>>
HeapSites::outsideSites(StringRef Usr, unsigned I,
                        function_ref<bool(StringRef, StringRef)> Bound) const {
  auto N = Pointers->find(cell::qualifiedParam(Usr, I));
  // Callers we cannot see: another TU, or a call through a pointer.
  if (!N || Pointers->inEdges(*N).empty() || AddressTaken.count(Usr.str()) ||
      (!AllTUs && Usr.startswith("c:@F@")))
    return std::nullopt;
  std::set<unsigned> Sites;
  for (unsigned E : Pointers->inEdges(*N)) {
    const FlowGraph::Edge &Ed = Pointers->edge(E);
    unsigned From = Ed.From;
    if (Bound(Copies[Ed.Function].Usr, Ed.Loc))
      continue;
    if (Unknown[From])
      return std::nullopt;
    Sites.insert(Points[From].begin(), Points[From].end());
  }
  std::vector<std::string> Names;
  for (unsigned S : Sites)
    Names.push_back(SiteNames[S]);
  return Names;
}

bool HeapSites::isCallSiteOf(StringRef Wrapper, StringRef Site) const {
  auto It = WrapperCallSites.find(Wrapper.str());
  return It != WrapperCallSites.end() && It->second.count(Site.str());
}

std::set<std::string> HeapSites::callSitesOf(StringRef Wrapper) const {
  auto It = WrapperCallSites.find(Wrapper.str());
  return It == WrapperCallSites.end() ? std::set<std::string>{} : It->second;
}

const std::vector<std::string> *HeapSites::argumentsAt(StringRef Caller, StringRef Loc,
                                                       StringRef Callee, unsigned I) const {
  auto It = CallArguments.find({Caller.str(), Loc.str(), Callee.str(), I});
  return It == CallArguments.end() ? nullptr : &It->second;
}

} // namespace nvm::infer
