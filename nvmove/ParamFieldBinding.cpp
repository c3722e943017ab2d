// Field accesses through a parameter bound per call site (--heap=sites): what a function
// writes into, or reads from, field f of the object its parameter i points to touches, at
// each call, only the objects that call's argument points to. A setter called with two
// objects then fills each with its own caller's data, instead of both with both.
#include "FlowGraph.h"
#include "HeapSites.h"
#include "nvm/CellNames.h"

using namespace llvm;

namespace nvm::infer {

std::string paramFieldCell(StringRef Usr, unsigned I, StringRef Field, bool Write) {
  return (cell::qualifiedParam(Usr, I) + (Write ? cell::ParamFieldWrite : cell::ParamFieldRead) +
          Field)
      .str();
}

/// What a field cell of an object with unknown targets is: the unknown writes' cell for a
/// write, the record's cell (every write of the field) for a read.
static std::string unknownObjectCell(const std::string &Field, bool Write) {
  return Write ? cell::unknownSiteField(Field) : Field;
}

/// "usr|p<i>" -> i.
static std::optional<unsigned> paramOfCell(StringRef Cell, StringRef Usr) {
  if (!Cell.consume_front(Usr) || !Cell.consume_front(cell::SeparatorText))
    return std::nullopt;
  return cell::paramIndex(Cell);
}

std::optional<unsigned> FlowGraph::fixedParamOf(size_t Caller, StringRef Cell) const {
  auto I = paramOfCell(Cell, Usrs[Caller]);
  if (!I || !Heap->isFixedParam(Usrs[Caller], *I))
    return std::nullopt;
  return I;
}

/// A caller's parameter passed on as a callee's: the callee's field accesses through it are
/// the caller's own, bound at the caller's calls in turn.
void FlowGraph::propagateParamFields() {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &[Key, Args] : Arguments) {
      const auto &[Caller, Loc, Callee] = Key;
      for (auto PF = ParamFields.lower_bound({Callee, 0});
           PF != ParamFields.end() && PF->first.first == Callee; ++PF) {
        std::set<std::pair<std::string, bool>> Accesses = PF->second; // a recursive call adds
        for (const std::string &From : callArguments(Key, PF->first.second))
          if (auto J = fixedParamOf(Caller, From))
            for (const auto &A : Accesses)
              Changed |= ParamFields[{Usrs[Caller], *J}].insert(A).second;
      }
    }
  }
}

/// The cells argument I of call Key is computed from: the pointers of the allocation-site
/// heap's flows (&ce->oid is ce's object), or else the data flows' own; empty when neither
/// follows it.
std::vector<std::string> FlowGraph::callArguments(const CallKey &Key, unsigned I) const {
  const auto &[Caller, Loc, Callee] = Key;
  if (const std::vector<std::string> *Ptrs = Heap->argumentsAt(Usrs[Caller], Loc, Callee, I))
    return *Ptrs;
  auto Args = Arguments.find(Key);
  if (Args == Arguments.end())
    return {};
  auto A = Args->second.find(cell::qualifiedParam(Callee, I));
  return A == Args->second.end() ? std::vector<std::string>{} : A->second;
}

/// The cells of field Field of the objects argument cell Arg of walked function Caller may
/// point to: its own parameter's cell, the sites' cells, or the unknown object's.
std::vector<std::string> FlowGraph::argumentCells(size_t Caller, const std::string &Arg,
                                                  const std::string &Field, bool Write) {
  if (auto J = fixedParamOf(Caller, Arg))
    return {paramFieldCell(Usrs[Caller], *J, Field, Write)};
  auto Sites = Heap->pointsTo(Arg);
  if (!Sites)
    return {unknownObjectCell(Field, Write)};
  std::vector<std::string> Cells;
  for (const std::string &S : *Sites)
    Cells.push_back(cell::siteField(S, Field));
  // A read also sees what was written through pointers the heap does not follow.
  if (!Write)
    Cells.push_back(unknownObjectCell(Field, true));
  return Cells;
}

/// Writes go to each call's objects per call site (connectCallSites traces what the callee
/// wrote back to that call's arguments); reads are fed by every call's objects (the read
/// value may be kept anywhere), and what the callee hands back from a read is taken from
/// that call's objects only (ReadBindings). Calls the graph does not hold (outside the
/// walk, through pointers) get the sites the heap gives them, or the unknown object.
void FlowGraph::bindParamFields() {
  propagateParamFields();
  std::set<CallPlace> BoundCalls;
  for (const auto &[Key, Args] : Arguments)
    BoundCalls.insert({Usrs[std::get<0>(Key)], std::get<1>(Key), std::get<2>(Key)});
  for (const auto &[Key, Args] : Arguments) {
    const auto &[Caller, Loc, Callee] = Key;
    for (auto PF = ParamFields.lower_bound({Callee, 0});
         PF != ParamFields.end() && PF->first.first == Callee; ++PF) {
      unsigned I = PF->first.second;
      std::vector<std::string> Froms = callArguments(Key, I);
      for (const auto &[Field, Write] : PF->second) {
        std::vector<std::string> Cells;
        if (Froms.empty()) // an argument the summaries do not follow
          Cells.push_back(unknownObjectCell(Field, Write));
        for (const std::string &From : Froms)
          for (std::string &C : argumentCells(Caller, From, Field, Write))
            Cells.push_back(std::move(C));
        std::string Mine = paramFieldCell(Callee, I, Field, Write);
        for (const std::string &C : Cells) {
          if (Write)
            SiteFlows.push_back({Caller, Loc, Callee, Mine, C, Flow::Store});
          else
            addRawEdge(C, Mine, Loc, int(Caller), Flow::Store, -1);
        }
        if (!Write)
          ReadBindings[{Key, Mine}] = std::move(Cells);
      }
    }
  }
  for (const auto &[Param, Accesses] : ParamFields) {
    auto Outside = Heap->outsideSites(Param.first, Param.second, [&](StringRef Caller,
                                                                     StringRef Loc) {
      return BoundCalls.count({Caller.str(), Loc.str(), Param.first}) > 0;
    });
    for (const auto &[Field, Write] : Accesses) {
      std::vector<std::string> Cells;
      if (!Outside)
        Cells.push_back(unknownObjectCell(Field, Write));
      else
        for (const std::string &S : *Outside)
          Cells.push_back(cell::siteField(S, Field));
      if (Outside && !Outside->empty() && !Write)
        Cells.push_back(unknownObjectCell(Field, true));
      std::string Mine = paramFieldCell(Param.first, Param.second, Field, Write);
      for (const std::string &C : Cells)
        Write ? addRawEdge(Mine, C, "", -1, Flow::Store, -1)
              : addRawEdge(C, Mine, "", -1, Flow::Store, -1);
    }
  }
  ParamFieldsBound = true;
}

/// The cells read placeholder Cell of a callee stands for at one call, when it is one.
std::optional<std::vector<std::string>> FlowGraph::readBinding(const CallKey &Call,
                                                               StringRef Cell) const {
  size_t Mark = Cell.find(cell::ParamFieldRead);
  if (Mark == StringRef::npos || !isCellOf(Cell, std::get<2>(Call)))
    return std::nullopt;
  auto It = ReadBindings.find({Call, Cell.str()});
  if (It != ReadBindings.end())
    return It->second;
  return std::vector<std::string>{Cell.drop_front(Mark + cell::ParamFieldRead.size()).str()};
}

} // namespace nvm::infer
