// Calls wired per call site: what a callee returns reaches each caller from that caller's own
// arguments, not from every caller's.
#include "FlowGraph.h"

using namespace llvm;

namespace nvm::infer {

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
  auto Local = [&](unsigned N) { return isCellOf(Names[N], Usr); };
  auto IsParam = [&](unsigned N) { return isParamOf(Names[N], Usr); };
  std::vector<int> P = reachIf(
      {Ret}, true, [](const Edge &) { return true; },
      [&](unsigned N) { return Local(N) && !IsParam(N); });
  std::vector<unsigned> Out;
  for (unsigned N = 0; N < Names.size(); ++N)
    if (P[N] != -2 && N != Ret && (!Local(N) || IsParam(N)))
      Out.push_back(N);
  return Out;
}

} // namespace nvm::infer
