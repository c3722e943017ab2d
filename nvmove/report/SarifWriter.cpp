// Converts the report model to a SARIF 2.1.0 log.
#include "SarifWriter.h"
#include "report/SourceExcerpts.h"

using namespace llvm;

namespace nvm::report {
namespace {

constexpr const char RuleId[] = "nvmove-persistent-type";

json::Object location(StringRef Loc, StringRef Message) {
  std::string File;
  unsigned Line = 0;
  json::Object Physical;
  if (infer::splitLocation(Loc, File, Line)) {
    json::Object Region{{"startLine", int64_t(Line)}};
    // "file:line:col" carries a column too.
    auto [Head, Col] = Loc.rsplit(':');
    unsigned C = 0;
    if (Head != File && !Col.getAsInteger(10, C) && C > 0)
      Region["startColumn"] = int64_t(C);
    Physical = json::Object{
        {"artifactLocation", json::Object{{"uri", File}, {"uriBaseId", "%SRCROOT%"}}},
        {"region", std::move(Region)}};
  }
  json::Object L;
  if (!Physical.empty())
    L["physicalLocation"] = std::move(Physical);
  if (!Message.empty())
    L["message"] = json::Object{{"text", Message.str()}}; // json::Value borrows a StringRef
  return L;
}

json::Object codeFlow(const ProvenanceStep &P, const std::map<std::string, std::string> &Defs) {
  json::Array Steps;
  for (const std::string &Fn : P.CallChain) {
    auto It = Defs.find(Fn);
    Steps.push_back(json::Object{
        {"location", location(It == Defs.end() ? "" : It->second, "enters " + Fn)}});
  }
  Steps.push_back(json::Object{{"location", location(P.Statement, P.Evidence)}});
  return json::Object{{"message", json::Object{{"text", P.Evidence}}},
                      {"threadFlows", json::Array{json::Object{{"locations", std::move(Steps)}}}}};
}

} // namespace

json::Value toSarif(const Report &R) {
  std::map<std::string, std::string> Defs;
  for (const VisitedFn &F : R.Visited)
    Defs.emplace(F.Name, F.DefinedAt);
  json::Array Results;
  for (const TypeEntry &T : R.Types) {
    json::Array Flows;
    for (const ProvenanceStep &P : T.Provenance)
      Flows.push_back(codeFlow(P, Defs));
    std::string Text = T.Kind + " '" + T.Name + "' holds persistent state (" + T.Reason + ")";
    if (!T.Hint.empty())
      Text += "; hint: " + T.Hint + ": " + T.HintReason;
    json::Object Props{{"reason", T.Reason}, {"fields_written", json::Array(T.FieldsWritten)}};
    if (!T.Hint.empty())
      Props["verdict_hint"] = T.Hint;
    json::Object Result{{"ruleId", RuleId},
                        {"level", "note"},
                        {"message", json::Object{{"text", Text}}},
                        {"locations", json::Array{location(T.DefinedAt, "")}},
                        {"partialFingerprints", json::Object{{"nvmoveType/v1", T.Name}}},
                        {"properties", std::move(Props)}};
    if (!Flows.empty())
      Result["codeFlows"] = std::move(Flows);
    Results.push_back(std::move(Result));
  }
  std::string Version = StringRef(R.Tool).startswith("nvmove ") ? R.Tool.substr(7) : R.Tool;
  json::Object Driver{
      {"name", "nvmove"},
      {"version", Version},
      {"rules",
       json::Array{json::Object{
           {"id", RuleId},
           {"name", "PersistentType"},
           {"shortDescription", json::Object{{"text", "A type that holds persistent state"}}},
           {"fullDescription",
            json::Object{{"text", "Data the load functions rebuild from storage reaches this "
                                  "type: a candidate for persistent memory."}}},
           {"defaultConfiguration", json::Object{{"level", "note"}}}}}}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"results", std::move(Results)},
                   {"columnKind", "unicodeCodePoints"},
                   {"properties", json::Object{{"mode", R.Mode},
                                               {"load_functions", json::Array(R.LoadFunctions)}}}};
  return json::Object{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", json::Array{std::move(Run)}}};
}

} // namespace nvm::report
