// Which expressions denote storage inside a persistent record, and whether they are evaluated.
#ifndef NVM_REWRITE_PERSISTENTACCESS_H
#define NVM_REWRITE_PERSISTENTACCESS_H

#include "rewrite/TypeList.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace nvm::rewrite {

/// The persistent record whose storage the l-value L lies in: an object of a persistent type,
/// a member reached through one (`p->f`, `s.f`, `p->a.b`), a dereference of a pointer to one
/// (`*p`, `p[i]`), or an element of an array member (`p->buf[i]`). Null otherwise.
const clang::RecordDecl *persistentRecord(const clang::Expr *L, const TypeList &Types);

/// The persistent record a pointer argument of memcpy and friends points into: a pointer to a
/// persistent record, an array member of one, or `&L` of a persistent l-value. Null otherwise.
const clang::RecordDecl *pointedRecord(const clang::Expr *Arg, const TypeList &Types);

/// Why E is not executed code: "unevaluated" (sizeof, _Alignof, typeof, _Generic's controlling
/// operand), "outside-function" (file-scope initialisers), or empty when it is executed.
llvm::StringRef unexecutedReason(const clang::Expr *E, clang::ASTContext &Ctx);

} // namespace nvm::rewrite

#endif
