// Precise mode's pool-pointer rule: the record types a program's pointers into persistent
// memory are used as.
#ifndef NVMOVE_POOLPOINTERRULE_H
#define NVMOVE_POOLPOINTERRULE_H

#include "Inference.h"

namespace nvm::infer {

/// The functions that hand out pool memory: lib/nvm/PoolFunctions.def plus O.PoolFunctions.
std::set<std::string> poolFunctions(const InferenceOptions &O);

/// Adds to R.Types (reason "pool-pointer") every application record that a pointer into the
/// persistent pool is converted to, or reaches an l-value of, in the functions the walk
/// visited. Pool pointers are what poolFunctions() return and the pool-base globals hold,
/// followed through locals, fields, parameters, results and address arithmetic
/// (FunctionSummary::PointerFlows). Records that only hold a pool pointer in a field are not
/// added. Types R.Types already has keep their finding.
void addPoolPointerTypes(const SummaryStore &Store, const InferenceOptions &O,
                         InferenceResult &R);

} // namespace nvm::infer

#endif
