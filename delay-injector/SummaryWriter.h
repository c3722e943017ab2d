// The run's summary: sites per file and per type, skipped accesses with reasons.
#ifndef DELAY_SUMMARYWRITER_H
#define DELAY_SUMMARYWRITER_H

#include "InjectDriver.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace nvm::delay {

/// The summary as JSON: sites per file (relative to Root) and per type, skipped with reasons,
/// types the filter left out.
llvm::json::Value summaryJSON(const InjectResult &R, llvm::StringRef Root);
/// The same, as lines for stderr.
void writeSummaryText(llvm::raw_ostream &OS, const InjectResult &R, llvm::StringRef Root);

} // namespace nvm::delay

#endif
