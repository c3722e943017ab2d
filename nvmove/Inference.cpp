// Entry point of the analysis: runs the walk, then the chosen mode, then the bookkeeping
// every mode shares (records, touched types, totals).
#include "Inference.h"
#include "PoolPointerRule.h"

using namespace llvm;

namespace nvm::infer {

const char *modeName(Mode M) {
  switch (M) {
  case Mode::Paper:
    return "paper";
  case Mode::Precise:
    return "precise";
  case Mode::Backtrack:
    return "backtrack";
  }
  return "?";
}

std::map<std::string, RecordInfo> collectRecords(const SummaryStore &Store) {
  std::map<std::string, RecordInfo> Out;
  for (size_t I = 0; I < Store.size(); ++I) {
    const TUSummary *S = Store.summary(I);
    if (!S)
      continue;
    for (const RecordInfo &R : S->Records) {
      auto [It, New] = Out.try_emplace(R.Key, R);
      if (New)
        continue;
      for (const std::string &T : R.TypedefNames)
        if (!is_contained(It->second.TypedefNames, T))
          It->second.TypedefNames.push_back(T);
      if (It->second.Tag.empty() && !It->second.TypedefNames.empty())
        It->second.Name = It->second.TypedefNames.front();
    }
  }
  for (auto &[Key, R] : Out) {
    llvm::sort(R.TypedefNames);
    if (R.Tag.empty() && !R.TypedefNames.empty())
      R.Name = R.TypedefNames.front();
    else if (!R.Tag.empty() && !R.TypedefNames.empty() && R.Name == R.Tag)
      R.Name = is_contained(R.TypedefNames, R.Tag) ? R.Tag : R.TypedefNames.front();
  }
  // A TU that only declares a record (`struct entry;`) keys a field's pointee by that tag with
  // the layout of no fields, a key no definition has: it is the program's one definition of
  // the tag, when there is exactly one.
  std::map<std::string, std::vector<std::string>> ByTag;
  for (const auto &[Key, R] : Out)
    ByTag[StringRef(Key).split('@').first.str()].push_back(Key);
  for (auto &[Key, R] : Out)
    for (FieldInfo &F : R.Fields)
      if (!F.PointeeRecord.empty() && !Out.count(F.PointeeRecord))
        if (auto It = ByTag.find(StringRef(F.PointeeRecord).split('@').first.str());
            It != ByTag.end() && It->second.size() == 1)
          F.PointeeRecord = It->second.front();
  return Out;
}

void collectTouched(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R) {
  std::map<std::string, RecordInfo> Records = collectRecords(Store);
  std::set<std::string> Persistent; // or already reported as touched by the mode
  for (const TypeFinding &T : R.Types)
    Persistent.insert(T.Record.Key);
  for (const TypeFinding &T : R.Touched)
    Persistent.insert(T.Record.Key);
  std::map<std::string, TypeFinding> Touched;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I) {
    const FunctionSummary *F = R.Walk.Visited[I].Function;
    for (const WriteSite &W : F->Writes) {
      for (const std::string &Key : W.Records) {
        auto Rec = Records.find(Key);
        if (Rec == Records.end() || !Rec->second.InApp || Persistent.count(Key))
          continue;
        TypeFinding &T = Touched.try_emplace(Key, TypeFinding{Rec->second, "touched", {}, {}})
                             .first->second;
        for (const std::string &Fld : W.Fields)
          if (StringRef(Fld).startswith(Key + "."))
            T.FieldsWritten.insert(Fld.substr(Key.size() + 1));
        if (T.Provenances.size() < 8)
          T.Provenances.push_back({R.Walk.callChain(I), F->Name, W.Loc,
                                   W.Op + " " + W.Target + " (" + W.Value + ")"});
      }
    }
  }
  for (auto &[Key, T] : Touched)
    R.Touched.push_back(std::move(T));
  llvm::sort(R.Touched, [](const TypeFinding &A, const TypeFinding &B) {
    return A.Record.Name < B.Record.Name;
  });
  (void)O;
}

Expected<InferenceResult> inferPersistentTypes(SummaryStore &Store,
                                               const std::vector<std::string> &Loads,
                                               const InferenceOptions &Options) {
  if (Options.AllTranslationUnits || Options.AnalysisMode == Mode::Backtrack) {
    std::vector<size_t> All(Store.size());
    for (size_t I = 0; I < All.size(); ++I)
      All[I] = I;
    Store.ensure(All);
  }
  InferenceResult R;
  R.AnalysisMode = Options.AnalysisMode;
  R.LoadFunctions = Loads;
  WalkOptions Walk = Options.Walk;
  // Data flows out of a function through its result too: a zmalloc(size_t) wrapper makes the
  // objects the load allocates, a getter hands out a root.
  Walk.KeepPointerResults = Options.AnalysisMode == Mode::Precise;
  Walk.KeepFileLoaders = Options.AnalysisMode == Mode::Precise;
  Walk.SkipNoReturn = Options.AnalysisMode == Mode::Precise;
  Walk.PruneConstantGuards = Options.AnalysisMode == Mode::Precise;
  Expected<WalkResult> W = walkCallGraph(Store, Loads, Walk);
  if (!W)
    return W.takeError();
  R.Walk = std::move(*W);
  switch (Options.AnalysisMode) {
  case Mode::Paper:
    inferPaper(Store, Options, R);
    break;
  case Mode::Precise:
    inferPrecise(Store, Options, R);
    addPoolPointerTypes(Store, Options, R);
    break;
  case Mode::Backtrack:
    inferBacktrack(Store, Options, R);
    break;
  }
  llvm::sort(R.Types, [](const TypeFinding &A, const TypeFinding &B) {
    return A.Record.Name < B.Record.Name;
  });
  collectTouched(Store, Options, R);
  for (const auto &[Key, Rec] : collectRecords(Store))
    R.TotalTypesDefined += Rec.InApp;
  for (size_t I = 0; I < Store.size(); ++I)
    if (const TUSummary *S = Store.summary(I); S && !S->Parsed)
      R.IncompleteTUs.push_back(S->File + ": " + (S->Errors.empty() ? "" : S->Errors.front()));
  return R;
}

} // namespace nvm::infer
