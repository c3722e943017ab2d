// Output-path checks.
#include "OutputChecks.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace nvm::rewrite {

Error checkOutputs(const std::string &OutDir, const std::vector<std::string> &Files) {
  if (!OutDir.empty() && sys::fs::exists(OutDir))
    return createStringError(inconvertibleErrorCode(),
                             "output directory '%s' already exists (nothing is overwritten)",
                             OutDir.c_str());
  for (const std::string &F : Files) {
    if (F.empty())
      continue;
    SmallString<256> Parent(F);
    sys::fs::make_absolute(Parent);
    sys::path::remove_filename(Parent);
    if (!sys::fs::is_directory(Parent) || sys::fs::access(Parent, sys::fs::AccessMode::Write))
      return createStringError(inconvertibleErrorCode(),
                               "cannot write '%s': directory does not exist or is not writable",
                               F.c_str());
  }
  return Error::success();
}

} // namespace nvm::rewrite
