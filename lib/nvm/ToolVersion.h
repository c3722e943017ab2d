// The --version line every tool of the project prints, from the one configured version.
#ifndef NVM_TOOLVERSION_H
#define NVM_TOOLVERSION_H

#include "nvm/Version.h"
#include "llvm/Support/raw_ostream.h"

namespace nvm {

/// "<tool> X.Y.Z (git <rev>), built with LLVM 16.x".
inline void printToolVersion(llvm::raw_ostream &OS, llvm::StringRef Tool) {
  OS << Tool << " " NVM_VERSION " (git " NVM_GIT_REV "), built with LLVM " NVM_LLVM_VERSION "\n";
}

} // namespace nvm

#endif
