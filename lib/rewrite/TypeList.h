// The persistent types a delay-injector run instruments, read from nvmove's JSON and filtered.
#ifndef NVM_REWRITE_TYPELIST_H
#define NVM_REWRITE_TYPELIST_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace nvm::rewrite {

/// Which of the listed types to leave out. Names are matched against each type's `name`, `tag`
/// and `typedef_names`; hints against its `verdict_hint` (a type without one is kept).
struct TypeFilter {
  std::vector<std::string> ExcludeHints; ///< e.g. "volatile-fields"
  std::vector<std::string> OnlyTypes;    ///< when not empty, every other type is left out
  std::vector<std::string> ExcludeTypes;
};

/// Record names ("struct node", "union u", "struct Outer::field") mapped to the JSON `name`
/// the summary counts under.
class TypeList {
public:
  /// Reads a persistent-types JSON file and applies F; an error for an unreadable file, bad
  /// JSON, a `schema` other than nvm::schema::Version, an unknown hint or a name in F that the
  /// list does not hold.
  static llvm::Expected<TypeList> load(llvm::StringRef Path, const TypeFilter &F = {});
  /// Same, from text (Origin names it in errors).
  static llvm::Expected<TypeList> parse(llvm::StringRef Text, llvm::StringRef Origin,
                                        const TypeFilter &F = {});

  /// The JSON name of RD's type, or null when RD is not persistent (or was filtered out).
  /// Records marked PMS_PERSISTENT (annotate "pms_persistent") by persist-rewriter match too.
  const std::string *match(const clang::RecordDecl *RD) const;
  /// The JSON name of RD's type when the filter left it out (a type the user ruled volatile).
  const std::string *matchExcluded(const clang::RecordDecl *RD) const;
  /// Types kept.
  size_t size() const { return Count; }
  /// Types the filter left out, by JSON name, with why: the verdict hint, "exclude-types" or
  /// "not-in-only-types".
  const std::map<std::string, std::string> &excluded() const { return Excluded; }

private:
  mutable llvm::StringMap<std::string> Marked; // marked records seen so far, by key
  llvm::StringMap<std::string> ByKey;
  llvm::StringMap<std::string> ExcludedByKey;
  static const std::string *lookup(const llvm::StringMap<std::string> &Keys,
                                   const clang::RecordDecl *RD);
  std::map<std::string, std::string> Excluded;
  size_t Count = 0;
};

} // namespace nvm::rewrite

#endif
