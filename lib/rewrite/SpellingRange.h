// Where an expression is spelled in a file, for tools that edit around it.
#ifndef NVM_REWRITE_SPELLINGRANGE_H
#define NVM_REWRITE_SPELLINGRANGE_H

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace nvm::rewrite {

/// The file range that spells E: E must begin and end in one file, outside macros or at the
/// very start and end of a macro use (then the whole use is E's spelling). Inside a macro
/// argument or body there is none: the macro may evaluate an argument twice, or take its
/// address. Invalid otherwise.
clang::CharSourceRange spellingRange(const clang::Expr *E, const clang::SourceManager &SM,
                                     const clang::LangOptions &LO);

} // namespace nvm::rewrite

#endif
