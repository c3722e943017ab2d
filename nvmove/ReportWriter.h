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
};

llvm::json::Value toJSON(const InferenceResult &R, const RunFacts &Facts);
void writeText(llvm::raw_ostream &OS, const InferenceResult &R, const RunFacts &Facts);

} // namespace nvm::infer

#endif
