// Precise mode: what a load function hands back through an out-parameter is kept by its caller.
// dhcpcd's read_lease(ifp, &bootp) returns the lease through `struct bootp **`, and its callers
// store it into state->offer: the record holding that field holds loaded state although the walk
// (which starts at the load function) never enters the caller. Callers are found in the parsed
// summaries (all of them with --all-tus; with lazy parsing, those of the TUs the walk parsed).
#include "PreciseAnalysis.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

bool PreciseAnalysis::admitLoadResults(const std::vector<bool> &Fresh) {
  // Out-parameters of the load functions that receive loaded data or a fresh object.
  std::map<std::string, std::string> Results; // "*@usr|p1" -> load function name
  for (const VisitedFunction &V : R.Walk.Visited) {
    if (V.Parent >= 0)
      continue;
    for (unsigned I = 0; I < V.Function->NumParams; ++I) {
      auto N = Graph.find(cell::pointee(cell::qualifiedParam(V.Function->Usr, I)));
      if (!N || !llvm::any_of(Graph.inEdges(*N), [&](unsigned E) {
            unsigned From = Graph.edge(E).From;
            return Graph.edge(E).Kind == Flow::Store && (isKept(From) || Fresh[From]);
          }))
        continue;
      Results[cell::pointee(cell::calleeParam(V.Function->Usr, I))] = V.Function->Name;
    }
  }
  bool Changed = false;
  for (size_t I = 0; I < Store.size() && !Results.empty(); ++I) {
    const TUSummary *S = Store.summary(I);
    if (!S)
      continue;
    for (const FunctionSummary &F : S->Functions)
      for (const Flow &Fl : F.Flows) {
        auto It = Results.find(Fl.From);
        if (Fl.Kind != Flow::Back || It == Results.end())
          continue;
        auto [Key, Field] = fieldOfCell(Fl.To);
        if (Key.empty() || Found.count(Key))
          continue;
        Provenance P{{F.Name}, F.Name, Fl.Loc,
                     F.Name + " stores what " + It->second + " returns through its parameter " +
                         Fl.From.substr(Fl.From.rfind(cell::Separator) + 1 + cell::Param.size()) +
                         " into " + prettyCell(Fl.To)};
        if (auto Temp = Temporaries.find(Key); Temp != Temporaries.end()) {
          Temp->second.Provenances.push_back(std::move(P));
          Found.emplace(Key, std::move(Temp->second));
          Temporaries.erase(Temp);
          Changed = true;
        } else if (TypeFinding *T = add(Key, "load-result")) {
          T->FieldsWritten.insert(Field);
          T->Provenances.push_back(std::move(P));
          Changed = true;
        }
      }
  }
  return Changed;
}

} // namespace nvm::infer
