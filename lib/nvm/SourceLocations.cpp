// Formatting of source locations relative to the analysed project's root.
#include "nvm/SourceLocations.h"
#include "clang/Basic/FileManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace nvm {

std::string absolutePath(const clang::SourceManager &SM, clang::FileID FID) {
  clang::OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return {};
  SmallString<256> P(FE->getName());
  SM.getFileManager().makeAbsolutePath(P);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

std::string relativePath(StringRef Path, StringRef Root) {
  SmallString<256> Abs(Path);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (Root.empty())
    return std::string(Abs);
  SmallString<256> R(Root);
  sys::path::remove_dots(R, true);
  StringRef A = Abs;
  if (A.consume_front(R) && (A.empty() || sys::path::is_separator(A.front())))
    return A.ltrim('/').str();
  return std::string(Abs);
}

std::string locString(const clang::SourceManager &SM, clang::SourceLocation Loc, StringRef Root,
                      bool WithColumn) {
  if (Loc.isInvalid())
    return "<unknown>";
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  // A compile command's file name is relative to its own directory ("stubs.c" under apps/):
  // made absolute first, locations of different directories stay apart.
  SmallString<256> File(P.getFilename());
  if (!Root.empty())
    SM.getFileManager().makeAbsolutePath(File);
  std::string S = relativePath(File, Root) + ":" + std::to_string(P.getLine());
  if (WithColumn)
    S += ":" + std::to_string(P.getColumn());
  return S;
}

} // namespace nvm
