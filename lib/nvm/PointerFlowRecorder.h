// Records where the addresses a function body computes come from and go, and which record
// types they are used as: the facts precise mode's pool-pointer rule follows.
#ifndef NVM_POINTERFLOWRECORDER_H
#define NVM_POINTERFLOWRECORDER_H

#include "nvm/ExprCells.h"
#include "nvm/Summary.h"
#include "clang/AST/Decl.h"

namespace nvm {

/// Appends the pointer flows of Fn's body to Out, naming cells with Cells (the data-flow
/// pass has already numbered Fn's calls there, so call cells agree with FunctionSummary::Flows):
/// Flow::Store and Flow::Back edges for address values (pointers, uintptr_t), including the
/// addresses FunctionSummary::Flows leaves out (&p->f, &p[i], p->array); and Flow::Type
/// edges from a cell to "t:<record>" where the address it holds is converted to, or reaches,
/// that record.
void recordPointerFlows(const clang::FunctionDecl *Fn, ExprCells &Cells,
                        llvm::StringRef Root, std::vector<Flow> &Out);

} // namespace nvm

#endif
