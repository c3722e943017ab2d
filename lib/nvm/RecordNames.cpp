// Record identity: the one place that decides how a struct or union is named and keyed.
#include "nvm/RecordNames.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nvm {

const RecordDecl *recordOf(QualType T) {
  for (int Depth = 0; !T.isNull() && Depth < 16; ++Depth) {
    T = T.getCanonicalType();
    if (const auto *RT = T->getAs<RecordType>())
      return RT->getDecl()->getDefinition() ? RT->getDecl()->getDefinition() : RT->getDecl();
    if (T->isPointerType())
      T = T->getPointeeType();
    else if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    else
      return nullptr;
  }
  return nullptr;
}

const RecordDecl *pointeeRecordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getCanonicalType();
  QualType P;
  if (T->isPointerType())
    P = T->getPointeeType();
  else if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    P = AT->getElementType();
  else
    return nullptr;
  if (const auto *RT = P.getCanonicalType()->getAs<RecordType>())
    return RT->getDecl()->getDefinition() ? RT->getDecl()->getDefinition() : RT->getDecl();
  return nullptr;
}

std::string typedefNameOf(const RecordDecl *RD) {
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getName().str();
  return {};
}

/// A digest of RD's layout (field names and types). C lets every TU define its own copy of a
/// struct, and identical copies are one type; but two programs linked into one binary may
/// define different records under one tag (Redis' and its bundled hiredis' dictEntry).
static std::string layoutDigest(const RecordDecl *RD) {
  const RecordDecl *Def = RD->getDefinition() ? RD->getDefinition() : RD;
  std::string Layout;
  for (const FieldDecl *F : Def->fields())
    Layout += F->getName().str() + ":" + F->getType().getAsString() + ";";
  return llvm::utohexstr(llvm::xxHash64(Layout), /*LowerCase=*/true).substr(0, 8);
}

std::string recordKey(const RecordDecl *RD) {
  std::string Kind = RD->isUnion() ? "union" : "struct";
  if (!RD->getName().empty())
    return Kind + " " + RD->getName().str() + "@" + layoutDigest(RD);
  std::string TD = typedefNameOf(RD);
  if (!TD.empty())
    return Kind + " " + TD + "@" + layoutDigest(RD);
  // An anonymous member record is named by the field that holds it.
  if (const auto *Outer = dyn_cast<RecordDecl>(RD->getDeclContext()))
    for (const FieldDecl *F : Outer->fields())
      if (recordOf(F->getType()) == RD)
        return recordKey(Outer) + "::" + (F->getName().empty() ? "(anonymous)" : F->getName().str());
  const SourceManager &SM = RD->getASTContext().getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(RD->getLocation()));
  return Kind + " (anonymous at " + (P.isValid() ? std::string(P.getFilename()) + ":" +
                                                    std::to_string(P.getLine())
                                              : std::string("?")) + ")";
}

std::string displayKey(llvm::StringRef Key) {
  std::string Out;
  // Drop every "@path" part (the outer key of an anonymous member record has one too).
  while (!Key.empty()) {
    size_t At = Key.find('@');
    Out += Key.substr(0, At).str();
    if (At == llvm::StringRef::npos)
      break;
    size_t End = Key.find("::", At);
    Key = End == llvm::StringRef::npos ? llvm::StringRef() : Key.substr(End);
  }
  return Out;
}

bool isRawPointer(QualType T) {
  if (T.isNull())
    return false;
  T = T.getCanonicalType();
  if (!T->isPointerType())
    return false;
  QualType P = T->getPointeeType().getCanonicalType();
  return !P->isRecordType() && !P->isFunctionType();
}

bool isVoidPointer(QualType T) {
  if (T.isNull())
    return false;
  T = T.getCanonicalType();
  return T->isPointerType() && T->getPointeeType()->isVoidType();
}

} // namespace nvm
