// Reachability over the flow graph, and the path that reached a cell as a person reads it.
#include "FlowGraph.h"
#include <deque>

using namespace llvm;

namespace nvm::infer {

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
    // A call wired per site skips the callee's cells: name the one it stands for.
    if (Edges[E].Via >= 0)
      Out.push_back(prettyCell(Names[Edges[E].Via]));
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
