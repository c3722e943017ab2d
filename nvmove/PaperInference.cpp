// Paper mode (NVMOVE §3): every application record type of an l-value assigned on the walk.
#include "Inference.h"

namespace nvm::infer {

void inferPaper(const SummaryStore &Store, const InferenceOptions &O, InferenceResult &R) {
  std::map<std::string, RecordInfo> Records = collectRecords(Store);
  std::map<std::string, TypeFinding> Found;
  for (size_t I = 0; I < R.Walk.Visited.size(); ++I) {
    const FunctionSummary *F = R.Walk.Visited[I].Function;
    for (const WriteSite &W : F->Writes) {
      bool IsLibcCopy = W.Op != "=" && W.Op != "init" && W.Op != "++" && W.Op != "--" &&
                        llvm::StringRef(W.Op).back() != '=';
      if (IsLibcCopy && !O.LibcCopiesAssign)
        continue;
      for (const std::string &Key : W.Records) {
        auto Rec = Records.find(Key);
        if (Rec == Records.end() || !Rec->second.InApp)
          continue;
        TypeFinding &T =
            Found.try_emplace(Key, TypeFinding{Rec->second, "assigned", {}, {}}).first->second;
        for (const std::string &Fld : W.Fields)
          if (llvm::StringRef(Fld).startswith(Key + "."))
            T.FieldsWritten.insert(Fld.substr(Key.size() + 1));
        if (T.Provenances.size() < 8)
          T.Provenances.push_back({R.Walk.callChain(I), F->Name, W.Loc,
                                   W.Op + " " + W.Target + " (" + W.Value + ")"});
      }
    }
  }
  for (auto &[Key, T] : Found)
    R.Types.push_back(std::move(T));
}

} // namespace nvm::infer
