// JSON and text renderings of the analysis result. Keys come from nvm/ReportSchema.h.
#include "ReportWriter.h"
#include "LoadGlobals.h"
#include "VerdictHints.h"
#include "report/SourceExcerpts.h"
#include "nvm/ReportSchema.h"
#include "nvm/Version.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace nvm::infer {
namespace {

json::Value typeJSON(const TypeFinding &T, const VerdictHint *H, SourceExcerpts &Src) {
  json::Array Prov;
  for (const Provenance &P : T.Provenances) {
    Src.addAround(P.Statement, 3, 3);
    Prov.push_back(json::Object{{schema::CallChain, json::Array(P.CallChain)},
                                {schema::Function, P.Function},
                                {schema::Statement, P.Statement},
                                {schema::Evidence, P.Evidence}});
  }
  json::Array Fields;
  for (const FieldInfo &F : T.Record.Fields)
    Fields.push_back(json::Object{{schema::Field, F.Name}, {schema::FieldType, F.Type}});
  unsigned Until = Src.addDefinition(T.Record.DefinedAt);
  json::Object O{
      {schema::Name, T.Record.Name},
      {schema::Tag, T.Record.Tag.empty() ? json::Value(nullptr) : json::Value(T.Record.Tag)},
      {schema::TypedefNames, json::Array(T.Record.TypedefNames)},
      {schema::Kind, T.Record.Kind},
      {schema::DefinedAt, T.Record.DefinedAt},
      {schema::DefinedUntil, Until ? json::Value(Until) : json::Value(nullptr)},
      {schema::Fields, std::move(Fields)},
      {schema::FieldsWritten,
       json::Array(std::vector<std::string>(T.FieldsWritten.begin(), T.FieldsWritten.end()))},
      {schema::Reason, T.Reason},
      {schema::Provenance, std::move(Prov)}};
  if (H) {
    O[schema::VerdictHint] = hintName(H->Kind);
    O[schema::HintReason] = H->Reason;
    O[schema::HintRank] = int(H->Kind);
    if (!H->VolatileFields.empty()) {
      json::Array V;
      for (const auto &[Field, Why] : H->VolatileFields)
        V.push_back(json::Object{{"field", Field}, {"why", Why}});
      O[schema::VolatileFields] = std::move(V);
    }
  }
  return O;
}

/// The walk as a graph: calls not entered (with the caller found by call location) and
/// calls through pointers with the targets that were followed.
void walkGraphJSON(const InferenceResult &R, json::Object &Out, SourceExcerpts &Src) {
  std::map<std::string, std::string> CallerAt, NameOfUsr;
  for (const VisitedFunction &V : R.Walk.Visited) {
    NameOfUsr[V.Function->Usr] = V.Function->Name;
    for (const CallSite &C : V.Function->Calls)
      CallerAt.emplace(C.Loc, V.Function->Name);
  }
  json::Array Skipped, Indirect;
  for (const SkippedFunction &S : R.Walk.Skipped) {
    auto It = CallerAt.find(S.CallLoc);
    Skipped.push_back(json::Object{
        {schema::Callee, S.Name},
        {schema::Reason, S.Reason},
        {schema::Caller, It == CallerAt.end() ? json::Value(nullptr) : json::Value(It->second)},
        {schema::CallLoc, S.CallLoc}});
  }
  for (const auto &[Key, Targets] : R.Walk.IndirectTargets) {
    const FunctionSummary *F = R.Walk.Visited[Key.first].Function;
    std::string Expr;
    for (const CallSite &C : F->Calls)
      if (C.Loc == Key.second && C.CalleeUsr.empty())
        Expr = C.CalleeName;
    json::Array Names;
    for (const std::string &T : Targets)
      Names.push_back(NameOfUsr.count(T) ? NameOfUsr[T] : T);
    Src.addAround(Key.second, 2, 2);
    Indirect.push_back(json::Object{{schema::Caller, F->Name},
                                    {schema::Location, Key.second},
                                    {schema::Expression, Expr},
                                    {schema::Targets, std::move(Names)}});
  }
  Out[schema::SkippedCalls] = std::move(Skipped);
  Out[schema::IndirectCalls] = std::move(Indirect);
}

} // namespace

json::Value toJSON(const InferenceResult &R, const RunFacts &Facts) {
  SourceExcerpts Src(Facts.SourceDirs);
  auto Hints = computeVerdictHints(R, Facts.Store);
  json::Array Types, Touched, Roots, Warnings, Skipped, Incomplete;
  for (const TypeFinding &T : R.Types)
    Types.push_back(typeJSON(T, &Hints[T.Record.Key], Src));
  for (const TypeFinding &T : R.Touched)
    Touched.push_back(typeJSON(T, nullptr, Src));
  for (const Root &Rt : R.Roots)
    Roots.push_back(json::Object{{"global", Rt.Global}, {"record", Rt.Record},
                                 {schema::Evidence, Rt.Evidence}});
  json::Array Globals;
  if (Facts.Store)
    for (const LoadGlobal &G : loadGlobals(R, *Facts.Store))
      Globals.push_back(json::Object{{"global", G.Global},
                                     {"written_at", G.WrittenAt},
                                     {"read_by", json::Array(G.ReadBy)},
                                     {"root", G.Root}});
  for (const WalkWarning &W : R.Walk.Warnings)
    Warnings.push_back(json::Object{{"location", W.Loc}, {"message", W.Message}, {"flag", W.Flag}});
  for (const std::string &I : R.IncompleteTUs)
    Incomplete.push_back(I);
  // Every visited function gets its first lines shown, so each chain step and graph node links
  // somewhere.
  std::set<std::string> InChains;
  for (const TypeFinding &T : R.Types)
    for (const Provenance &P : T.Provenances)
      InChains.insert(P.CallChain.begin(), P.CallChain.end());
  json::Array Visited;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I) {
    const VisitedFunction &V = R.Walk.Visited[I];
    // Chain functions get more lines: the reader follows them step by step.
    Src.addAround(V.Function->DefinedAt, 0, InChains.count(V.Function->Name) ? 4 : 1);
    Visited.push_back(json::Object{
        {"name", V.Function->Name},
        {"defined_at", V.Function->DefinedAt},
        {schema::CallLoc, V.CallLoc},
        {"caller", V.Parent < 0 ? json::Value(nullptr)
                                : json::Value(R.Walk.Visited[V.Parent].Function->Name)}});
  }
  std::map<std::string, int> SkipReasons;
  for (const SkippedFunction &S : R.Walk.Skipped)
    SkipReasons[S.Reason]++;
  json::Object SkipCounts;
  for (auto &[Reason, N] : SkipReasons)
    SkipCounts[Reason] = N;
  json::Object Out{
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
      {schema::LoadGlobals, std::move(Globals)},
      {schema::Warnings, std::move(Warnings)},
      {schema::Incomplete, std::move(Incomplete)},
      {schema::Stats, json::Object{{"in_database", int64_t(Facts.TUsInDatabase)},
                                   {"parsed", Facts.Translation.Parsed},
                                   {"from_cache", Facts.Translation.FromCache},
                                   {"failed", Facts.Translation.Failed}}},
      {schema::Timing, json::Object{{"parse_seconds", Facts.ParseSeconds},
                                    {"analysis_seconds", Facts.AnalysisSeconds}}}};
  walkGraphJSON(R, Out, Src);
  Out[schema::Sources] = Src.toJSON();
  return Out;
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
  std::vector<LoadGlobal> Globals;
  if (Facts.Store)
    for (LoadGlobal &G : loadGlobals(R, *Facts.Store))
      if (!G.Root)
        Globals.push_back(std::move(G));
  if (!Globals.empty()) {
    OS << "\nglobals the load sets that later code reads (a warm start skips the load: keep "
          "them with 'root =' or 'value-root =', or set them up with 'warm-run ='):\n";
    for (const LoadGlobal &G : Globals) {
      OS << "  " << G.Global << " (set at " << G.WrittenAt << ", read by";
      for (const std::string &F : G.ReadBy)
        OS << " " << F;
      OS << ")\n";
    }
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
