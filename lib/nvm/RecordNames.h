// Names and identity of user-defined record types as the analysis sees them through
// pointers, arrays, typedefs and qualifiers.
#ifndef NVM_RECORDNAMES_H
#define NVM_RECORDNAMES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include <string>

namespace nvm {

/// The record a type denotes, looking through typedefs, qualifiers, pointers and arrays;
/// null when it is not a struct or union.
const clang::RecordDecl *recordOf(clang::QualType T);

/// The record a pointer or array type points to (one level), or null.
const clang::RecordDecl *pointeeRecordOf(clang::QualType T);

/// Stable identity of a record across TUs: "struct tag@<layout digest>", "struct <typedef>@<digest>"
/// for an anonymous typedef'd record, "<outer key>::<field>" for an anonymous member record.
std::string recordKey(const clang::RecordDecl *RD);

/// A record key as people write it: "struct dictEntry@1f2e3d4c" -> "struct dictEntry".
std::string displayKey(llvm::StringRef Key);

/// The typedef name that names an anonymous record, or empty.
std::string typedefNameOf(const clang::RecordDecl *RD);

/// True if T is a pointer whose pointee is not a record (char *, void *, int *, ...).
bool isRawPointer(clang::QualType T);

/// True if T is void * (possibly qualified).
bool isVoidPointer(clang::QualType T);

} // namespace nvm

#endif
