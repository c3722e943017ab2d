// Precise mode: records whose sizeof sizes an allocation that receives loaded data (the layout
// of a heap block that no l-value of the record names: Redis' sdshdr5, a header written through
// a char *). See the note in Inference.h.
#include "PreciseAnalysis.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

/// "usr|p3": a parameter of a function with a body (the edges of a call go there).
static bool isParameterCell(StringRef Cell) {
  if (Cell.startswith(cell::Pointee) || Cell.startswith(cell::Stream))
    return false;
  return Cell.contains(cell::Separator) &&
         cell::paramIndex(Cell.rsplit(cell::Separator).second).has_value();
}

/// Functions the walk skips (optimization a: only integer parameters) may still compute the
/// size of the load's allocations: sdsHdrSize(type) returns sizeof(struct sdshdr5) ... for
/// sdsnewlen. Their sizeof's reach their callers' result cells, as if the walk had entered them.
void PreciseAnalysis::addSkippedSizeofResults() {
  std::set<std::string> Visited;
  for (const VisitedFunction &V : R.Walk.Visited)
    Visited.insert(V.Function->Usr);
  std::map<std::string, std::set<std::string>> Sizes; // usr -> "sz:<record>" reaching its result
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I))
      for (const FunctionSummary &F : S->Functions) {
        if (Visited.count(F.Usr) || !F.InApp)
          continue;
        // Within the body: what reaches "ret" through its locals.
        std::set<std::string> Reach{std::string(cell::Ret)};
        for (bool Changed = true; Changed;) {
          Changed = false;
          for (const Flow &Fl : F.Flows)
            if (Fl.Kind == Flow::Store && Reach.count(Fl.To) && Reach.insert(Fl.From).second)
              Changed = true;
        }
        for (const std::string &C : Reach)
          if (StringRef(C).startswith(cell::Sizeof))
            Sizes[F.Usr].insert(C);
      }
  if (Sizes.empty())
    return;
  for (size_t FI = 0; FI < R.Walk.Visited.size(); ++FI) {
    const FunctionSummary &F = *R.Walk.Visited[FI].Function;
    for (const Flow &Fl : F.Flows) {
      StringRef From = Fl.From;
      if (Fl.Kind != Flow::Store || !From.consume_front(cell::Callee) ||
          !From.consume_back(cell::QualifiedRet))
        continue;
      if (auto It = Sizes.find(From.str()); It != Sizes.end())
        for (const std::string &Sz : It->second)
          Graph.addEdge(Sz, qualifyCell(Fl.To, F.Usr), Fl.Loc, int(FI), Flow::Store);
    }
  }
}

/// Whether the call result Call ("usr|c3") reaches function Usr's own result through its locals:
/// Usr hands out what that call allocated, and each of its callers gets an allocation site of
/// its own (a wrapper's call carries its caller's sizes in its own "a:" cell).
bool PreciseAnalysis::returnsAllocation(StringRef Usr, const std::string &Call) const {
  auto Start = Graph.find(Call), Ret = Graph.find(cell::qualifiedResult(Usr));
  if (!Start || !Ret)
    return false;
  std::set<unsigned> Seen{*Start};
  std::vector<unsigned> Work{*Start};
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    if (N == *Ret)
      return true;
    for (unsigned E : Graph.outEdges(N)) {
      unsigned To = Graph.edge(E).To;
      if (Graph.edge(E).Kind == Flow::Store && isCellOf(Graph.name(To), Usr) &&
          !StringRef(Graph.name(To)).startswith(cell::Pointee) && Seen.insert(To).second)
        Work.push_back(To);
    }
  }
  return false;
}

/// Whether the value a call passes along edge E (into the call's "a:" cell) is a size for the
/// callee: a library callee (malloc) takes every integer as one; a callee with a body only
/// through a parameter that sizes an allocation (isSizeParam).
bool PreciseAnalysis::isSizeArgument(const FlowGraph::Edge &E, std::map<unsigned, bool> &Sizes) const {
  bool PassedToBody = false;
  for (unsigned Out : Graph.outEdges(E.From)) {
    const FlowGraph::Edge &A = Graph.edge(Out);
    if (A.Function != E.Function || A.Loc != E.Loc || A.Kind != Flow::Store ||
        !isParameterCell(Graph.name(A.To)))
      continue;
    PassedToBody = true;
    if (isSizeParam(A.To, Sizes))
      return true;
  }
  return !PassedToBody;
}

/// Whether parameter cell P ("usr|p1") reaches, through its function's locals, the size of an
/// allocation made there ("usr|a:c3"), or a parameter of a callee that does. A cycle counts
/// as no.
bool PreciseAnalysis::isSizeParam(unsigned P, std::map<unsigned, bool> &Sizes) const {
  if (auto It = Sizes.find(P); It != Sizes.end())
    return It->second;
  Sizes[P] = false;
  StringRef Usr = StringRef(Graph.name(P)).rsplit('|').first;
  std::set<unsigned> Seen{P};
  std::vector<unsigned> Work{P};
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    for (unsigned E : Graph.outEdges(N)) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      StringRef To = Graph.name(Ed.To);
      if (Ed.Kind != Flow::Store || !Seen.insert(Ed.To).second)
        continue;
      if (isCellOf(To, Usr) && To.drop_front(Usr.size() + 1).startswith(cell::AllocationSize))
        return Sizes[P] = true;
      if (isCellOf(To, Usr) && !To.startswith(cell::Pointee))
        Work.push_back(Ed.To);
      else if (isParameterCell(To) && isSizeParam(Ed.To, Sizes))
        return Sizes[P] = true;
    }
  }
  return false;
}

void PreciseAnalysis::findSizeofAllocations() {
  addSkippedSizeofResults();
  std::map<unsigned, bool> Sizes; // parameter cell -> sizes an allocation
  for (unsigned N = 0; N < Graph.size(); ++N) {
    StringRef Cell = Graph.name(N);
    // "<usr>|a:c<n>" -> "*<usr>|c<n>": the bytes of the allocation it sizes
    StringRef Mark = cell::QualifiedAllocationSize;
    size_t Bar = Cell.find(Mark);
    if (Bar == StringRef::npos)
      continue;
    std::string Content = cell::pointee(
        (Cell.substr(0, Bar + 1) + Cell.substr(Bar + Mark.size())).str());
    auto C = Graph.find(Content);
    if (!C || !isKept(*C))
      continue;
    // What a callee returns is shared by all its callers (zmalloc's result): only data
    // stored into this very allocation counts.
    bool StoredHere = llvm::any_of(Graph.inEdges(*C), [&](unsigned E) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      return isTainted(Ed.From) && !StringRef(Graph.name(Ed.From)).endswith(cell::QualifiedRet);
    });
    if (!StoredHere)
      continue;
    // The size expression, through locals, parameters and results (sdsHdrSize()), not
    // through the heap, where every size the program ever stored meets. Inside an allocation
    // wrapper (xrealloc, zmalloc), not through its parameters either: each call of the wrapper
    // is an allocation of its own, sized by that caller (ALLOC_GROW's sizeof in each caller of
    // xrealloc does not size the others' arrays).
    StringRef Usr = Cell.substr(0, Bar);
    bool Wrapper =
        returnsAllocation(Usr, (Cell.substr(0, Bar + 1) + Cell.substr(Bar + Mark.size())).str());
    // Only arguments that size the allocation in the callee: not sdscatfmt's numbers to format.
    std::vector<int> Back = Graph.reachIf(
        {N}, /*Reverse=*/true,
        [&](const FlowGraph::Edge &E) {
          return E.Kind == Flow::Store && (E.To != N || isSizeArgument(E, Sizes));
        },
        [&](unsigned M) {
          StringRef C = Graph.name(M);
          // A field read through a parameter is the objects' storage of every call.
          return !isHeapCell(C) &&
                 !(Wrapper && isCellOf(C, Usr) && isParamOf(C, Usr));
        });
    for (unsigned S = 0; S < Graph.size(); ++S) {
      StringRef Src = Graph.name(S);
      if (Back[S] == -2 || !Src.startswith(cell::Sizeof) || Found.count(Src.drop_front(3).str()))
        continue;
      std::string Key = Src.drop_front(3).str();
      if (TypeFinding *T = add(Key, "sizeof-allocation"))
        T->Provenances.push_back(provenanceOf(
            *C, "sizeof(" + displayKey(Key) + ") sizes an allocation that receives loaded data"));
    }
  }
}

} // namespace nvm::infer
