// Where a store of a run will write, computed before the run's first statement: an address
// qualifies when nothing the run does first can change what the address reads.
#ifndef PORT_RULES_RUNADDRESS_H
#define PORT_RULES_RUNADDRESS_H

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nvm::port {

/// The function a call names, its builtin and fortified forms (`__builtin_memcpy`,
/// `__builtin___memcpy_chk`) told as the function itself (`memcpy`).
llvm::StringRef plainCalleeName(llvm::StringRef Name);

/// Calls (by plainCalleeName) that write no memory: libc's comparisons and lengths, the
/// compiler's builtins that only inspect (a branch hint, `constant_p`, `object_size`), the
/// runtime's logging calls.
bool writesNoMemory(llvm::StringRef PlainName);

/// A branch hint (`__builtin_expect`, `likely()`): its value is its first argument's.
bool isBranchHint(llvm::StringRef PlainName);

/// What the statements of a run write, statement by statement: local variables, memory
/// l-values, and for a plain assignment (made whenever its statement runs, or under an `if`'s
/// condition) the stored value: it stands for a later load of that l-value (`it->next = *head;
/// if (it->next) it->next->prev = it;` logs `(*head)->prev`) or of the same field of another
/// object, when the two may be one (`(it->next == it ? it->prev : it->prev)`).
class RunWrites {
public:
  /// Adds what statement S writes; Always are the assignments S makes unconditionally,
  /// Guarded those it makes when Guard holds (`if (Guard) L = v;`).
  void add(const clang::Stmt *S, const std::vector<const clang::Expr *> &Always,
           const std::vector<const clang::Expr *> &Guarded = {},
           const clang::Expr *Guard = nullptr);
  size_t statements() const { return Count; }

  struct Write {
    size_t Stmt;               // which statement of the run
    const clang::Expr *LValue; // null: bytes no expression names (memcpy's destination)
    const clang::Expr *Value;  // of a plain `LValue = Value`, or null
    const clang::Expr *Guard;  // the condition it is made under, or null: always
  };
  const std::vector<Write> &memory() const { return Memory; }
  bool assigns(const clang::VarDecl *V, size_t UpTo) const;
  /// Local pointers found to point always into one variable (`head = &heads[id]`), or not.
  mutable std::map<const clang::VarDecl *, const clang::VarDecl *> Pointees;

private:
  size_t Count = 0;
  std::vector<Write> Memory;
  std::vector<std::pair<size_t, const clang::VarDecl *>> Locals;
};

/// The text of an expression that, evaluated before the run, has the value E has in the run's
/// statement UpTo, or nothing when the analysis cannot show one: every local E reads is neither
/// assigned by the run up to there nor has its address taken (Taken), every load is of bytes no
/// write of the run up to there may alias (or whose last such write is a plain assignment whose
/// value qualifies itself, and takes the load's place), and E has no side effects, calls or
/// volatile reads. Aliasing follows C's types: different fields of one record are apart, as are
/// fields of unrelated records, a field and an element of a global array of non-records, and
/// values of unrelated types. Own, the l-value of the store E guards, is written after E is read.
std::optional<std::string> valueBeforeRun(const clang::Expr *E, size_t UpTo,
                                          const RunWrites &W,
                                          const std::set<const clang::VarDecl *> &Taken,
                                          const clang::Expr *Own, clang::ASTContext &AC);

/// The same for the address of l-value L, whose own store does not count.
std::optional<std::string> addressBeforeRun(const clang::Expr *L, size_t UpTo,
                                            const RunWrites &W,
                                            const std::set<const clang::VarDecl *> &Taken,
                                            clang::ASTContext &AC);

} // namespace nvm::port

#endif
