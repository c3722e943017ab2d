// Precise mode: a type is persistent when loaded data (or a pointer to it) is stored into it,
// when it sizes an allocation that receives loaded data, or when it holds a pointer to a
// persistent type and is itself reachable from a root. See the design note in Inference.h.
#include "FlowGraph.h"
#include "Inference.h"

using namespace llvm;

namespace nvm::infer {
namespace {

class PreciseAnalysis {
public:
  PreciseAnalysis(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R)
      : Store(Store), R(R), Records(collectRecords(Store)), Graph(functions(R), R.Walk.IndirectTargets,
                                                              O.UnknownCallsRead) {}

  void run() {
    std::vector<unsigned> Sources;
    if (auto L = Graph.find("LOAD"))
      Sources.push_back(*L);
    Tainted = Graph.reach(Sources, false);
    findLoadedStores();
    findSizeofAllocations();
    findHolders();
    for (auto &[Key, T] : Found)
      R.Types.push_back(std::move(T));
  }

private:
  static std::vector<const FunctionSummary *> functions(const InferenceResult &R) {
    std::vector<const FunctionSummary *> Fns;
    for (const VisitedFunction &V : R.Walk.Visited)
      Fns.push_back(V.Function);
    return Fns;
  }

  bool isTainted(unsigned N) const { return Tainted[N] != -2; }

  Provenance provenanceOf(unsigned N, const std::string &What) {
    Provenance P;
    // Field-object edges are implicit (no statement): report the store that reached them.
    int E = Tainted[N];
    while (E >= 0 && Graph.edge(E).Loc.empty())
      E = Tainted[Graph.edge(E).From];
    if (E >= 0) {
      const FlowGraph::Edge &Real = Graph.edge(E);
      P.Statement = Real.Loc;
      if (Real.Function >= 0) {
        P.CallChain = R.Walk.callChain(Real.Function);
        P.Function = R.Walk.Visited[Real.Function].Function->Name;
      }
    }
    std::string Path;
    for (const std::string &C : Graph.path(Tainted, N, false))
      Path += (Path.empty() ? "" : " -> ") + C;
    P.Evidence = What + ": " + Path;
    return P;
  }

  bool isTypedPointerField(const std::string &Key, const std::string &Field) const {
    auto Rec = Records.find(Key);
    if (Rec == Records.end())
      return false;
    for (const FieldInfo &F : Rec->second.Fields)
      if (F.Name == Field)
        return !F.PointeeRecord.empty() && StringRef(F.Type).contains('*');
    return false;
  }

  TypeFinding *add(const std::string &Key, StringRef Reason) {
    auto Rec = Records.find(Key);
    if (Rec == Records.end() || !Rec->second.InApp)
      return nullptr;
    auto [It, New] = Found.try_emplace(Key, TypeFinding{Rec->second, Reason.str(), {}, {}});
    return &It->second;
  }

  void findLoadedStores() {
    for (unsigned N = 0; N < Graph.size(); ++N) {
      if (!isTainted(N))
        continue;
      StringRef Cell = Graph.name(N);
      bool Pointee = Cell.consume_front("*");
      if (Cell.startswith("g:")) {
        LoadedGlobals.insert(Cell.drop_front(2).str());
        continue;
      }
      std::string Key, Field;
      if (Cell.startswith("f:")) {
        std::tie(Key, Field) = [&] {
          auto P = Cell.drop_front(2).rsplit('.');
          return std::make_pair(P.first.str(), P.second.str());
        }();
      } else if (Cell.startswith("o:") && !Pointee) {
        Key = Cell.drop_front(2).str();
      } else {
        continue;
      }
      // A typed pointer in a field is not loaded data: it makes its record a holder,
      // which must then be reachable from a root (findHolders).
      if (!Pointee && !Field.empty() && isTypedPointerField(Key, Field))
        continue;
      std::string What = Pointee ? "a pointer to loaded data is stored into " + prettyCell(Cell)
                         : Field.empty() ? "loaded data is stored into a whole " + Key
                                         : "loaded data is stored into " + prettyCell(Cell);
      if (TypeFinding *T = add(Key, Pointee ? "pointer-to-loaded" : "loaded-data")) {
        if (!Field.empty())
          T->FieldsWritten.insert(Field);
        if (T->Provenances.size() < 6)
          T->Provenances.push_back(provenanceOf(N, What));
      }
    }
  }

  void findSizeofAllocations() {
    for (unsigned N = 0; N < Graph.size(); ++N) {
      StringRef Cell = Graph.name(N);
      size_t Bar = Cell.find("|a:");
      if (Bar == StringRef::npos)
        continue;
      std::string Content = ("*" + Cell.substr(0, Bar) + "|" + Cell.substr(Bar + 3)).str();
      auto C = Graph.find(Content);
      if (!C || !isTainted(*C))
        continue;
      std::vector<int> Back = Graph.reach({N}, /*Reverse=*/true, /*StoresOnly=*/true);
      for (unsigned S = 0; S < Graph.size(); ++S) {
        StringRef Src = Graph.name(S);
        if (Back[S] == -2 || !Src.startswith("sz:"))
          continue;
        std::string Key = Src.drop_front(3).str();
        if (Found.count(Key))
          continue;
        if (TypeFinding *T = add(Key, "sizeof-allocation")) {
          Provenance P = provenanceOf(*C, "sizeof(" + Key + ") sizes an allocation that "
                                              "receives loaded data");
          T->Provenances.push_back(std::move(P));
        }
      }
    }
  }

  /// Types that hold pointers to persistent types, kept only when reachable from a root.
  void findHolders() {
    std::set<std::pair<std::string, std::string>> Accessed; // (record, field)
    std::vector<std::string> GlobalPaths;
    for (unsigned N = 0; N < Graph.size(); ++N) {
      StringRef Cell = Graph.name(N);
      Cell.consume_front("*");
      if (Cell.startswith("f:")) {
        auto P = Cell.drop_front(2).rsplit('.');
        Accessed.insert({P.first.str(), P.second.str()});
      } else if (Cell.startswith("g:")) {
        GlobalPaths.push_back(Cell.drop_front(2).str());
      }
    }
    std::map<std::string, std::string> GlobalRecord;
    for (size_t I = 0; I < Store.size(); ++I)
      if (const TUSummary *S = Store.summary(I))
        for (const auto &[G, Rec] : S->GlobalRecords)
          GlobalRecord[G.substr(2)] = Rec;

    // Candidates: records with a field, used on the walk, that leads to a persistent record
    // or to another candidate (a dict holding tables holding loaded entries).
    std::map<std::string, std::pair<std::string, std::string>> Candidates; // key -> (field, to)
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[Key, Field] : Accessed) {
        if (Found.count(Key) || Candidates.count(Key))
          continue;
        auto Rec = Records.find(Key);
        if (Rec == Records.end())
          continue;
        for (const FieldInfo &F : Rec->second.Fields)
          if (F.Name == Field && !F.PointeeRecord.empty() &&
              (Found.count(F.PointeeRecord) || Candidates.count(F.PointeeRecord))) {
            Candidates[Key] = {Field, F.PointeeRecord};
            Changed = true;
            break;
          }
      }
    }
    // Kept only when reachable from a root (a global used on the walk) or from a persistent
    // record: an iterator holds pointers to loaded objects, but nothing holds the iterator.
    std::set<std::string> Reached;
    std::vector<std::string> Work;
    for (const std::string &Path : GlobalPaths)
      if (std::string Rec = recordAtPath(Path, GlobalRecord); !Rec.empty())
        Work.push_back(Rec);
    for (const auto &[Key, T] : Found)
      Work.push_back(Key);
    std::multimap<std::string, std::string> StoredInto = objectsStoredInFields();
    while (!Work.empty()) {
      std::string Key = Work.back();
      Work.pop_back();
      if (!Reached.insert(Key).second)
        continue;
      if (auto Rec = Records.find(Key); Rec != Records.end())
        for (const FieldInfo &F : Rec->second.Fields)
          if (Candidates.count(F.PointeeRecord) || Found.count(F.PointeeRecord))
            Work.push_back(F.PointeeRecord);
      auto [B, E] = StoredInto.equal_range(Key);
      for (auto It = B; It != E; ++It)
        Work.push_back(It->second);
    }
    for (const auto &[Key, Via] : Candidates) {
      if (!Reached.count(Key))
        continue;
      if (TypeFinding *T = add(Key, "pointer-to-loaded")) {
        T->FieldsWritten.insert(Via.first);
        Provenance P{{}, "", T->Record.DefinedAt, ""};
        for (const char *Prefix : {"f:", "*f:"})
          if (auto N = Graph.find(Prefix + Key + "." + Via.first); N && P.Function.empty())
            if (int E = Graph.firstUse(*N); E >= 0) {
              P.Statement = Graph.edge(E).Loc;
              P.CallChain = R.Walk.callChain(Graph.edge(E).Function);
              P.Function = P.CallChain.back();
            }
        P.Evidence =
            "field '" + Via.first + "' is used on the load path and leads to " + Via.second +
                 ", which holds loaded data; " + Key + " is reachable from a root";
        T->Provenances.push_back(std::move(P));
      }
    }
    for (const std::string &Path : GlobalPaths) {
      std::string Rec = recordAtPath(Path, GlobalRecord);
      bool Loaded = LoadedGlobals.count(Path);
      if (!Loaded && !Found.count(Rec))
        continue;
      Root Rt{Path, Found.count(Rec) ? Rec : "",
              Loaded ? "loaded data is stored into it" : "leads to persistent " + Rec};
      if (llvm::none_of(R.Roots, [&](const Root &X) { return X.Global == Path; }))
        R.Roots.push_back(std::move(Rt));
    }
    llvm::sort(R.Roots, [](const Root &A, const Root &B) { return A.Global < B.Global; });
  }

  /// Record -> records whose objects the walk stores into its untyped (void *) fields: the
  /// links a dict value or a robj's ptr makes, which field types do not show.
  std::multimap<std::string, std::string> objectsStoredInFields() const {
    std::multimap<std::string, std::string> Out;
    for (unsigned E = 0; E < Graph.edges(); ++E) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      StringRef From = Graph.name(Ed.From), To = Graph.name(Ed.To);
      if (From.startswith("r:") && To.startswith("*f:"))
        Out.insert({To.drop_front(3).rsplit('.').first.str(), From.drop_front(2).str()});
    }
    return Out;
  }

  /// "server.db" -> the record server.db points to, following field types.
  std::string recordAtPath(StringRef Path, const std::map<std::string, std::string> &Globals) {
    auto [Head, Rest] = Path.split('.');
    auto G = Globals.find(Head.str());
    if (G == Globals.end())
      return {};
    std::string Rec = G->second;
    while (!Rest.empty()) {
      StringRef Field;
      std::tie(Field, Rest) = Rest.split('.');
      auto It = Records.find(Rec);
      if (It == Records.end())
        return {};
      std::string Next;
      for (const FieldInfo &F : It->second.Fields)
        if (F.Name == Field)
          Next = F.PointeeRecord;
      if (Next.empty())
        return {};
      Rec = Next;
    }
    return Rec;
  }

  const SummaryStore &Store;
  InferenceResult &R;
  std::map<std::string, RecordInfo> Records;
  FlowGraph Graph;
  std::vector<int> Tainted;
  std::map<std::string, TypeFinding> Found;
  std::set<std::string> LoadedGlobals;
};

} // namespace

void inferPrecise(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R) {
  PreciseAnalysis(Store, O, R).run();
}

} // namespace nvm::infer
