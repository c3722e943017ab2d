// The persistent types a delay-injector run instruments, read from nvmove's JSON.
#ifndef DELAY_TYPELIST_H
#define DELAY_TYPELIST_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <string>

namespace nvm::delay {

/// Record names ("struct node", "union u", "struct Outer::field") mapped to the JSON `name`
/// the summary counts under.
class TypeList {
public:
  /// Reads a persistent-types JSON file; an error for an unreadable file, bad JSON or a
  /// `schema` other than nvm::schema::Version.
  static llvm::Expected<TypeList> load(llvm::StringRef Path);
  /// Same, from text (Origin names it in errors).
  static llvm::Expected<TypeList> parse(llvm::StringRef Text, llvm::StringRef Origin);

  /// The JSON name of RD's type, or null when RD is not persistent.
  const std::string *match(const clang::RecordDecl *RD) const;
  size_t size() const { return Count; }

private:
  llvm::StringMap<std::string> ByKey;
  size_t Count = 0;
};

} // namespace nvm::delay

#endif
