// Writes through a pointer a callee returned (`read(fd, buffer_begin(b), n)`), wired per call
// site to the storage that pointer points into.
#include "FlowGraph.h"
#include "llvm/ADT/DenseSet.h"

using namespace llvm;

namespace nvm::infer {

/// What a function's result points to ("*<usr>|ret"), as the SiteFlow of a call names it.
static bool isResultPointee(StringRef Cell) {
  return Cell.startswith(cell::Pointee) && Cell.endswith(cell::QualifiedRet);
}

/// Walks back from what Usr returns along the aliasing of its own body: a local pointer, a
/// parameter, the result of another call (whose own targets it takes, bound to that call's
/// arguments), up to storage the rest of the program shares.
const std::set<FlowGraph::ResultTarget> &
FlowGraph::resultTargets(const std::string &Usr, std::set<std::string> &Open) {
  if (auto It = ResultTargetsOf.find(Usr); It != ResultTargetsOf.end())
    return It->second;
  static const std::set<ResultTarget> None;
  auto Start = find(std::string(cell::Pointee) + cell::qualifiedResult(Usr));
  auto FIs = FunctionIndex.find(Usr);
  if (!Start || FIs == FunctionIndex.end())
    return None; // no body: what it returns is the caller's own
  if (!Open.insert(Usr).second) {
    ResultRecursion = true; // a function on the way is not complete yet: not kept
    return None;
  }
  std::set<ResultTarget> Found;
  DenseSet<unsigned> Seen{*Start};
  std::vector<unsigned> Work{*Start};
  auto Visit = [&](const std::string &C) {
    StringRef Cell = C;
    if (!Cell.startswith(cell::Pointee))
      return;
    if (!isCellOf(Cell, Usr)) {
      Found.insert({C, -1});
      return;
    }
    if (isParamOf(Cell, Usr)) {
      StringRef Index = Cell.drop_front(cell::Pointee.size() + Usr.size() + 1 +
                                        cell::Param.size());
      unsigned I;
      if (!Index.getAsInteger(10, I))
        Found.insert({"", int(I)});
      return;
    }
    if (auto N = find(Cell); N && Seen.insert(*N).second)
      Work.push_back(*N);
  };
  while (!Work.empty()) {
    unsigned N = Work.back();
    Work.pop_back();
    for (unsigned E : In[N]) {
      const Edge &Ed = Edges[E];
      if (Ed.Kind == Flow::Alias && Ed.Via < 0 && is_contained(FIs->second, Ed.Function))
        Visit(Names[Ed.From]);
    }
    // The result of a call of the body: what that callee's result points into.
    for (auto [It, End] = ResultSites.equal_range(Names[N]); It != End; ++It) {
      const SiteFlow &RS = SiteFlows[It->second];
      for (const ResultTarget &T : resultTargets(RS.Callee, Open)) {
        if (T.Param < 0) {
          Found.insert(T);
          continue;
        }
        for (const std::string &Arg : callArgumentPointees(RS, unsigned(T.Param)))
          Visit(Arg);
      }
    }
  }
  Open.erase(Usr);
  if (ResultRecursion && !Open.empty()) {
    Partial = std::move(Found); // this walk's, complete once its outermost call is done
    return Partial;
  }
  ResultRecursion = false;
  return ResultTargetsOf[Usr] = std::move(Found);
}

/// What argument I of call RS points to, as the caller's cells.
std::vector<std::string> FlowGraph::callArgumentPointees(const SiteFlow &RS, unsigned I) const {
  auto Args = Arguments.find({RS.Caller, RS.Loc, RS.Callee});
  if (Args == Arguments.end())
    return {};
  auto Param = Args->second.find(
      (cell::Pointee + RS.Callee + Twine(cell::Separator) + cell::Param + Twine(I)).str());
  return Param == Args->second.end() ? std::vector<std::string>{} : Param->second;
}

/// The cells "*<usr>|c<n>" of the call results each function stores through (writtenCells):
/// pointers merely made to share a pointee (`p = get_a(); if (!p) p = get_b();`) store
/// nothing through either result.
std::set<std::string>
FlowGraph::resultsWrittenThrough(const std::vector<const FunctionSummary *> &Fns) const {
  std::set<std::string> Out;
  for (size_t FI = 0; FI < Fns.size(); ++FI) {
    WrittenCells W = writtenCells(FI, *Fns[FI], /*AssumeUnknownWrites=*/false, MayWrite);
    for (const Flow &Fl : Fns[FI]->Flows) {
      StringRef To = Fl.To;
      if (To.startswith(cell::Pointee) && To.drop_front().startswith(cell::Call) &&
          !cell::isShared(To.drop_front()) && W.has(Fl.To))
        Out.insert(qualifyCell(To, Fns[FI]->Usr));
    }
  }
  return Out;
}

/// A store through the result of a call (`read(fd, buffer_begin(b), n)`, `*skip(p) = 0`)
/// reaches what the callee's result points into: per call site, so that a wrapper's callers
/// do not share what one of them writes.
void FlowGraph::connectResultWrites(const std::vector<const FunctionSummary *> &Fns) {
  for (size_t I = 0; I < SiteFlows.size(); ++I)
    if (isResultPointee(SiteFlows[I].From))
      ResultSites.insert({SiteFlows[I].To, I});
  std::set<std::string> Written = resultsWrittenThrough(Fns);
  std::set<std::pair<unsigned, unsigned>> Added;
  for (const SiteFlow &RS : SiteFlows) {
    if (!isResultPointee(RS.From) || !Written.count(RS.To))
      continue;
    std::set<std::string> Open;
    std::vector<std::string> Into;
    for (const ResultTarget &T : resultTargets(RS.Callee, Open)) {
      if (T.Param < 0)
        Into.push_back(T.Cell);
      else
        for (const std::string &Arg : callArgumentPointees(RS, unsigned(T.Param)))
          Into.push_back(Arg);
    }
    unsigned From = node(RS.To);
    for (const std::string &To : Into)
      if (To != RS.To && Added.insert({From, node(To)}).second)
        addRawEdge(RS.To, To, RS.Loc, int(RS.Caller), Flow::Back, int(*find(RS.From)));
  }
}

} // namespace nvm::infer
