// --trace-cell: every step loaded data took to reach the cells a developer asks about, as the
// graph holds them (the report's provenance shortens paths and drops the handle steps).
#include "PreciseAnalysis.h"

using namespace llvm;

namespace nvm::infer {

static StringRef kindName(Flow::KindT K) {
  switch (K) {
  case Flow::Store:
    return "stored";
  case Flow::Alias:
    return "aliased";
  case Flow::Back:
    return "written back by a callee";
  case Flow::Base:
    return "base of a store";
  case Flow::Type:
    return "points to";
  case Flow::ReadBase:
    return "base of a read";
  }
  return "?";
}

void PreciseAnalysis::traceLoadedCells() const {
  constexpr unsigned MaxCells = 20, MaxSteps = 200;
  unsigned Shown = 0, Matching = 0, Loaded = 0;
  for (unsigned N = 0; N < Graph.size(); ++N) {
    if (!StringRef(Graph.name(N)).contains(TraceCell))
      continue;
    ++Matching;
    if (Tainted[N] == -2) {
      if (Matching - Loaded > MaxCells)
        continue;
      // Why a cell is not loaded: what flows into it (the first few edges, and the pointers
      // used as its record).
      *TraceOut << "trace: " << Graph.name(N) << " (not loaded data)\n";
      unsigned Listed = 0;
      for (unsigned E : Graph.inEdges(N)) {
        if (++Listed > 8)
          break;
        const FlowGraph::Edge &Ed = Graph.edge(E);
        *TraceOut << "  <- " << kindName(Ed.Kind) << (Ed.Loc.empty() ? "" : " at " + Ed.Loc)
                  << " from " << Graph.name(Ed.From) << "\n";
      }
      for (const FlowGraph::Edge &T : Graph.typeUses())
        if (T.To == N && ++Listed <= 8)
          *TraceOut << "  <- " << kindName(T.Kind) << (T.Loc.empty() ? "" : " at " + T.Loc)
                    << " from " << Graph.name(T.From)
                    << (Tainted[T.From] == -2 ? "" : " (loaded data)") << "\n";
      if (Listed == 0)
        *TraceOut << "  (nothing flows into it)\n";
      continue;
    }
    if (++Loaded > MaxCells)
      continue;
    ++Shown;
    *TraceOut << "trace: " << Graph.name(N) << "\n";
    unsigned Cur = N, Steps = 0;
    for (int E = Tainted[Cur]; E >= 0 && Steps < MaxSteps; E = Tainted[Cur], ++Steps) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      *TraceOut << "  <- " << kindName(Ed.Kind) << (Ed.Loc.empty() ? "" : " at " + Ed.Loc);
      if (Ed.Via >= 0)
        *TraceOut << " (call of " << Graph.name(Ed.Via) << ")";
      *TraceOut << " from " << Graph.name(Ed.From) << "\n";
      Cur = Ed.From;
    }
    *TraceOut << "  (a source: " << (Graph.name(Cur) == cell::Load ? "data read from outside"
                                                                   : "a handle of the load's input")
              << ")\n";
  }
  *TraceOut << "trace: " << Matching << " cells hold '" << TraceCell << "', " << Loaded
            << " of them loaded data (" << Shown << " shown)\n";
}

} // namespace nvm::infer
