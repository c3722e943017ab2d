// Globals the load writes that code outside the load reads: state a warm start, which skips
// the load, must restore or set up again (counters, a container of all queues, a default
// queue), whether or not they lead to a persistent type.
#ifndef NVMOVE_LOADGLOBALS_H
#define NVMOVE_LOADGLOBALS_H

#include "Inference.h"
#include "nvm/SummaryStore.h"

namespace nvm::infer {

struct LoadGlobal {
  std::string Global;               ///< the global's name
  std::string WrittenAt;            ///< the first store the load makes into it
  std::vector<std::string> ReadBy;  ///< functions outside the load that read it (up to 3)
  bool Root = false;                ///< already one of the roots
};

/// The globals the visited functions store into that unvisited functions read.
std::vector<LoadGlobal> loadGlobals(const InferenceResult &R, const SummaryStore &Store);

} // namespace nvm::infer

#endif
