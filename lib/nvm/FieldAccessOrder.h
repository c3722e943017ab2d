// Where a function body first reads and first writes each field it touches, in source order:
// precise mode asks whether a function rebuilds storage before it reads it back.
#ifndef NVM_FIELDACCESSORDER_H
#define NVM_FIELDACCESSORDER_H

#include "nvm/Summary.h"
#include "clang/AST/Decl.h"

namespace nvm {

/// The first read and first write of every field cell the body of Fn names.
std::vector<FieldOrder> fieldAccessOrder(const clang::FunctionDecl *Fn);

} // namespace nvm

#endif
