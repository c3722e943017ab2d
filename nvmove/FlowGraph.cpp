// Flow graph construction: summary edges made program-wide and wired to their callees.
#include "FlowGraph.h"
#include "HeapSites.h"
#include "nvm/CellNames.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace llvm;

namespace nvm::infer {

unsigned FlowGraph::node(const std::string &Cell) {
  auto [It, New] = Ids.try_emplace(Cell, Names.size());
  if (New) {
    Names.push_back(Cell);
    Out.emplace_back();
    In.emplace_back();
  }
  return It->second;
}

std::optional<unsigned> FlowGraph::find(StringRef Cell) const {
  auto It = Ids.find(Cell);
  if (It == Ids.end())
    return std::nullopt;
  return It->second;
}

static bool isFieldCell(StringRef C) { return C.startswith(cell::Field); }

/// A field cell ("f:<r>.<f>"), split per allocation site, or the bytes the pointer held in
/// one points to ("*f:<r>.<f>") when they are each object's own (HeapSites::hasPrivateBytes):
/// split by the sites of the object holding the pointer (h:<site>#*f:buf.data is what the
/// buffers of that site's objects hold).
static bool isSplitCell(StringRef C, const HeapSites &Heap) {
  if (C.consume_front(cell::Pointee))
    return C.startswith(cell::Field) && Heap.hasPrivateBytes(C);
  return isFieldCell(C);
}

/// With an allocation-site heap, a field read through pointers whose sites are known reads
/// those sites' cells (and what was written through pointers the heap does not follow); a
/// write still writes the record's field cell (what every other rule and unknown reads see)
/// and also the cells of its sites, or the unknown writes' cell. An access through a
/// parameter goes through the parameter's own cell for the field, bound at each call
/// (ParamFieldBinding.cpp); a write an allocation wrapper makes into the fresh object it
/// returns also goes through the wrapper's own cell for the field, bound to the site of each
/// call (ResultFieldBinding.cpp).
void FlowGraph::addEdge(const std::string &From, const std::string &To, const std::string &Loc,
                        int Function, Flow::KindT Kind, int Via) {
  if (!Heap || Kind == Flow::Base || Kind == Flow::Type)
    return addRawEdge(From, To, Loc, Function, Kind, Via);
  auto SiteCell = [](const std::string &Site, const std::string &Field) {
    return cell::siteField(Site, Field);
  };
  auto UnknownWrites = [](const std::string &Field) { return cell::unknownSiteField(Field); };
  std::vector<std::string> Sources{From};
  // A per-site edge out of a field cell stands for a read in the callee: left as it is.
  if (isSplitCell(From, *Heap) && Via < 0 && Function >= 0) {
    FieldTargets Read = Heap->sitesOf(Usrs[Function], From, false);
    Read.Unknown |= ParamFieldsBound && !Read.Params.empty();
    if (!Read.Unknown) {
      Sources.clear();
      for (const std::string &S : Read.Sites)
        Sources.push_back(SiteCell(S, From));
      if (!Read.Sites.empty() || Read.Params.empty())
        Sources.push_back(UnknownWrites(From));
      for (unsigned P : Read.Params) {
        Sources.push_back(paramFieldCell(Usrs[Function], P, From, false));
        ParamFields[{Usrs[Function], P}].insert({From, false});
      }
    }
  }
  std::optional<FieldTargets> Write;
  if (isSplitCell(To, *Heap) && Function >= 0) {
    Write = Heap->sitesOf(Usrs[Function], To, true);
    Write->Unknown |= ParamFieldsBound && (!Write->Params.empty() || Write->Result);
    for (unsigned P : Write->Params)
      ParamFields[{Usrs[Function], P}].insert({To, true});
    if (Write->Result && !Write->Unknown)
      ResultFields[Usrs[Function]].insert(To);
  }
  for (const std::string &Src : Sources) {
    addRawEdge(Src, To, Loc, Function, Kind, Via);
    if (!isSplitCell(To, *Heap))
      continue;
    if (!Write || Write->Unknown) {
      addRawEdge(Src, UnknownWrites(To), Loc, Function, Kind, Via);
      continue;
    }
    for (const std::string &S : Write->Sites)
      addRawEdge(Src, SiteCell(S, To), Loc, Function, Kind, Via);
    for (unsigned P : Write->Params)
      addRawEdge(Src, paramFieldCell(Usrs[Function], P, To, true), Loc, Function, Kind, Via);
    if (Write->Result)
      addRawEdge(Src, cell::resultField(Usrs[Function], To), Loc, Function, Kind, Via);
  }
}

void FlowGraph::addRawEdge(const std::string &From, const std::string &To,
                           const std::string &Loc, int Function, Flow::KindT Kind, int Via) {
  unsigned F = node(From), T = node(To);
  if (F == T)
    return;
  if (Kind == Flow::Base || Kind == Flow::Type) {
    (Kind == Flow::Base ? BaseUses : TypeUses).push_back({F, T, Loc, Function, Kind});
    return;
  }
  Edges.push_back({F, T, Loc, Function, Kind, Via});
  Out[F].push_back(Edges.size() - 1);
  In[T].push_back(Edges.size() - 1);
}

std::vector<std::string> FlowGraph::targetsOf(int Fn, const std::string &Loc) const {
  auto It = Indirect.find({Fn, Loc});
  return It == Indirect.end() ? std::vector<std::string>{} : It->second;
}

bool FlowGraph::WrittenCells::has(const std::string &C) const {
  return llvm::any_of(Written, [&](const std::string &W) {
    return W == C || (Alias.findValue(W) != Alias.end() && Alias.findValue(C) != Alias.end() &&
                      Alias.isEquivalent(W, C));
  });
}

FlowGraph::WrittenCells
FlowGraph::writtenCells(size_t FI, const FunctionSummary &F, bool AssumeUnknownWrites,
                        const std::map<std::string, std::set<unsigned>> &Writes) const {
  auto WritesThrough = [&](const std::string &Usr, unsigned I) {
    auto It = Writes.find(Usr);
    return It != Writes.end() && It->second.count(I);
  };
  WrittenCells W;
  for (const Flow &Fl : F.Flows) {
    StringRef To = Fl.To;
    bool LocalTo = To.startswith(cell::Pointee) && !To.drop_front().startswith(cell::Callee) &&
                   !cell::isShared(To.drop_front());
    if (Fl.Kind == Flow::Alias && LocalTo && StringRef(Fl.From).startswith(cell::Pointee) &&
        !StringRef(Fl.From).drop_front().startswith(cell::Callee))
      W.Alias.unionSets(Fl.From, Fl.To);
    if (!LocalTo)
      continue;
    if (Fl.Kind == Flow::Store)
      W.Written.push_back(Fl.To);
    if (Fl.Kind == Flow::Back) {
      auto [Usr, I] = calleeParam(Fl.From);
      bool CalleeWrites = false;
      if (StringRef(Usr).startswith(cell::UnknownCallee)) {
        std::vector<std::string> Ts = targetsOf(int(FI), Fl.Loc);
        CalleeWrites = Ts.empty() ? AssumeUnknownWrites : false;
        for (const std::string &T : Ts)
          CalleeWrites |= WritesThrough(T, unsigned(I));
      } else {
        CalleeWrites = WritesThrough(Usr, unsigned(I));
      }
      if (CalleeWrites)
        W.Written.push_back(Fl.To);
    }
  }
  return W;
}

void FlowGraph::computeWritesThrough(const std::vector<const FunctionSummary *> &Fns,
                                     bool AssumeUnknownWrites,
                                     std::map<std::string, std::set<unsigned>> &Writes) const {
  // Monotone fixpoint: a function writes through parameter i if a store reaches what p<i>
  // points to, directly, through a local alias, or through a callee that writes through.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t FI = 0; FI < Fns.size(); ++FI) {
      WrittenCells W = writtenCells(FI, *Fns[FI], AssumeUnknownWrites, Writes);
      for (unsigned P = 0; P < Fns[FI]->NumParams; ++P)
        if (W.has(cell::pointee(cell::param(P))) && Writes[Fns[FI]->Usr].insert(P).second)
          Changed = true;
    }
  }
}

FlowGraph::FlowGraph(const std::vector<const FunctionSummary *> &Fns,
                     const std::map<std::pair<int, std::string>, std::vector<std::string>> &Ind,
                     bool UnknownReads, std::function<bool(StringRef)> Handles, bool PerSite,
                     const HeapSites *Sites,
                     const std::set<CallPlace> *Never)
    : Indirect(Ind), NeverRun(Never), UnknownCallsRead(UnknownReads),
      HandleStorage(std::move(Handles)), MirrorStreams(bool(HandleStorage)),
      PerSiteWrites(PerSite), Heap(Sites) {
  for (const FunctionSummary *F : Fns)
    Usrs.push_back(F->Usr);
  computeWritesThrough(Fns, false, Writes);
  computeWritesThrough(Fns, UnknownCallsRead, MayWrite);
  for (size_t FI = 0; FI < Fns.size(); ++FI) {
    WithBody.insert(Fns[FI]->Usr);
    FunctionIndex[Fns[FI]->Usr].push_back(int(FI));
  }
  for (size_t FI = 0; FI < Fns.size(); ++FI)
    for (const Flow &Fl : Fns[FI]->Flows) {
      addFlow(FI, *Fns[FI], Fl, false);
      // Without stream cells every read is loaded data, as before: LOAD feeds each input site.
      if (!MirrorStreams && StringRef(Fl.From).startswith(cell::Input))
        addEdge(cell::Load.str(), qualifyCell(Fl.From, Fns[FI]->Usr), Fl.Loc, int(FI), Flow::Store);
      if (MirrorStreams && carriesStream(Fl))
        addFlow(FI, *Fns[FI], {streamCell(Fl.From), streamCell(Fl.To), Fl.Loc, Fl.Kind}, true);
    }
  // What a library function returns points to what its pointer arguments point to, never to
  // its sizes (malloc's result holds no data of its size argument).
  for (const auto &[Key, E] : Externals)
    for (const auto &[In, InPointee] : E.In)
      for (const auto &[Out, OutPointee] : E.Out)
        if (!OutPointee || InPointee)
          addEdge(In, Out, std::get<1>(Key), int(std::get<0>(Key)), Flow::Store);
  if (Heap) {
    bindResultFields();
    bindParamFields();
  }
  addArenaAllocators(Fns);
  connectCallSites();
  connectResultWrites(Fns);
  // A whole object holds its fields: writing it writes them, reading a field reads it.
  std::vector<std::string> Fields;
  for (const std::string &N : Names)
    if (StringRef(N).startswith(cell::Field))
      Fields.push_back(N);
  for (const std::string &Fld : Fields) {
    StringRef Rec = StringRef(Fld).drop_front(cell::Field.size()).rsplit('.').first;
    addEdge(cell::object(Rec), Fld, "", -1, Flow::Alias);
    addEdge(Fld, cell::objectRead(Rec), "", -1, Flow::Alias);
  }
  // ... and a whole object written is read whole, even where no field of it is named (a
  // record read into a local and returned, or assigned, as one value).
  std::vector<std::string> Objects;
  for (const std::string &N : Names)
    if (StringRef(N).startswith(cell::Object))
      Objects.push_back(N);
  for (const std::string &Obj : Objects)
    addEdge(Obj, cell::objectRead(StringRef(Obj).drop_front(cell::Object.size())), "", -1,
            Flow::Alias);
}

/// A value flow a handle can take (a descriptor, a FILE *, a mapping copied, passed, returned,
/// stored in a field, or a file name built in a buffer and passed to open): its stream goes
/// along. Not sources, sinks, sizes, types or input sites.
bool FlowGraph::carriesStream(const Flow &Fl) const {
  // Not through aliasing of what pointers point to: a handle is a value (copied, passed,
  // returned, written through an out-parameter). Following the contents that pointers share
  // (buffers passed down and filled) reaches every file name a program ever builds.
  if (Fl.Kind != Flow::Store && Fl.Kind != Flow::Back)
    return false;
  for (StringRef C : {StringRef(Fl.From), StringRef(Fl.To)}) {
    C.consume_front(cell::Pointee);
    if (C.startswith(cell::Stream) || C.startswith(cell::Input) || C.startswith(cell::Sizeof) ||
        C.startswith(cell::FunctionAddress) || C.startswith(cell::Type) ||
        C.startswith(cell::AllocationSize) ||
        C.contains(cell::QualifiedAllocationSize) || cell::isNamed(C))
      return false;
    // Storage every object of a record shares (strbuf.buf, a size field) would hand one
    // program's handle to all; only fields and globals that can hold one carry a stream.
    if ((cell::isHeap(C) || C.startswith(cell::EmbeddedMember)) && !HandleStorage(C))
      return false;
  }
  return true;
}

/// An argument's value (not what it points to) going into a callee's parameter.
static bool passesValue(const Flow &Fl, StringRef ToCallee) {
  return Fl.Kind == Flow::Store && !ToCallee.empty() && !StringRef(Fl.To).startswith(cell::Pointee);
}

/// Arena allocators: a function without pointer parameters that returns a pointer and that
/// some call hands sizeof(T) (dpkg's nfmalloc, which carves its blocks from an obstack) returns
/// fresh memory, as malloc does: its result gets ALLOC, which every caller then receives
/// through the call's transfer like a wrapper of malloc's.
void FlowGraph::addArenaAllocators(const std::vector<const FunctionSummary *> &Fns) {
  for (size_t FI = 0; FI < Fns.size(); ++FI) {
    const FunctionSummary &F = *Fns[FI];
    if (!F.TrivialSignature || !F.ReturnsPointer)
      continue;
    bool Sized = false;
    for (unsigned I = 0; I < F.NumParams && !Sized; ++I)
      if (auto P = find(cell::qualifiedParam(F.Usr, I)))
        Sized = llvm::any_of(In[*P], [&](unsigned E) {
          return StringRef(Names[Edges[E].From]).startswith(cell::Sizeof);
        });
    if (Sized)
      addEdge(cell::Alloc.str(), cell::qualifiedResult(F.Usr), F.DefinedAt, int(FI), Flow::Store);
  }
}

/// One summary edge of function FI: wired to its callee(s) when it crosses a call.
void FlowGraph::addFlow(size_t FI, const FunctionSummary &F, const Flow &Fl, bool Mirror) {
  std::string ToCallee = calleeOf(Fl.To), FromCallee = calleeOf(Fl.From);
  std::string Callee = !ToCallee.empty() ? ToCallee : FromCallee;
  if (Callee.empty())
    return addEdge(qualifyCell(Fl.From, F.Usr), qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI),
                   Fl.Kind);
  // A call a guard rules out passes nothing and returns nothing: were it wired like a library
  // call (its result made of its arguments), leaving it out would add flows.
  if (NeverRun && NeverRun->count({F.Usr, Fl.Loc, Callee}))
    return;
  std::vector<std::string> Targets{Callee};
  if (StringRef(Callee).startswith(cell::UnknownCallee)) {
    Targets = targetsOf(int(FI), Fl.Loc);
    // An unknown callback may fill the byte buffers it is given, not a typed object that
    // reaches it as a void * (valDup(d, val) must not make every dict value loaded).
    // With stream cells, that read is an input site like any other: it reads the load's own
    // input only when the call is handed one of the load's streams (r->read(r, buf, len)).
    std::string Site = MirrorStreams ? qualifyCell((cell::Input + Callee).str(), F.Usr) : cell::Load.str();
    if (Targets.empty() && UnknownCallsRead && !Mirror && Fl.Kind == Flow::Back &&
        !StringRef(Fl.To).startswith(cell::Object))
      addEdge(Site, qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI), Flow::Store);
    bool InStreams = Mirror || StringRef(Fl.From).startswith(cell::Stream);
    // ... and what it returns (a module's rdb_load handed the load's reader returns the value
    // it read).
    if (Targets.empty() && UnknownCallsRead && MirrorStreams && !Mirror && !FromCallee.empty() &&
        Fl.Kind == Flow::Store && StringRef(Fl.From).endswith(cell::QualifiedRet))
      addEdge(Site, cell::pointee(qualifyCell(Fl.To, F.Usr)), Fl.Loc, int(FI), Flow::Store);
    if (Targets.empty() && UnknownCallsRead && InStreams && passesValue(Fl, ToCallee))
      addEdge(qualifyCell(Fl.From, F.Usr), Site, Fl.Loc, int(FI), Flow::Store);
    // A callback we cannot see may keep what it is handed (library functions are assumed
    // not to: malloc_usable_size(p) or strlen(s) keep nothing).
    if (Targets.empty() && !Mirror && !StringRef(Fl.From).startswith(cell::Stream) &&
        passesValue(Fl, ToCallee))
      addEdge(qualifyCell(Fl.From, F.Usr), cell::Escape.str(), Fl.Loc, int(FI), Flow::Store);
  }
  for (const std::string &T : Targets) {
    auto Bind = [&](std::string Cell) {
      if (size_t P = Cell.find((cell::Callee + Callee + Twine(cell::Separator)).str());
          P != std::string::npos)
        Cell.replace(P + 1, Callee.size(), T);
      return qualifyCell(Cell, F.Usr);
    };
    std::string From = Bind(Fl.From), To = Bind(Fl.To);
    if (!WithBody.count(T)) {
      // No body (libc's strdup, atoi, ...): the result is made of the arguments, per call
      // site, so one strdup of loaded text does not taint every other one.
      // Whether a side is what a pointer argument/result points to shows on the callee's cell.
      if (Fl.Kind != Flow::Back) {
        External &E = Externals[{FI, Fl.Loc, Mirror ? T + "~" : T}];
        if (ToCallee.empty())
          E.Out.push_back({To, StringRef(Fl.From).startswith(cell::Pointee)});
        else
          E.In.push_back({From, StringRef(Fl.To).startswith(cell::Pointee)});
      }
      continue;
    }
    if (Fl.Kind == Flow::Back) {
      // Only a real write (not one assumed of an unknown callback) fills a typed object
      // passed as a void * handle.
      auto &W = StringRef(To).startswith(cell::Object) ? Writes : MayWrite;
      unsigned Param = calleeParam(Fl.From).second;
      if (!W.count(T) || !W[T].count(Param))
        continue;
      // Per call site (CallSiteTransfer.cpp), like a result: strbuf_add(&a, ...) must not
      // fill every other caller's strbuf with what this caller's arguments hold.
      if (PerSiteWrites)
        SiteFlows.push_back({FI, Fl.Loc, T, From, To, Fl.Kind});
      else
        addEdge(From, To, Fl.Loc, int(FI), Fl.Kind);
      continue;
    }
    if (!ToCallee.empty()) {
      addEdge(From, To, Fl.Loc, int(FI), Fl.Kind);
      Arguments[{FI, Fl.Loc, T}][To].push_back(From);
    } else {
      SiteFlows.push_back({FI, Fl.Loc, T, From, To, Fl.Kind});
      if (Fl.Kind == Flow::Store && !Mirror)
        ReturnLinks.insert({node(From), node(To)});
    }
  }
}

} // namespace nvm::infer
