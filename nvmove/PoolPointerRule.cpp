// The pool-pointer rule. A library written for persistent memory never reads its state from a
// file: it maps the pool and reaches its layout from a root, by block numbers and overlays
// (pointer arithmetic off the pool's base, casts to struct pointers). Precise mode's other
// rules follow loaded data and find nothing there. This one follows the addresses instead:
// whatever record a pointer into the pool is used as lives in the pool.
//
// Pool pointers start at the results of the pool functions (PoolFunctions.def,
// --pool-function), the pointers a root is bound to (pms_root_bind) and the pool-base
// globals, on the functions the walk from the load functions visited, and go wherever
// FunctionSummary::PointerFlows take address values: locals, fields, parameters, results,
// &p->f, &p[i], p + n, and addresses read out of a pool object. A cell that holds a pool pointer and is converted to T * (a cast, an implicit
// conversion from void *, a read of a T * l-value), or through which an l-value of record T is
// reached (p->inner, p[i]), or a T * field that one is stored into, makes T persistent. The
// record holding such a field does not become persistent by that (the mounted DRAM state
// keeps pointers into the pool).
#include "PoolPointerRule.h"
#include "FlowGraph.h"
#include "QualifiedCells.h"
#include "nvm/CellNames.h"
#include "nvm/ExprCells.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

std::set<std::string> poolFunctions(const InferenceOptions &O) {
  std::set<std::string> Names = {
#define NVM_POOL_RESULT(Name) #Name,
#include "nvm/PoolFunctions.def"
  };
  Names.insert(O.PoolFunctions.begin(), O.PoolFunctions.end());
  return Names;
}

/// Functions that store a pool pointer through one of their arguments: name -> argument.
static const std::map<std::string, unsigned> &poolOutParameters() {
  static const std::map<std::string, unsigned> Table = {
#define NVM_POOL_OUT(Name, Arg) {#Name, Arg},
#include "nvm/PoolFunctions.def"
  };
  return Table;
}

static const char *const PoolGlobals[] = {
#define NVM_POOL_GLOBAL(Name) #Name,
#include "nvm/PoolFunctions.def"
};

namespace {

class PoolPointerRule {
public:
  PoolPointerRule(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R)
      : R(R), Records(collectRecords(Store)), Pool(poolFunctions(O)) {
    for (const VisitedFunction &V : R.Walk.Visited) {
      FunctionSummary F;
      F.Usr = V.Function->Usr;
      F.Name = V.Function->Name;
      F.NumParams = V.Function->NumParams;
      F.Flows = V.Function->PointerFlows;
      addSeedFlows(F);
      Fns.push_back(std::move(F));
    }
    for (size_t I = 0; I < Store.size(); ++I)
      if (const TUSummary *S = Store.summary(I))
        for (const auto &[Global, Rec] : S->GlobalRecords)
          GlobalRecords[StringRef(Global).drop_front(cell::Global.size()).str()] = Rec;
  }

  void run() {
    // Most programs never touch a pool: do not build a graph for them.
    if (SeedCells.empty())
      return;
    std::vector<const FunctionSummary *> Ptrs;
    for (const FunctionSummary &F : Fns)
      Ptrs.push_back(&F);
    FlowGraph G(Ptrs, R.Walk.IndirectTargets, /*UnknownCallsRead=*/false);
    linkGlobalFields(G);
    std::vector<unsigned> Sources;
    for (const std::string &C : SeedCells)
      if (auto N = G.find(C))
        Sources.push_back(*N);
    if (Sources.empty())
      return;
    // Address values move along stores (copies, arguments, results) and back through
    // out-parameters; never along what two pointers' pointees share.
    Parents = G.reachIf(
        Sources, /*Reverse=*/false,
        [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store || E.Kind == Flow::Back; },
        [](unsigned) { return true; });
    std::vector<Use> Uses;
    for (const FlowGraph::Edge &E : G.typeUses())
      if (Parents[E.From] != -2)
        Uses.push_back({StringRef(G.name(E.To)).drop_front(cell::Type.size()).str(), E.From, E,
                        "is used as a pointer to ", depth(G, E.From)});
    for (unsigned N = 0; N < G.size(); ++N)
      if (Parents[N] >= 0)
        if (std::string Key = pointeeOfField(G.name(N)); !Key.empty())
          Uses.push_back({Key, N, G.edge(Parents[N]), "is stored into a field that points to ",
                          depth(G, N)});
    // The shortest paths from the pool explain a type best.
    llvm::stable_sort(Uses, [](const Use &A, const Use &B) { return A.Depth < B.Depth; });
    for (const Use &U : Uses)
      found(G, U);
    for (auto &[Key, T] : New)
      R.Types.push_back(std::move(T));
  }

private:
  /// A pool function's result (or the pointer it binds a root to) comes from a cell named
  /// after the call, as a global: "g:pms_root_get() at fs.c:28:7". A shared cell, so that a
  /// wrapper returning what pms_calloc gave it hands that to its callers through the
  /// per-call-site wiring of results, which carries shared cells and parameters, not the
  /// callee's locals.
  void addSeedFlows(FunctionSummary &F) {
    std::vector<Flow> Seeds;
    for (const Flow &Fl : F.Flows) {
      if (std::string Name = poolSource(Fl); !Name.empty()) {
        std::string Seed = (cell::Global + Name + "() at " + Fl.Loc).str();
        Seeds.push_back({Seed, Fl.To, Fl.Loc, Flow::Store});
        SeedCells.insert(Seed);
      } else if (isPoolGlobal(Fl.From)) {
        SeedCells.insert(Fl.From);
      }
    }
    F.Flows.insert(F.Flows.end(), Seeds.begin(), Seeds.end());
  }

  /// The pool function whose result (a call's result cell) or out-parameter (the caller's
  /// pointer it writes through) Fl carries, or empty.
  std::string poolSource(const Flow &Fl) const {
    StringRef From = Fl.From;
    if (Fl.Kind == Flow::Store && From.consume_front(cell::Callee) &&
        From.consume_back(cell::QualifiedRet)) {
      std::string Name = functionNameOfUsr(From);
      return Pool.count(Name) ? Name : std::string();
    }
    if (Fl.Kind != Flow::Back || !From.consume_front(cell::Pointee) ||
        !From.consume_front(cell::Callee))
      return {};
    auto [Usr, Param] = From.rsplit(cell::Separator);
    std::string Name = functionNameOfUsr(Usr);
    auto It = poolOutParameters().find(Name);
    std::optional<unsigned> I = cell::paramIndex(Param);
    if (It == poolOutParameters().end() || I != It->second)
      return {};
    return Name;
  }

  static bool isPoolGlobal(StringRef Cell) {
    return Cell.consume_front(cell::Global) &&
           llvm::any_of(PoolGlobals, [&](const char *G) { return Cell == G; });
  }

  /// "g:the_fs.sb" is field sb of one object, the global the_fs; code that reaches it through a
  /// pointer names it "f:<record>.sb". Pool pointers go both ways between the two.
  void linkGlobalFields(FlowGraph &G) {
    std::vector<std::pair<std::string, std::string>> Links;
    for (unsigned N = 0; N < G.size(); ++N) {
      StringRef Cell = G.name(N);
      if (!Cell.consume_front(cell::Global) || !Cell.contains('.'))
        continue;
      auto [Path, Field] = Cell.rsplit('.');
      if (std::string Rec = recordAtPath(Path); !Rec.empty())
        Links.push_back({G.name(N), cell::field(Rec, Field)});
    }
    for (const auto &[Global, Field] : Links) {
      G.addEdge(Global, Field, "", -1, Flow::Store);
      G.addEdge(Field, Global, "", -1, Flow::Store);
    }
  }

  /// The record at a path of fields embedded in a global ("the_fs", "server.stats"), or empty.
  std::string recordAtPath(StringRef Path) const {
    auto [Head, Rest] = Path.split('.');
    auto G = GlobalRecords.find(Head.str());
    if (G == GlobalRecords.end())
      return {};
    std::string Rec = G->second;
    while (!Rest.empty()) {
      StringRef Name;
      std::tie(Name, Rest) = Rest.split('.');
      auto It = Records.find(Rec);
      if (It == Records.end())
        return {};
      auto F = llvm::find_if(It->second.Fields, [&](const FieldInfo &F) { return F.Name == Name; });
      if (F == It->second.Fields.end() || F->PointeeRecord.empty())
        return {};
      Rec = F->PointeeRecord;
    }
    return Rec;
  }

  /// The record a "f:<record>.<field>" cell points to when the field is a T * (one level).
  std::string pointeeOfField(StringRef Cell) const {
    if (!Cell.consume_front(cell::Field))
      return {};
    auto [Rec, Name] = Cell.rsplit('.');
    auto It = Records.find(Rec.str());
    if (It == Records.end())
      return {};
    for (const FieldInfo &F : It->second.Fields)
      if (F.Name == Name && !F.PointeeRecord.empty() && StringRef(F.Type).count('*') == 1 &&
          !StringRef(F.Type).contains('[') && !StringRef(F.Type).contains('('))
        return F.PointeeRecord;
    return {};
  }

  /// A pool pointer used as a record: the record, the cell holding the pointer, the
  /// statement, how it is used, and how far the cell is from where the pointer came from.
  struct Use {
    std::string Key;
    unsigned Cell;
    FlowGraph::Edge At;
    StringRef How;
    unsigned Depth;
  };

  unsigned depth(const FlowGraph &G, unsigned N) const {
    unsigned D = 0;
    for (; Parents[N] >= 0; ++D)
      N = G.edge(Parents[N]).From;
    return D;
  }

  void found(const FlowGraph &G, const Use &U) {
    const std::string &Key = U.Key;
    unsigned Cell = U.Cell;
    const FlowGraph::Edge &At = U.At;
    StringRef How = U.How;
    auto Rec = Records.find(Key);
    if (Rec == Records.end() || !Rec->second.InApp)
      return;
    if (llvm::any_of(R.Types, [&](const TypeFinding &T) { return T.Record.Key == Key; }))
      return;
    TypeFinding &T =
        New.try_emplace(Key, TypeFinding{Rec->second, "pool-pointer", {}, {}}).first->second;
    if (T.Provenances.size() >= 3)
      return;
    // The path without its seed, which the sentence names with the statement that used it.
    std::vector<std::string> Cells = G.path(Parents, Cell, false);
    std::string Path;
    for (size_t I = Cells.size() > 1 ? 1 : 0; I < Cells.size(); ++I)
      Path += (Path.empty() ? "" : " -> ") + Cells[I];
    unsigned First = Cell;
    int FirstEdge = -1;
    for (; Parents[First] >= 0; First = G.edge(FirstEdge).From)
      FirstEdge = Parents[First];
    StringRef Seed = StringRef(G.name(First)).drop_front(cell::Global.size());
    std::string From = " from " + Seed.str();
    if (!Seed.contains(" at ") && FirstEdge >= 0 && !G.edge(FirstEdge).Loc.empty())
      From += " at " + G.edge(FirstEdge).Loc; // a pool-base global: where it is read
    Provenance P;
    P.Statement = At.Loc;
    if (At.Function >= 0) {
      P.CallChain = R.Walk.callChain(At.Function);
      P.Function = R.Walk.Visited[At.Function].Function->Name;
    }
    P.Evidence = "a pointer into the persistent pool" + From + " " + How.str() +
                 displayKey(Key) + ": " + Path;
    T.Provenances.push_back(std::move(P));
  }

  InferenceResult &R;
  std::map<std::string, RecordInfo> Records;
  std::map<std::string, std::string> GlobalRecords; ///< global name -> record key
  std::set<std::string> Pool;
  std::vector<FunctionSummary> Fns;
  std::set<std::string> SeedCells; ///< "g:pms_root_get() at fs.c:28:7", "g:pms_pool_base_"
  std::vector<int> Parents;
  std::map<std::string, TypeFinding> New;
};

} // namespace

void addPoolPointerTypes(const SummaryStore &Store, const InferenceOptions &O,
                         InferenceResult &R) {
  PoolPointerRule(Store, O, R).run();
}

} // namespace nvm::infer
