// Command-line checks the source-to-source tools make before doing any work, so that a bad
// output path fails at once with one line and nothing written.
#ifndef NVM_REWRITE_OUTPUTCHECKS_H
#define NVM_REWRITE_OUTPUTCHECKS_H

#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace nvm::rewrite {

/// Fails when OutDir (if given) exists, or when the directory that would hold any of Files
/// (empty entries are skipped) does not exist or is not writable.
llvm::Error checkOutputs(const std::string &OutDir, const std::vector<std::string> &Files);

} // namespace nvm::rewrite

#endif
