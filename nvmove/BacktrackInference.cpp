// Backtrack mode (the alternative NVMOVE §3 rejects): start at every write()/fwrite()/pwrite()
// in the program and follow the data backwards to the record types it was serialized from.
#include "FlowGraph.h"
#include "Inference.h"

using namespace llvm;

namespace nvm::infer {

void inferBacktrack(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R) {
  std::vector<const FunctionSummary *> Fns;
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const FunctionSummary &F : S->Functions)
        if (F.InApp)
          Fns.push_back(&F);
  std::map<std::pair<int, std::string>, std::vector<std::string>> NoTargets;
  FlowGraph Graph(Fns, NoTargets, O.UnknownCallsRead);
  std::vector<unsigned> Sinks;
  if (auto S = Graph.find(cell::Sink))
    Sinks.push_back(*S);
  std::vector<int> Parents = Graph.reach(Sinks, /*Reverse=*/true);
  std::map<std::string, RecordInfo> Records = collectRecords(Store);
  std::map<std::string, TypeFinding> Found;
  for (unsigned N = 0; N < Graph.size(); ++N) {
    if (Parents[N] == -2)
      continue;
    StringRef Cell = Graph.name(N);
    std::string Key, Field;
    if (Cell.startswith(cell::Field)) {
      auto P = Cell.drop_front(2).rsplit('.');
      Key = P.first.str();
      Field = P.second.str();
    } else if (Cell.startswith(cell::ObjectRead)) {
      Key = Cell.drop_front(2).str();
    } else {
      continue;
    }
    auto Rec = Records.find(Key);
    if (Rec == Records.end() || !Rec->second.InApp)
      continue;
    TypeFinding &T =
        Found.try_emplace(Key, TypeFinding{Rec->second, "serialized", {}, {}}).first->second;
    if (!Field.empty())
      T.FieldsWritten.insert(Field);
    if (T.Provenances.size() >= 4)
      continue;
    // The sink end of the path names the write call.
    unsigned Cur = N;
    while (Parents[Cur] >= 0)
      Cur = Graph.edge(Parents[Cur]).To;
    Provenance P;
    int E = Parents[N];
    for (unsigned C = N; Parents[C] >= 0; C = Graph.edge(Parents[C]).To)
      E = Parents[C];
    P.Statement = E >= 0 ? Graph.edge(E).Loc : "";
    if (E >= 0 && Graph.edge(E).Function >= 0)
      P.Function = Fns[Graph.edge(E).Function]->Name;
    std::string Path;
    for (const std::string &C : Graph.path(Parents, N, true))
      Path += (Path.empty() ? "" : " -> ") + C;
    P.Evidence = "data of " + prettyCell(Cell) + " reaches a write call: " + Path;
    T.Provenances.push_back(std::move(P));
  }
  for (auto &[Key, T] : Found)
    R.Types.push_back(std::move(T));
}

} // namespace nvm::infer
