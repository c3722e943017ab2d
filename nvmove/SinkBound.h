// Sink awareness: which cells of the flow graph hold data that only ever goes out of the program.
#ifndef NVMOVE_SINKBOUND_H
#define NVMOVE_SINKBOUND_H

#include "FlowGraph.h"

namespace nvm::infer {

/// For each node: true when every use of its data, followed through locals, parameters,
/// results, fields and globals, ends in output (a message, a log line, a write to a file or a
/// socket: the "OUTPUT" and "SINK" cells). A cell with no use at all is not sink-bound: data
/// nobody reads during the load is exactly what a load leaves behind.
std::vector<bool> sinkBoundCells(const FlowGraph &G);

/// The data flow of every function given, calls wired context-insensitively, calls through
/// pointers escaping (ProgramUses.cpp).
FlowGraph programUses(const std::vector<const FunctionSummary *> &Fns);

} // namespace nvm::infer

#endif
