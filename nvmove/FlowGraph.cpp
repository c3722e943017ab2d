// Flow graph construction and reachability.
#include "FlowGraph.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include <deque>

using namespace llvm;

namespace nvm::infer {

/// Cells that belong to no function: heap and global cells, types, sources and sinks.
static bool isGlobalCell(StringRef C) {
  for (StringRef Prefix : {"t:", "f:", "&f:", "o:", "r:", "g:", "sz:", "fn:"})
    if (C.startswith(Prefix))
      return true;
  return C == "LOAD" || C == "SINK" || C == "OUTPUT" || C == "FORMAT" || C == "ALLOC" || C == "ESCAPE";
}

std::string qualifyCell(StringRef Cell, StringRef FnUsr) {
  if (Cell.consume_front("~"))
    return "~" + qualifyCell(Cell, FnUsr);
  if (Cell.consume_front("w:"))
    return "w:" + qualifyCell(Cell, FnUsr);
  if (Cell.consume_front("*"))
    return "*" + qualifyCell(Cell, FnUsr);
  if (Cell.consume_front("@"))
    return Cell.str();
  if (isGlobalCell(Cell))
    return Cell.str();
  return (FnUsr + "|" + Cell).str();
}

std::string prettyCell(StringRef Cell) {
  if (Cell.consume_front("~"))
    return "stream of " + prettyCell(Cell);
  if (Cell.consume_front("*"))
    return "*" + prettyCell(Cell);
  if (Cell.consume_front("&"))
    return "&" + prettyCell(Cell);
  if (Cell.consume_front("g:"))
    return Cell.str();
  if (Cell.consume_front("f:")) {
    auto [Rec, Field] = Cell.rsplit('.');
    std::string Name = displayKey(Rec);
    return StringRef(Name).split(' ').second.str() + "." + Field.str();
  }
  if (Cell.consume_front("o:") || Cell.consume_front("r:"))
    return "(" + displayKey(Cell) + " object)";
  if (Cell.consume_front("sz:"))
    return "sizeof(" + displayKey(Cell) + ")";
  if (Cell == "LOAD")
    return "<data read from storage>";
  auto [Usr, Local] = Cell.split('|');
  std::string Fn = functionNameOfUsr(Usr);
  if (Local.startswith("v:"))
    return Fn + ": " + Local.drop_front(2).split('@').first.str();
  if (Local.startswith("p"))
    return Fn + ": parameter " + Local.drop_front(1).str();
  if (Local == "ret")
    return Fn + ": return value";
  if (Local.startswith("in:"))
    return "<data read from storage>";
  if (Local.startswith("c") || Local.startswith("a:c"))
    return Fn + ": call result";
  return Cell.str();
}

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

void FlowGraph::addEdge(const std::string &From, const std::string &To, const std::string &Loc,
                        int Function, Flow::KindT Kind) {
  unsigned F = node(From), T = node(To);
  if (F == T)
    return;
  if (Kind == Flow::Base || Kind == Flow::Type) {
    (Kind == Flow::Base ? BaseUses : TypeUses).push_back({F, T, Loc, Function, Kind});
    return;
  }
  Edges.push_back({F, T, Loc, Function, Kind});
  Out[F].push_back(Edges.size() - 1);
  In[T].push_back(Edges.size() - 1);
}

std::vector<std::string> FlowGraph::targetsOf(int Fn, const std::string &Loc) const {
  auto It = Indirect.find({Fn, Loc});
  return It == Indirect.end() ? std::vector<std::string>{} : It->second;
}

/// "@usr|p3" -> (usr, 3); empty usr when the cell is not a parameter of another function.
static std::pair<std::string, int> calleeParam(StringRef Cell) {
  Cell.consume_front("~");
  Cell.consume_front("*");
  if (!Cell.consume_front("@"))
    return {"", -1};
  auto [Usr, Param] = Cell.rsplit('|');
  unsigned I;
  if (!Param.consume_front("p") || Param.getAsInteger(10, I))
    return {"", -1};
  return {Usr.str(), int(I)};
}

void FlowGraph::computeWritesThrough(const std::vector<const FunctionSummary *> &Fns,
                                     bool AssumeUnknownWrites,
                                     std::map<std::string, std::set<unsigned>> &Writes) const {
  // Monotone fixpoint: a function writes through parameter i if a store reaches what p<i>
  // points to, directly, through a local alias, or through a callee that writes through.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t FI = 0; FI < Fns.size(); ++FI) {
      const FunctionSummary *F = Fns[FI];
      EquivalenceClasses<std::string> Alias;
      std::vector<std::string> Written;
      for (const Flow &Fl : F->Flows) {
        StringRef To = Fl.To;
        bool LocalTo = To.startswith("*") && !To.startswith("*@") && !isGlobalCell(To.drop_front());
        if (Fl.Kind == Flow::Alias && LocalTo && StringRef(Fl.From).startswith("*") &&
            !StringRef(Fl.From).startswith("*@"))
          Alias.unionSets(Fl.From, Fl.To);
        if (!LocalTo)
          continue;
        if (Fl.Kind == Flow::Store)
          Written.push_back(Fl.To);
        if (Fl.Kind == Flow::Back) {
          auto [Usr, I] = calleeParam(Fl.From);
          bool CalleeWrites = false;
          if (StringRef(Usr).startswith("?")) {
            std::vector<std::string> Ts = targetsOf(int(FI), Fl.Loc);
            CalleeWrites = Ts.empty() ? AssumeUnknownWrites : false;
            for (const std::string &T : Ts)
              CalleeWrites |= Writes.count(T) && Writes[T].count(I);
          } else {
            CalleeWrites = Writes.count(Usr) && Writes[Usr].count(I);
          }
          if (CalleeWrites)
            Written.push_back(Fl.To);
        }
      }
      for (unsigned P = 0; P < F->NumParams; ++P) {
        std::string Param = "*p" + std::to_string(P);
        bool W = llvm::any_of(Written, [&](const std::string &C) {
          return C == Param || (Alias.findValue(C) != Alias.end() &&
                                Alias.findValue(Param) != Alias.end() &&
                                Alias.isEquivalent(C, Param));
        });
        if (W && Writes[F->Usr].insert(P).second)
          Changed = true;
      }
    }
  }
}

/// The function a cell like "@usr|p0", "*@usr|ret" belongs to, or empty.
static std::string calleeOf(StringRef Cell) {
  Cell.consume_front("~");
  Cell.consume_front("*");
  if (!Cell.consume_front("@"))
    return {};
  return Cell.rsplit('|').first.str();
}

FlowGraph::FlowGraph(const std::vector<const FunctionSummary *> &Fns,
                     const std::map<std::pair<int, std::string>, std::vector<std::string>> &Ind,
                     bool UnknownReads, std::function<bool(StringRef)> Handles)
    : Indirect(Ind), UnknownCallsRead(UnknownReads), HandleStorage(std::move(Handles)),
      MirrorStreams(bool(HandleStorage)) {
  computeWritesThrough(Fns, false, Writes);
  computeWritesThrough(Fns, UnknownCallsRead, MayWrite);
  for (const FunctionSummary *F : Fns)
    WithBody.insert(F->Usr);
  for (size_t FI = 0; FI < Fns.size(); ++FI)
    for (const Flow &Fl : Fns[FI]->Flows) {
      addFlow(FI, *Fns[FI], Fl, false);
      // Without stream cells every read is loaded data, as before: LOAD feeds each input site.
      if (!MirrorStreams && StringRef(Fl.From).startswith("in:"))
        addEdge("LOAD", qualifyCell(Fl.From, Fns[FI]->Usr), Fl.Loc, int(FI), Flow::Store);
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
  connectReturns(Fns);
  // A whole object holds its fields: writing it writes them, reading a field reads it.
  std::vector<std::string> Fields;
  for (const std::string &N : Names)
    if (StringRef(N).startswith("f:"))
      Fields.push_back(N);
  for (const std::string &Fld : Fields) {
    std::string Rec = StringRef(Fld).drop_front(2).rsplit('.').first.str();
    addEdge("o:" + Rec, Fld, "", -1, Flow::Alias);
    addEdge(Fld, "r:" + Rec, "", -1, Flow::Alias);
  }
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
    C.consume_front("*");
    if (C.startswith("~") || C.startswith("in:") || C.startswith("sz:") || C.startswith("fn:") ||
        C.startswith("t:") || C.startswith("a:") || C.contains("|a:") ||
        (!C.empty() && isupper(C[0])))
      return false;
    // Storage every object of a record shares (strbuf.buf, a size field) would hand one
    // program's handle to all; only fields and globals that can hold one carry a stream.
    if ((C.startswith("f:") || C.startswith("g:") || C.startswith("o:") || C.startswith("r:") ||
         C.startswith("&f:")) &&
        !HandleStorage(C))
      return false;
  }
  return true;
}

/// An argument's value (not what it points to) going into a callee's parameter.
static bool passesValue(const Flow &Fl, StringRef ToCallee) {
  return Fl.Kind == Flow::Store && !ToCallee.empty() && !StringRef(Fl.To).startswith("*");
}

/// One summary edge of function FI: wired to its callee(s) when it crosses a call.
void FlowGraph::addFlow(size_t FI, const FunctionSummary &F, const Flow &Fl, bool Mirror) {
  std::string ToCallee = calleeOf(Fl.To), FromCallee = calleeOf(Fl.From);
  std::string Callee = !ToCallee.empty() ? ToCallee : FromCallee;
  if (Callee.empty())
    return addEdge(qualifyCell(Fl.From, F.Usr), qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI),
                   Fl.Kind);
  std::vector<std::string> Targets{Callee};
  if (Callee[0] == '?') {
    Targets = targetsOf(int(FI), Fl.Loc);
    // An unknown callback may fill the byte buffers it is given, not a typed object that
    // reaches it as a void * (valDup(d, val) must not make every dict value loaded).
    // With stream cells, that read is an input site like any other: it reads the load's own
    // input only when the call is handed one of the load's streams (r->read(r, buf, len)).
    std::string Site = MirrorStreams ? qualifyCell("in:" + Callee, F.Usr) : "LOAD";
    if (Targets.empty() && UnknownCallsRead && !Mirror && Fl.Kind == Flow::Back &&
        !StringRef(Fl.To).startswith("o:"))
      addEdge(Site, qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI), Flow::Store);
    bool InStreams = Mirror || StringRef(Fl.From).startswith("~");
    // ... and what it returns (a module's rdb_load handed the load's reader returns the value
    // it read).
    if (Targets.empty() && UnknownCallsRead && MirrorStreams && !Mirror && !FromCallee.empty() &&
        Fl.Kind == Flow::Store && StringRef(Fl.From).endswith("|ret"))
      addEdge(Site, "*" + qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI), Flow::Store);
    if (Targets.empty() && UnknownCallsRead && InStreams && passesValue(Fl, ToCallee))
      addEdge(qualifyCell(Fl.From, F.Usr), Site, Fl.Loc, int(FI), Flow::Store);
    // A callback we cannot see may keep what it is handed (library functions are assumed
    // not to: malloc_usable_size(p) or strlen(s) keep nothing).
    if (Targets.empty() && !Mirror && !StringRef(Fl.From).startswith("~") &&
        passesValue(Fl, ToCallee))
      addEdge(qualifyCell(Fl.From, F.Usr), "ESCAPE", Fl.Loc, int(FI), Flow::Store);
  }
  for (const std::string &T : Targets) {
    auto Bind = [&](std::string Cell) {
      if (size_t P = Cell.find("@" + Callee + "|"); P != std::string::npos)
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
          E.Out.push_back({To, StringRef(Fl.From).startswith("*")});
        else
          E.In.push_back({From, StringRef(Fl.To).startswith("*")});
      }
      continue;
    }
    if (Fl.Kind == Flow::Back) {
      // Only a real write (not one assumed of an unknown callback) fills a typed object
      // passed as a void * handle.
      auto &W = StringRef(To).startswith("o:") ? Writes : MayWrite;
      unsigned Param = calleeParam(Fl.From).second;
      if (W.count(T) && W[T].count(Param))
        addEdge(From, To, Fl.Loc, int(FI), Fl.Kind);
      continue;
    }
    if (!ToCallee.empty()) {
      addEdge(From, To, Fl.Loc, int(FI), Fl.Kind);
      Arguments[{FI, Fl.Loc, T}][To].push_back(From);
    } else {
      Returns.push_back({FI, Fl.Loc, T, From, To, Fl.Kind});
      if (Fl.Kind == Flow::Store && !Mirror)
        ReturnLinks.insert({node(From), node(To)});
    }
  }
}

/// Results are wired per call site: what a callee returns is traced back, inside the callee,
/// to its parameters (bound to this call's arguments) and to shared cells (heap, LOAD). A
/// wrapper like zmalloc then hands each caller its own object, not every caller's.
void FlowGraph::connectReturns(const std::vector<const FunctionSummary *> &Fns) {
  std::set<std::pair<unsigned, unsigned>> Added;
  for (bool Changed = true; Changed;) {
    Changed = false;
    std::map<std::string, std::vector<unsigned>> Transfer; // "usr|ret" -> sources
    for (const FunctionSummary *F : Fns)
      for (const char *Prefix : {"", "*", "~", "~*"}) {
        std::string Ret = Prefix + F->Usr + "|ret";
        if (auto N = find(Ret))
          Transfer[Ret] = returnSources(*N, F->Usr);
      }
    for (const ReturnSite &RS : Returns) {
      auto It = Transfer.find(RS.From);
      if (It == Transfer.end())
        continue;
      auto &Args = Arguments[{RS.Caller, RS.Loc, RS.Callee}];
      for (unsigned S : It->second) {
        auto Bound = Args.find(Names[S]);
        std::vector<std::string> Sources =
            StringRef(Names[S]).contains(RS.Callee + "|p")
                ? (Bound == Args.end() ? std::vector<std::string>{} : Bound->second)
                : std::vector<std::string>{Names[S]};
        for (const std::string &Src : Sources) {
          unsigned From = node(Src), To = node(RS.To);
          if (Added.insert({From, To}).second) {
            addEdge(Src, RS.To, RS.Loc, int(RS.Caller), RS.Kind);
            Changed = true;
          }
        }
      }
    }
  }
}

/// Leaves of a backward walk from Ret through the cells of function Usr: its parameters and
/// cells it shares with the rest of the program.
std::vector<unsigned> FlowGraph::returnSources(unsigned Ret, StringRef Usr) const {
  auto Local = [&](unsigned N) {
    StringRef C = Names[N];
    C.consume_front("~");
    C.consume_front("*");
    return C.startswith(Usr) && C.drop_front(Usr.size()).startswith("|");
  };
  auto IsParam = [&](unsigned N) {
    StringRef C = Names[N];
    C.consume_front("~");
    C.consume_front("*");
    return C.drop_front(Usr.size() + 1).startswith("p");
  };
  std::vector<int> P = reachIf(
      {Ret}, true, [](const Edge &) { return true; },
      [&](unsigned N) { return Local(N) && !IsParam(N); });
  std::vector<unsigned> Out;
  for (unsigned N = 0; N < Names.size(); ++N)
    if (P[N] != -2 && N != Ret && (!Local(N) || IsParam(N)))
      Out.push_back(N);
  return Out;
}

int FlowGraph::firstUse(unsigned N) const {
  for (const auto *List : {&In[N], &Out[N]})
    for (unsigned E : *List)
      if (!Edges[E].Loc.empty() && Edges[E].Function >= 0)
        return E;
  return -1;
}

std::vector<int> FlowGraph::reach(const std::vector<unsigned> &Sources, bool Reverse,
                                  bool StoresOnly) const {
  return reachIf(
      Sources, Reverse, [&](const Edge &E) { return !StoresOnly || E.Kind == Flow::Store; },
      [](unsigned) { return true; });
}

std::vector<int> FlowGraph::reachIf(const std::vector<unsigned> &Sources, bool Reverse,
                                    function_ref<bool(const Edge &)> Follow,
                                    function_ref<bool(unsigned)> Expand) const {
  std::vector<int> Parent(Names.size(), -2);
  std::deque<unsigned> Queue;
  for (unsigned S : Sources) {
    Parent[S] = -1;
    Queue.push_back(S);
  }
  while (!Queue.empty()) {
    unsigned N = Queue.front();
    Queue.pop_front();
    if (Parent[N] >= 0 && !Expand(N))
      continue;
    for (unsigned E : (Reverse ? In : Out)[N]) {
      const Edge &Ed = Edges[E];
      if (!Follow(Ed))
        continue;
      unsigned Next = Reverse ? Ed.From : Ed.To;
      if (Parent[Next] != -2)
        continue;
      Parent[Next] = E;
      Queue.push_back(Next);
    }
  }
  return Parent;
}

std::vector<std::string> FlowGraph::path(const std::vector<int> &Parents, unsigned N,
                                         bool Reverse, unsigned Max) const {
  std::vector<std::string> Out;
  for (unsigned Cur = N; Out.size() < 64;) {
    Out.push_back(prettyCell(Names[Cur]));
    int E = Parents[Cur];
    if (E < 0)
      break;
    Cur = Reverse ? Edges[E].To : Edges[E].From;
  }
  if (!Reverse)
    std::reverse(Out.begin(), Out.end());
  // Data read from the load's own input: the handles that led to the read are not its path.
  auto Stream = std::find_if(Out.rbegin(), Out.rend(), [](const std::string &C) {
    return StringRef(C).startswith("stream of ");
  });
  if (!Reverse && Stream != Out.rend())
    Out.erase(Out.begin(), Stream.base());
  // LOAD feeding an input site reads as one step.
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  if (Out.size() > Max) {
    Out.erase(Out.begin() + Max / 2, Out.end() - Max / 2);
    Out.insert(Out.begin() + Max / 2, "...");
  }
  return Out;
}

} // namespace nvm::infer
