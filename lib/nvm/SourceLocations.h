// Source locations as the reports print them: "file:line[:col]" relative to the source root.
#ifndef NVM_SOURCELOCATIONS_H
#define NVM_SOURCELOCATIONS_H

#include "clang/Basic/SourceManager.h"
#include <string>

namespace nvm {

/// Where Loc was expanded (macro bodies report the use site), relative to Root when inside it.
std::string locString(const clang::SourceManager &SM, clang::SourceLocation Loc,
                      llvm::StringRef Root, bool WithColumn = true);

/// The absolute, dot-free path of the file FID, or empty when FID is not a file.
std::string absolutePath(const clang::SourceManager &SM, clang::FileID FID);

/// Path made relative to Root when it lies inside it (both made absolute first).
std::string relativePath(llvm::StringRef Path, llvm::StringRef Root);

} // namespace nvm

#endif
