// Fragments several pages share: hint badges and their explanations, highlighted code blocks.
#ifndef NVMOVE_REPORT_PAGEPARTS_H
#define NVMOVE_REPORT_PAGEPARTS_H

#include "SiteLayout.h"
#include <functional>

namespace nvm::report {

struct HintInfo {
  const char *Name, *Title, *Explanation;
};
/// Every hint the analysis emits, in rank order (likely true positives first).
const std::vector<HintInfo> &hintTable();
/// The title of a hint name ("likely iterator"), or the name itself if unknown.
std::string hintTitle(llvm::StringRef Name);
/// <span class="badge hint-NAME">title</span>.
std::string hintBadge(llvm::StringRef Name);
/// Why the analysis judged a type persistent (a "reason" of the JSON), in words.
std::string reasonText(llvm::StringRef Reason);

/// A highlighted block of lines [First, Last] of File; Class(line) adds classes to a line,
/// IdPrefix (e.g. "L") gives each line an id. Lines missing from the excerpts are skipped.
std::string codeBlock(const SiteLayout &Site, llvm::StringRef File, unsigned First,
                      unsigned Last, std::function<std::string(unsigned)> Class,
                      llvm::StringRef IdPrefix, llvm::StringRef LinkRoot);

} // namespace nvm::report

#endif
