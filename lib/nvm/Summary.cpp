// JSON round trip of TU summaries, for the on-disk cache.
#include "nvm/Summary.h"

using namespace llvm;

namespace nvm {
namespace {

json::Array strings(const std::vector<std::string> &V) { return json::Array(V); }

json::Value toJSON(const RecordInfo &R) {
  json::Array Fields;
  for (const FieldInfo &F : R.Fields)
    Fields.push_back(json::Object{{"n", F.Name}, {"t", F.Type}, {"p", F.PointeeRecord}});
  return json::Object{{"key", R.Key},        {"name", R.Name},
                      {"tag", R.Tag},        {"typedefs", strings(R.TypedefNames)},
                      {"kind", R.Kind},      {"at", R.DefinedAt},
                      {"app", R.InApp},      {"fields", std::move(Fields)}};
}

json::Value toJSON(const Flow &Fl) {
  return json::Array{Fl.From, Fl.To, Fl.Loc, std::string(1, Fl.Kind)};
}

json::Value toJSON(const FunctionSummary &F) {
  json::Array Writes, Calls, Flows;
  for (const WriteSite &W : F.Writes)
    Writes.push_back(json::Object{{"loc", W.Loc}, {"op", W.Op}, {"target", W.Target},
                                  {"records", strings(W.Records)},
                                  {"fields", strings(W.Fields)}, {"value", W.Value}});
  for (const CallSite &C : F.Calls)
    Calls.push_back(json::Object{{"loc", C.Loc}, {"usr", C.CalleeUsr},
                                 {"name", C.CalleeName}, {"cell", C.CalleeCell},
                                 {"resolved", strings(C.Resolved)}});
  for (const Flow &Fl : F.Flows)
    Flows.push_back(toJSON(Fl));
  return json::Object{{"usr", F.Usr},          {"name", F.Name},
                      {"at", F.DefinedAt},     {"app", F.InApp},
                      {"trivial", F.TrivialSignature},
                      {"retptr", F.ReturnsPointer},
                      {"noreturn", F.NoReturn},
                      {"nparams", F.NumParams}, {"writes", std::move(Writes)},
                      {"calls", std::move(Calls)}, {"flows", std::move(Flows)}};
}

/// Small reader that remembers the first problem instead of failing at every step.
class Reader {
public:
  std::string Problem;

  std::string str(const json::Object &O, StringRef K) {
    if (auto S = O.getString(K))
      return S->str();
    fail(K);
    return {};
  }
  bool boolean(const json::Object &O, StringRef K) {
    if (auto B = O.getBoolean(K))
      return *B;
    fail(K);
    return false;
  }
  std::vector<std::string> strs(const json::Object &O, StringRef K) {
    std::vector<std::string> Out;
    const json::Array *A = O.getArray(K);
    if (!A)
      return fail(K), Out;
    for (const json::Value &V : *A)
      if (auto S = V.getAsString())
        Out.push_back(S->str());
    return Out;
  }
  const json::Array &array(const json::Object &O, StringRef K) {
    static const json::Array Empty;
    if (const json::Array *A = O.getArray(K))
      return *A;
    fail(K);
    return Empty;
  }
  void fail(StringRef K) {
    if (Problem.empty())
      Problem = ("missing or mistyped key '" + K + "'").str();
  }
};

std::vector<Flow> flowsFromJSON(Reader &R, const json::Array &Arr) {
  std::vector<Flow> Out;
  for (const json::Value &V : Arr) {
    const json::Array *A = V.getAsArray();
    if (!A || A->size() != 4) {
      R.fail("flows");
      continue;
    }
    StringRef Kind = (*A)[3].getAsString().value_or("s");
    Out.push_back({(*A)[0].getAsString().value_or("").str(),
                   (*A)[1].getAsString().value_or("").str(),
                   (*A)[2].getAsString().value_or("").str(),
                   static_cast<Flow::KindT>(Kind.empty() ? 's' : Kind[0])});
  }
  return Out;
}

FunctionSummary functionFromJSON(Reader &R, const json::Object &O) {
  FunctionSummary F;
  F.Usr = R.str(O, "usr");
  F.Name = R.str(O, "name");
  F.DefinedAt = R.str(O, "at");
  F.InApp = R.boolean(O, "app");
  F.TrivialSignature = R.boolean(O, "trivial");
  F.ReturnsPointer = R.boolean(O, "retptr");
  F.NoReturn = R.boolean(O, "noreturn");
  F.NumParams = O.getInteger("nparams").value_or(0);
  for (const json::Value &V : R.array(O, "writes"))
    if (const json::Object *W = V.getAsObject())
      F.Writes.push_back({R.str(*W, "loc"), R.str(*W, "op"), R.str(*W, "target"),
                          R.strs(*W, "records"), R.strs(*W, "fields"), R.str(*W, "value")});
  for (const json::Value &V : R.array(O, "calls"))
    if (const json::Object *C = V.getAsObject())
      F.Calls.push_back({R.str(*C, "loc"), R.str(*C, "usr"), R.str(*C, "name"),
                         R.str(*C, "cell"), R.strs(*C, "resolved")});
  F.Flows = flowsFromJSON(R, R.array(O, "flows"));
  return F;
}

} // namespace

json::Value toJSON(const TUSummary &S) {
  json::Array Records, Functions;
  for (const RecordInfo &R : S.Records)
    Records.push_back(toJSON(R));
  for (const FunctionSummary &F : S.Functions)
    Functions.push_back(toJSON(F));
  json::Array GlobalFlows, GlobalRecords;
  for (const Flow &Fl : S.GlobalFlows)
    GlobalFlows.push_back(toJSON(Fl));
  for (const auto &[Cell, Key] : S.GlobalRecords)
    GlobalRecords.push_back(json::Array{Cell, Key});
  return json::Object{{"version", SummaryVersion}, {"file", S.File},
                      {"global_flows", std::move(GlobalFlows)},
                      {"global_records", std::move(GlobalRecords)},
                      {"parsed", S.Parsed},        {"errors", strings(S.Errors)},
                      {"records", std::move(Records)},
                      {"functions", std::move(Functions)}};
}

Expected<TUSummary> summaryFromJSON(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O || O->getInteger("version") != SummaryVersion)
    return createStringError(inconvertibleErrorCode(), "not a summary of version %d",
                             SummaryVersion);
  Reader R;
  TUSummary S;
  S.File = R.str(*O, "file");
  S.Parsed = R.boolean(*O, "parsed");
  S.Errors = R.strs(*O, "errors");
  for (const json::Value &RV : R.array(*O, "records")) {
    const json::Object *RO = RV.getAsObject();
    if (!RO)
      continue;
    RecordInfo Rec{R.str(*RO, "key"), R.str(*RO, "name"), R.str(*RO, "tag"),
                   R.strs(*RO, "typedefs"), R.str(*RO, "kind"), R.str(*RO, "at"),
                   R.boolean(*RO, "app"), {}};
    for (const json::Value &FV : R.array(*RO, "fields"))
      if (const json::Object *FO = FV.getAsObject())
        Rec.Fields.push_back({R.str(*FO, "n"), R.str(*FO, "t"), R.str(*FO, "p")});
    S.Records.push_back(std::move(Rec));
  }
  for (const json::Value &FV : R.array(*O, "functions"))
    if (const json::Object *FO = FV.getAsObject())
      S.Functions.push_back(functionFromJSON(R, *FO));
  S.GlobalFlows = flowsFromJSON(R, R.array(*O, "global_flows"));
  for (const json::Value &GV : R.array(*O, "global_records"))
    if (const json::Array *A = GV.getAsArray(); A && A->size() == 2)
      S.GlobalRecords.push_back({(*A)[0].getAsString().value_or("").str(),
                                 (*A)[1].getAsString().value_or("").str()});
  if (!R.Problem.empty())
    return createStringError(inconvertibleErrorCode(), "malformed summary: %s",
                             R.Problem.c_str());
  return S;
}

} // namespace nvm
