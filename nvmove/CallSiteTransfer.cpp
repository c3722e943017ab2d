// Calls wired per call site: what a callee returns, or writes through a pointer parameter,
// reaches each caller from that caller's own arguments, not from every caller's.
#include "FlowGraph.h"
#include "llvm/ADT/DenseSet.h"

using namespace llvm;

namespace nvm::infer {

/// What a callee hands back at a call (its result, or what it wrote through a parameter) is
/// traced back, inside the callee, to its parameters (bound to this call's arguments) and to
/// shared cells (heap, LOAD). A wrapper like zmalloc then hands each caller its own object, and
/// zmalloc_usable(n, &usable) gives each caller the size it asked for, not every caller's.
void FlowGraph::connectCallSites() {
  std::set<std::pair<unsigned, unsigned>> Added;
  // A call's transfer changes only when its callee's body gains edges (from its own calls,
  // wired in the round before): only those calls are looked at again.
  std::set<std::string> Dirty;
  for (const SiteFlow &RS : SiteFlows)
    Dirty.insert(RS.Callee);
  while (!Dirty.empty()) {
    std::map<std::string, std::vector<unsigned>> Transfer = calleeTransfers(Dirty);
    std::set<std::string> Grown;
    for (const SiteFlow &RS : SiteFlows) {
      if (!Dirty.count(RS.Callee))
        continue;
      auto It = Transfer.find(RS.From);
      if (It == Transfer.end())
        continue;
      auto &Args = Arguments[{RS.Caller, RS.Loc, RS.Callee}];
      for (unsigned S : It->second) {
        bool Param = isCellOf(Names[S], RS.Callee) && isParamOf(Names[S], RS.Callee);
        auto Bound = Param ? Args.find(Names[S]) : Args.end();
        std::vector<std::string> Sources =
            Param ? (Bound == Args.end() ? std::vector<std::string>{} : Bound->second)
                  : std::vector<std::string>{Names[S]};
        // A field the callee read through a parameter: this call's objects' cells.
        if (auto Read = Param && Heap ? readBinding({RS.Caller, RS.Loc, RS.Callee}, Names[S])
                                      : std::nullopt)
          Sources = std::move(*Read);
        for (const std::string &Src : Sources) {
          unsigned From = node(Src), To = node(RS.To);
          if (Added.insert({From, To}).second) {
            addEdge(Src, RS.To, RS.Loc, int(RS.Caller), RS.Kind, int(*find(RS.From)));
            Grown.insert(Usrs[RS.Caller]);
          }
        }
      }
    }
    Dirty = std::move(Grown);
  }
}

/// For each callee cell some call takes from ("usr|ret", "*usr|p1", "~usr|ret", ...): its
/// sources inside the callee.
std::map<std::string, std::vector<unsigned>>
FlowGraph::calleeTransfers(const std::set<std::string> &Callees) const {
  std::map<std::string, std::vector<unsigned>> Transfer;
  for (const SiteFlow &RS : SiteFlows)
    if (Callees.count(RS.Callee) && !Transfer.count(RS.From))
      if (auto N = find(RS.From))
        Transfer[RS.From] = calleeSources(*N, RS.Callee);
  return Transfer;
}

/// Leaves of a backward walk from Out along the edges of function Usr's own body (a caller's
/// argument flowing into "*usr|p1" is not one): its parameters and the cells it shares with
/// the rest of the program.
std::vector<unsigned> FlowGraph::calleeSources(unsigned Out, StringRef Usr) const {
  static const std::vector<int> NoIndex;
  auto FIs = FunctionIndex.find(Usr.str());
  const std::vector<int> &Mine = FIs == FunctionIndex.end() ? NoIndex : FIs->second;
  DenseSet<unsigned> Seen{Out};
  std::vector<unsigned> Work{Out}, Sources;
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    for (unsigned E : In[N]) {
      const Edge &Ed = Edges[E];
      if (!is_contained(Mine, Ed.Function) || !Seen.insert(Ed.From).second)
        continue;
      StringRef C = Names[Ed.From];
      if (isCellOf(C, Usr) && !isParamOf(C, Usr))
        Work.push_back(Ed.From);
      else
        Sources.push_back(Ed.From);
    }
  }
  llvm::sort(Sources);
  return Sources;
}

} // namespace nvm::infer
