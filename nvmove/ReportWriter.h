// Renders an InferenceResult as the persistent-types JSON (the product) or as text.
#ifndef NVMOVE_REPORTWRITER_H
#define NVMOVE_REPORTWRITER_H

#include "Inference.h"
#include "llvm/Support/JSON.h"

namespace nvm::infer {

struct RunFacts {
  double ParseSeconds = 0, AnalysisSeconds = 0;
  StoreStats Translation;
  size_t TUsInDatabase = 0;
  std::string OptionsSummary;
  /// Where relative paths may point, tried in order (the root, then the TUs' directories,
  /// since clang prints a header as the TU spelled it); empty: no "sources" excerpts.
  std::vector<std::string> SourceDirs;
  /// The summaries, for facts the verdict hints need (globals, allocations); may be null.
  const SummaryStore *Store = nullptr;
};

/// The persistent-types JSON (docs/report-schema.md), with verdict hints and source excerpts.
llvm::json::Value toJSON(const InferenceResult &R, const RunFacts &Facts);
void writeText(llvm::raw_ostream &OS, const InferenceResult &R, const RunFacts &Facts);

} // namespace nvm::infer

#endif
