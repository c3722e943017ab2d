// Sink awareness, decided from the data flow: a cell is sink-bound when all its uses lead to
// output. Data formatted into an error text that is then printed, a log line, a message built in a
// buffer and written to a terminal: storing loaded data there makes nothing persistent.
#include "SinkBound.h"

namespace nvm::infer {

std::vector<bool> sinkBoundCells(const FlowGraph &G) {
  std::vector<unsigned> Outputs;
  for (llvm::StringRef Cell : {cell::Output, cell::Sink})
    if (auto N = G.find(Cell))
      Outputs.push_back(*N);
  std::vector<bool> Bound(G.size(), false);
  if (Outputs.empty())
    return Bound;
  // Greatest fixpoint: start from every cell that reaches output at all (so a cycle of cells
  // that only leaves towards output stays bound), then drop any cell with a use elsewhere.
  std::vector<int> Reaches = G.reach(Outputs, /*Reverse=*/true);
  std::vector<unsigned> Work;
  for (unsigned N = 0; N < G.size(); ++N) {
    Bound[N] = Reaches[N] != -2;
    if (Bound[N])
      Work.push_back(N);
  }
  auto IsOutput = [&](unsigned N) { return llvm::is_contained(Outputs, N); };
  // A whole-object read nobody takes keeps nothing. Any other cell without uses may still
  // decide something (a local or call result tested in a condition, which the graph does not
  // record) or be what the load leaves behind (a field nobody reads yet): it is not output.
  auto DeadEnd = [&](unsigned N) {
    return G.outEdges(N).empty() && llvm::StringRef(G.name(N)).startswith(cell::ObjectRead);
  };
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    if (!Bound[N] || IsOutput(N))
      continue;
    bool UsedElsewhere = llvm::any_of(G.outEdges(N), [&](unsigned E) { 
      unsigned To = G.edge(E).To;
      return !Bound[To] && !DeadEnd(To);
    });
    if (!UsedElsewhere)
      continue;
    Bound[N] = false;
    for (unsigned E : G.inEdges(N))
      if (Bound[G.edge(E).From])
        Work.push_back(G.edge(E).From);
  }
  return Bound;
}

} // namespace nvm::infer
