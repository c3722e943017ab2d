// Flow graph construction and reachability.
#include "FlowGraph.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include <deque>

using namespace llvm;

namespace nvm::infer {

static bool isGlobalCell(StringRef C) {
  return C.startswith("f:") || C.startswith("o:") || C.startswith("r:") || C.startswith("g:") ||
         C.startswith("sz:") || C.startswith("fn:") || C == "LOAD" || C == "SINK" ||
         C == "ALLOC";
}

std::string qualifyCell(StringRef Cell, StringRef FnUsr) {
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

static std::string functionName(StringRef Usr) {
  StringRef Name = Usr.rsplit('@').second;
  return (Name.empty() ? Usr : Name).str();
}

std::string prettyCell(StringRef Cell) {
  if (Cell.consume_front("*"))
    return "*" + prettyCell(Cell);
  if (Cell.consume_front("f:") || Cell.consume_front("g:"))
    return Cell.rsplit(' ').second.empty() ? Cell.str() : Cell.split(' ').second.str();
  if (Cell.consume_front("o:") || Cell.consume_front("r:"))
    return "(" + Cell.str() + " object)";
  if (Cell.consume_front("sz:"))
    return "sizeof(" + Cell.str() + ")";
  if (Cell == "LOAD")
    return "<data read from storage>";
  auto [Usr, Local] = Cell.split('|');
  std::string Fn = functionName(Usr);
  if (Local.startswith("v:"))
    return Fn + ": " + Local.drop_front(2).split('@').first.str();
  if (Local.startswith("p"))
    return Fn + ": parameter " + Local.drop_front(1).str();
  if (Local == "ret")
    return Fn + ": return value";
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
  if (Kind == Flow::Base) {
    BaseUses.push_back({F, T, Loc, Function, Kind});
    return;
  }
  Edges.push_back({F, T, Loc, Function, Kind});
  Out[F].push_back(Edges.size() - 1);
  In[T].push_back(Edges.size() - 1);
}

std::vector<std::string> FlowGraph::targetsOf(const std::string &Placeholder, int Fn,
                                              const std::string &Loc) const {
  (void)Placeholder;
  auto It = Indirect.find({Fn, Loc});
  return It == Indirect.end() ? std::vector<std::string>{} : It->second;
}

/// "@usr|p3" -> (usr, 3); empty usr when the cell is not a parameter of another function.
static std::pair<std::string, int> calleeParam(StringRef Cell) {
  Cell.consume_front("*");
  if (!Cell.consume_front("@"))
    return {"", -1};
  auto [Usr, Param] = Cell.rsplit('|');
  unsigned I;
  if (!Param.consume_front("p") || Param.getAsInteger(10, I))
    return {"", -1};
  return {Usr.str(), int(I)};
}

void FlowGraph::computeWritesThrough(const std::vector<const FunctionSummary *> &Fns) {
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
            std::vector<std::string> Ts = targetsOf(Usr, int(FI), Fl.Loc);
            CalleeWrites = Ts.empty() ? UnknownCallsRead : false;
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
  Cell.consume_front("*");
  if (!Cell.consume_front("@"))
    return {};
  return Cell.rsplit('|').first.str();
}

FlowGraph::FlowGraph(const std::vector<const FunctionSummary *> &Fns,
                     const std::map<std::pair<int, std::string>, std::vector<std::string>> &Ind,
                     bool UnknownReads)
    : Indirect(Ind), UnknownCallsRead(UnknownReads) {
  computeWritesThrough(Fns);
  std::set<std::string> WithBody;
  for (const FunctionSummary *F : Fns)
    WithBody.insert(F->Usr);
  // Calls to functions without a body (libc's strdup, atoi, ...): the result is made of the
  // arguments, per call site, so one strdup of loaded text does not taint every other one.
  struct External {
    std::vector<std::string> In, Out;
  };
  std::map<std::tuple<size_t, std::string, std::string>, External> Externals;
  for (size_t FI = 0; FI < Fns.size(); ++FI) {
    const FunctionSummary *F = Fns[FI];
    for (const Flow &Fl : F->Flows) {
      std::string ToCallee = calleeOf(Fl.To), FromCallee = calleeOf(Fl.From);
      if (!ToCallee.empty() && ToCallee[0] != '?' && !WithBody.count(ToCallee)) {
        if (Fl.Kind != Flow::Back)
          Externals[{FI, Fl.Loc, ToCallee}].In.push_back(qualifyCell(Fl.From, F->Usr));
        continue;
      }
      if (!FromCallee.empty() && FromCallee[0] != '?' && !WithBody.count(FromCallee)) {
        if (Fl.Kind != Flow::Back)
          Externals[{FI, Fl.Loc, FromCallee}].Out.push_back(qualifyCell(Fl.To, F->Usr));
        continue;
      }
      std::string To = qualifyCell(Fl.To, F->Usr);
      auto [CallUsr, Param] = calleeParam(Fl.From);
      auto [ToUsr, ToParam] = calleeParam(Fl.To);
      std::string Placeholder = StringRef(CallUsr).startswith("?") ? CallUsr
                                : StringRef(ToUsr).startswith("?") ? ToUsr
                                                                   : "";
      if (StringRef(Fl.From).contains("@?") || StringRef(Fl.To).contains("@?")) {
        std::vector<std::string> Ts = targetsOf(Placeholder, int(FI), Fl.Loc);
        if (Ts.empty() && UnknownCallsRead && Fl.Kind == Flow::Back)
          addEdge("LOAD", To, Fl.Loc, int(FI), Flow::Store);
        for (const std::string &T : Ts) {
          std::string From = Fl.From, ToT = Fl.To;
          if (size_t P = From.find("@" + Placeholder + "|"); P != std::string::npos)
            From.replace(P + 1, Placeholder.size(), T);
          if (size_t P = ToT.find("@" + Placeholder + "|"); P != std::string::npos)
            ToT.replace(P + 1, Placeholder.size(), T);
          if (Fl.Kind == Flow::Back && !(Writes.count(T) && Writes[T].count(Param)))
            continue;
          addEdge(qualifyCell(From, F->Usr), qualifyCell(ToT, F->Usr), Fl.Loc, int(FI), Fl.Kind);
        }
        continue;
      }
      if (Fl.Kind == Flow::Back && !(Writes.count(CallUsr) && Writes[CallUsr].count(Param)))
        continue;
      addEdge(qualifyCell(Fl.From, F->Usr), To, Fl.Loc, int(FI), Fl.Kind);
    }
  }
  for (const auto &[Key, E] : Externals)
    for (const std::string &In : E.In)
      for (const std::string &Out : E.Out)
        addEdge(In, Out, std::get<1>(Key), int(std::get<0>(Key)), Flow::Store);
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
  if (Out.size() > Max) {
    Out.erase(Out.begin() + Max / 2, Out.end() - Max / 2);
    Out.insert(Out.begin() + Max / 2, "...");
  }
  return Out;
}

} // namespace nvm::infer
