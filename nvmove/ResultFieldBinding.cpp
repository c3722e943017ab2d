// Stores an allocation wrapper makes into the fresh object it returns, bound to the site of
// each call (--heap=sites): createObject(type, ptr) sets o->ptr from its parameter, and each
// caller's object gets only that caller's ptr, instead of every robj getting every caller's.
#include "FlowGraph.h"
#include "HeapSites.h"
#include "nvm/CellNames.h"

using namespace llvm;

namespace nvm::infer {

/// At each call of a wrapper the graph holds, its result field cells go, per call site
/// (connectCallSites traces them back to that call's arguments), into the fields of the
/// call's own site. Calls the graph does not hold (callers outside the walk) get what the
/// wrapper writes at any call, so their objects miss nothing.
void FlowGraph::bindResultFields() {
  std::map<std::string, std::set<std::string>> Bound; // wrapper -> sites bound per call
  for (size_t I = 0, N = SiteFlows.size(); I < N; ++I) {
    SiteFlow RS = SiteFlows[I]; // a copy: the loop appends
    auto It = ResultFields.find(RS.Callee);
    if (It == ResultFields.end() || RS.Kind != Flow::Store ||
        RS.From != qualifyCell(cell::calleeResult(RS.Callee), ""))
      continue;
    std::string Site = cell::heapSite(RS.To);
    if (!Heap->isCallSiteOf(RS.Callee, Site)) // a call through a pointer: no site of its own
      continue;
    Bound[RS.Callee].insert(Site);
    for (const std::string &Field : It->second)
      SiteFlows.push_back({RS.Caller, RS.Loc, RS.Callee, cell::resultField(RS.Callee, Field),
                           cell::siteField(Site, Field), Flow::Store});
  }
  for (const auto &[Wrapper, Fields] : ResultFields)
    for (const std::string &Site : Heap->callSitesOf(Wrapper))
      if (!Bound[Wrapper].count(Site))
        for (const std::string &Field : Fields)
          addRawEdge(cell::resultField(Wrapper, Field), cell::siteField(Site, Field), "", -1,
                     Flow::Store, -1);
}

} // namespace nvm::infer
