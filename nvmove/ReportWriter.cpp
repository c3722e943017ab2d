// JSON and text renderings of the analysis result. Keys come from nvm/ReportSchema.h.
#include "ReportWriter.h"
#include "nvm/ReportSchema.h"
#include "nvm/Version.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace nvm::infer {
namespace {

json::Value typeJSON(const TypeFinding &T) {
  json::Array Prov;
  for (const Provenance &P : T.Provenances)
    Prov.push_back(json::Object{{schema::CallChain, json::Array(P.CallChain)},
                                {schema::Function, P.Function},
                                {schema::Statement, P.Statement},
                                {schema::Evidence, P.Evidence}});
  return json::Object{
      {schema::Name, T.Record.Name},
      {schema::Tag, T.Record.Tag.empty() ? json::Value(nullptr) : json::Value(T.Record.Tag)},
      {schema::TypedefNames, json::Array(T.Record.TypedefNames)},
      {schema::Kind, T.Record.Kind},
      {schema::DefinedAt, T.Record.DefinedAt},
      {schema::FieldsWritten,
       json::Array(std::vector<std::string>(T.FieldsWritten.begin(), T.FieldsWritten.end()))},
      {schema::Reason, T.Reason},
      {schema::Provenance, std::move(Prov)}};
}

} // namespace

json::Value toJSON(const InferenceResult &R, const RunFacts &Facts) {
  json::Array Types, Touched, Roots, Warnings, Skipped, Incomplete;
  for (const TypeFinding &T : R.Types)
    Types.push_back(typeJSON(T));
  for (const TypeFinding &T : R.Touched)
    Touched.push_back(typeJSON(T));
  for (const Root &Rt : R.Roots)
    Roots.push_back(json::Object{{"global", Rt.Global}, {"record", Rt.Record},
                                 {schema::Evidence, Rt.Evidence}});
  for (const WalkWarning &W : R.Walk.Warnings)
    Warnings.push_back(json::Object{{"location", W.Loc}, {"message", W.Message}, {"flag", W.Flag}});
  for (const std::string &I : R.IncompleteTUs)
    Incomplete.push_back(I);
  json::Array Visited;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I)
    Visited.push_back(json::Object{{"name", R.Walk.Visited[I].Function->Name},
                                   {"defined_at", R.Walk.Visited[I].Function->DefinedAt},
                                   {"caller", R.Walk.Visited[I].Parent < 0
                                                  ? json::Value(nullptr)
                                                  : json::Value(R.Walk.Visited[R.Walk.Visited[I].Parent]
                                                                    .Function->Name)}});
  std::map<std::string, int> SkipReasons;
  for (const SkippedFunction &S : R.Walk.Skipped)
    SkipReasons[S.Reason]++;
  json::Object SkipCounts;
  for (auto &[Reason, N] : SkipReasons)
    SkipCounts[Reason] = N;
  return json::Object{
      {schema::Schema, schema::Version},
      {schema::Tool, "nvmove " NVM_VERSION},
      {schema::Mode, modeName(R.AnalysisMode)},
      {schema::LoadFunctions, json::Array(R.LoadFunctions)},
      {schema::FunctionsVisited, std::move(Visited)},
      {schema::FunctionsSkipped, std::move(SkipCounts)},
      {schema::TotalTypesDefined, R.TotalTypesDefined},
      {schema::Types, std::move(Types)},
      {schema::TouchedNotLoaded, std::move(Touched)},
      {schema::Roots, std::move(Roots)},
      {schema::Warnings, std::move(Warnings)},
      {schema::Incomplete, std::move(Incomplete)},
      {schema::Stats, json::Object{{"in_database", int64_t(Facts.TUsInDatabase)},
                                   {"parsed", Facts.Translation.Parsed},
                                   {"from_cache", Facts.Translation.FromCache},
                                   {"failed", Facts.Translation.Failed}}},
      {schema::Timing, json::Object{{"parse_seconds", Facts.ParseSeconds},
                                    {"analysis_seconds", Facts.AnalysisSeconds}}}};
}

void writeText(raw_ostream &OS, const InferenceResult &R, const RunFacts &Facts) {
  OS << "nvmove (" << modeName(R.AnalysisMode) << " mode): " << R.Types.size()
     << " persistent type(s) of " << R.TotalTypesDefined << " defined in parsed TUs; "
     << R.Walk.Visited.size() << " function(s) visited from";
  for (const std::string &L : R.LoadFunctions)
    OS << " " << L;
  OS << "\n";
  for (const TypeFinding &T : R.Types) {
    OS << "\n" << T.Record.Kind << " " << T.Record.Name << "  (" << T.Record.DefinedAt << ", "
       << T.Reason << ")\n";
    if (!T.FieldsWritten.empty()) {
      OS << "  fields written:";
      for (const std::string &F : T.FieldsWritten)
        OS << " " << F;
      OS << "\n";
    }
    for (const Provenance &P : T.Provenances) {
      OS << "  at " << P.Statement;
      if (!P.CallChain.empty()) {
        OS << " via ";
        for (size_t I = 0; I < P.CallChain.size(); ++I)
          OS << (I ? " > " : "") << P.CallChain[I];
      }
      OS << "\n    " << P.Evidence << "\n";
    }
  }
  if (!R.Roots.empty()) {
    OS << "\nroots:\n";
    for (const Root &Rt : R.Roots)
      OS << "  " << Rt.Global << ": " << Rt.Evidence << "\n";
  }
  if (!R.Touched.empty()) {
    OS << "\ntouched, not loaded:";
    for (const TypeFinding &T : R.Touched)
      OS << " " << T.Record.Name;
    OS << "\n";
  }
  OS << "\n" << R.Walk.Warnings.size() << " warning(s); "
     << format("%.2f", Facts.ParseSeconds) << " s parsing, "
     << format("%.3f", Facts.AnalysisSeconds) << " s analysis\n";
  if (!R.IncompleteTUs.empty())
    OS << "results may be incomplete: " << R.IncompleteTUs.size()
       << " translation unit(s) did not parse\n";
}

} // namespace nvm::infer
