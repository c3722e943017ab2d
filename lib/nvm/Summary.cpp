// JSON round trip of TU summaries, for the on-disk cache. Every string goes once into a
// table and is referred to by index: a TU repeats the same cells and locations thousands of
// times, and reading the cache is what an unchanged re-run costs.
#include "nvm/Summary.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace nvm {
namespace {

class Writer {
public:
  json::Value id(StringRef S) {
    auto [It, New] = Ids.try_emplace(S, Table.size());
    if (New)
      Table.push_back(S.str());
    return int64_t(It->second);
  }
  json::Array ids(const std::vector<std::string> &V) {
    json::Array A;
    for (const std::string &S : V)
      A.push_back(id(S));
    return A;
  }
  json::Value record(const RecordInfo &R) {
    json::Array Fields;
    for (const FieldInfo &F : R.Fields)
      Fields.push_back(json::Array{id(F.Name), id(F.Type), id(F.PointeeRecord), F.BytePointer});
    return json::Array{id(R.Key),  id(R.Name),      id(R.Tag), ids(R.TypedefNames),
                       id(R.Kind), id(R.DefinedAt), R.InApp,   std::move(Fields),
                       id(R.Enclosing)};
  }
  json::Value flow(const Flow &F) {
    return json::Array{id(F.From), id(F.To), id(F.Loc), int64_t(F.Kind)};
  }
  json::Value function(const FunctionSummary &F) {
    json::Array Writes, Calls, Flows, PointerFlows, HeapFlows;
    for (const WriteSite &W : F.Writes)
      Writes.push_back(json::Array{id(W.Loc), id(W.Op), id(W.Target), ids(W.Records),
                                   ids(W.Fields), id(W.Value)});
    for (const CallSite &C : F.Calls)
      Calls.push_back(
          json::Array{id(C.Loc), id(C.CalleeUsr), id(C.CalleeName), id(C.CalleeCell),
                      C.EndsProcess, ids(C.EndsThrough), ids(C.Guards), ids(C.ConstArgs),
                      C.InLoop});
    for (const Flow &Fl : F.Flows)
      Flows.push_back(flow(Fl));
    for (const Flow &Fl : F.PointerFlows)
      PointerFlows.push_back(flow(Fl));
    for (const Flow &Fl : F.HeapFlows)
      HeapFlows.push_back(flow(Fl));
    int64_t Bits = F.InApp | F.TrivialSignature << 1 | F.ReturnsPointer << 2 | F.NoReturn << 3 |
                   F.ReturnsRecord << 4 | F.EndsProcess << 5;
    json::Array Globals, Orders;
    for (const std::string &G : F.GlobalsUsed)
      Globals.push_back(id(G));
    for (const FieldOrder &O : F.FieldOrders)
      Orders.push_back(json::Array{id(O.Field), O.FirstRead, O.FirstWrite});
    return json::Array{id(F.Usr),       id(F.Name),         id(F.DefinedAt),
                       Bits,            int64_t(F.NumParams), std::move(Writes),
                       std::move(Calls), std::move(Flows),   std::move(Globals),
                       std::move(PointerFlows), std::move(HeapFlows), ids(F.EndsThrough),
                       ids(F.NoReturnCallees), std::move(Orders)};
  }
  json::Array table() { return json::Array(Table); }

private:
  StringMap<unsigned> Ids;
  std::vector<std::string> Table;
};

/// Reads the arrays back; remembers the first problem instead of failing at every step.
class Reader {
public:
  std::vector<StringRef> Table;
  std::string Problem;

  const json::Array &array(const json::Value *V) {
    static const json::Array Empty;
    if (const json::Array *A = V ? V->getAsArray() : nullptr)
      return *A;
    fail("expected an array");
    return Empty;
  }
  std::string str(const json::Value &V) {
    std::optional<int64_t> I = V.getAsInteger();
    if (!I || *I < 0 || size_t(*I) >= Table.size())
      return fail("bad string index"), std::string();
    return Table[*I].str();
  }
  std::vector<std::string> strs(const json::Value &V) {
    std::vector<std::string> Out;
    for (const json::Value &E : array(&V))
      Out.push_back(str(E));
    return Out;
  }
  int64_t integer(const json::Value &V) {
    if (std::optional<int64_t> I = V.getAsInteger())
      return *I;
    return fail("expected an integer"), 0;
  }
  /// Element I of a fixed-size tuple.
  const json::Value &at(const json::Array &A, size_t I) {
    static const json::Value Null(nullptr);
    if (I < A.size())
      return A[I];
    fail("tuple too short");
    return Null;
  }
  void fail(StringRef Why) {
    if (Problem.empty())
      Problem = Why.str();
  }

  RecordInfo record(const json::Array &A) {
    RecordInfo R{str(at(A, 0)), str(at(A, 1)), str(at(A, 2)), strs(at(A, 3)),
                 str(at(A, 4)), str(at(A, 5)), at(A, 6).getAsBoolean().value_or(false), {}};
    for (const json::Value &F : array(&at(A, 7))) {
      const json::Array &T = array(&F);
      R.Fields.push_back({str(at(T, 0)), str(at(T, 1)), str(at(T, 2)),
                          at(T, 3).getAsBoolean().value_or(false)});
    }
    R.Enclosing = str(at(A, 8));
    return R;
  }
  Flow flow(const json::Value &V) {
    const json::Array &A = array(&V);
    return {str(at(A, 0)), str(at(A, 1)), str(at(A, 2)),
            static_cast<Flow::KindT>(integer(at(A, 3)))};
  }
  FunctionSummary function(const json::Array &A) {
    FunctionSummary F;
    F.Usr = str(at(A, 0));
    F.Name = str(at(A, 1));
    F.DefinedAt = str(at(A, 2));
    int64_t Bits = integer(at(A, 3));
    F.InApp = Bits & 1;
    F.TrivialSignature = Bits & 2;
    F.ReturnsPointer = Bits & 4;
    F.NoReturn = Bits & 8;
    F.ReturnsRecord = Bits & 16;
    F.EndsProcess = Bits & 32;
    F.NumParams = integer(at(A, 4));
    for (const json::Value &W : array(&at(A, 5))) {
      const json::Array &T = array(&W);
      F.Writes.push_back({str(at(T, 0)), str(at(T, 1)), str(at(T, 2)), strs(at(T, 3)),
                          strs(at(T, 4)), str(at(T, 5))});
    }
    for (const json::Value &C : array(&at(A, 6))) {
      const json::Array &T = array(&C);
      F.Calls.push_back({str(at(T, 0)), str(at(T, 1)), str(at(T, 2)), str(at(T, 3)),
                         at(T, 4).getAsBoolean().value_or(false), strs(at(T, 5)),
                         strs(at(T, 6)), strs(at(T, 7)), at(T, 8).getAsBoolean().value_or(false)});
    }
    for (const json::Value &Fl : array(&at(A, 7)))
      F.Flows.push_back(flow(Fl));
    for (const json::Value &G : array(&at(A, 8)))
      F.GlobalsUsed.insert(str(G));
    for (const json::Value &Fl : array(&at(A, 9)))
      F.PointerFlows.push_back(flow(Fl));
    for (const json::Value &Fl : array(&at(A, 10)))
      F.HeapFlows.push_back(flow(Fl));
    F.EndsThrough = strs(at(A, 11));
    F.NoReturnCallees = strs(at(A, 12));
    for (const json::Value &O : array(&at(A, 13))) {
      const json::Array &T = array(&O);
      F.FieldOrders.push_back({str(at(T, 0)), integer(at(T, 1)), integer(at(T, 2))});
    }
    return F;
  }
};

} // namespace

int64_t sourcePosition(StringRef Loc) {
  auto [Rest, Col] = Loc.rsplit(':');
  auto [File, Line] = Rest.rsplit(':');
  unsigned L, C;
  if (File.empty() || Line.getAsInteger(10, L) || Col.getAsInteger(10, C))
    return -1;
  return sourcePosition(L, C);
}

json::Value toJSON(const TUSummary &S) {
  Writer W;
  json::Array Records, Functions, GlobalFlows, GlobalRecords;
  for (const RecordInfo &R : S.Records)
    Records.push_back(W.record(R));
  for (const FunctionSummary &F : S.Functions)
    Functions.push_back(W.function(F));
  for (const Flow &Fl : S.GlobalFlows)
    GlobalFlows.push_back(W.flow(Fl));
  for (const auto &[Cell, Key] : S.GlobalRecords)
    GlobalRecords.push_back(json::Array{W.id(Cell), W.id(Key)});
  json::Array GlobalObjects;
  for (const std::string &G : S.GlobalObjects)
    GlobalObjects.push_back(W.id(G));
  json::Array Errors = W.ids(S.Errors);
  json::Value File = W.id(S.File);
  return json::Object{{"version", SummaryVersion},
                      {"file", std::move(File)},
                      {"parsed", S.Parsed},
                      {"errors", std::move(Errors)},
                      {"records", std::move(Records)},
                      {"functions", std::move(Functions)},
                      {"global_flows", std::move(GlobalFlows)},
                      {"global_records", std::move(GlobalRecords)},
                      {"global_objects", std::move(GlobalObjects)},
                      {"strings", W.table()}};
}

Expected<TUSummary> summaryFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O || O->getInteger("version") != SummaryVersion)
    return createStringError(inconvertibleErrorCode(), "not a summary of version %d",
                             SummaryVersion);
  Reader R;
  for (const json::Value &S : R.array(O->get("strings")))
    R.Table.push_back(S.getAsString().value_or(""));
  TUSummary S;
  S.File = R.str(O->get("file") ? *O->get("file") : json::Value(nullptr));
  S.Parsed = O->getBoolean("parsed").value_or(false);
  S.Errors = R.strs(O->get("errors") ? *O->get("errors") : json::Value(nullptr));
  for (const json::Value &Rec : R.array(O->get("records")))
    S.Records.push_back(R.record(R.array(&Rec)));
  for (const json::Value &F : R.array(O->get("functions")))
    S.Functions.push_back(R.function(R.array(&F)));
  for (const json::Value &Fl : R.array(O->get("global_flows")))
    S.GlobalFlows.push_back(R.flow(Fl));
  for (const json::Value &G : R.array(O->get("global_records"))) {
    const json::Array &A = R.array(&G);
    S.GlobalRecords.push_back({R.str(R.at(A, 0)), R.str(R.at(A, 1))});
  }
  for (const json::Value &G : R.array(O->get("global_objects")))
    S.GlobalObjects.insert(R.str(G));
  if (!R.Problem.empty())
    return createStringError(inconvertibleErrorCode(), "malformed summary: %s",
                             R.Problem.c_str());
  return S;
}

} // namespace nvm
