// Read buffers: bytes the load only passes through on their way into other storage (a line an
// input call fills, an option gathered into a scratch buffer), the field pointing to them and
// the field that sizes them. Holding such a buffer keeps nothing the load built.
#include "PreciseAnalysis.h"
#include "nvm/LibraryFunctions.h"

using namespace llvm;

namespace nvm::infer {

/// The bytes K.Field points to are a read buffer: an input call fills them, or the load copies
/// loaded bytes into them (dhcpcd's get_option gathers an option's pieces into
/// ctx->opt_buffer), and the load copies or parses them into other storage (dnsmasq's fscanf
/// into daemon->dhcp_buff2). Holding the buffer keeps nothing the load built. The input may also
/// fill a local's buffer that the field is then given (memcached's restart_get_kv:
/// getline(&line, ...), then c->line = line).
bool PreciseAnalysis::isReadBuffer(unsigned N, StringRef Key, StringRef Field) const {
  const FieldInfo *F = field(Key, Field);
  if (!F)
    return false;
  // A pointer to bytes (char *, unsigned char *), not to pointers (char **).
  if (!F->PointeeRecord.empty() || !F->BytePointer)
    return false;
  auto FilledByInput = [&](unsigned M) {
    return llvm::any_of(Graph.inEdges(M), [&](unsigned E) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      return isSourceCell(Graph.name(Ed.From)) && isTainted(Ed.From);
    });
  };
  // Loaded bytes copied in, here or through a local pointer to the same bytes.
  auto FilledByCopy = [&](unsigned M) {
    return llvm::any_of(Graph.inEdges(M), [&](unsigned E) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      if (Ed.Kind == Flow::Store)
        return isTainted(Ed.From);
      return Ed.Kind == Flow::Alias && !isHeapCell(Graph.name(Ed.From)) &&
             llvm::any_of(Graph.inEdges(Ed.From), [&](unsigned S) {
               return Graph.edge(S).Kind == Flow::Store && isTainted(Graph.edge(S).From);
             });
    });
  };
  auto PassedOn = [&](unsigned M) {
    return llvm::any_of(Graph.outEdges(M), [&](unsigned E) {
      const FlowGraph::Edge &Ed = Graph.edge(E);
      return (Ed.Kind == Flow::Store || (M != N && Ed.Kind == Flow::Alias)) && Ed.To != N &&
             Ed.To != M && isTainted(Ed.To);
    });
  };
  if ((FilledByInput(N) || (FilledByCopy(N) && isScratch(N))) && PassedOn(N))
    return true;
  // The same bytes, handed over from a local's buffer (an alias, not a copy).
  return llvm::any_of(Graph.inEdges(N), [&](unsigned E) {
    const FlowGraph::Edge &Ed = Graph.edge(E);
    return Ed.Kind == Flow::Alias && !isHeapCell(Graph.name(Ed.From)) &&
           FilledByInput(Ed.From) && PassedOn(Ed.From);
  });
}

/// Whether uses-graph cell To is what a library call that only frees its argument is handed.
static bool isFreedArgument(StringRef To) {
  To.consume_front(cell::Pointee);
  if (!To.consume_back(cell::LibraryArgument) || !To.contains(cell::LibraryCall))
    return false;
  return isDeallocator(To.rsplit('@').second);
}

/// The bytes cell N stands for are a function's scratch space: every function of the program
/// that reads them also writes them (it fills them and hands them out, as get_option returns
/// ctx->opt_buffer), so no reader sees what an earlier call left there. Bytes that other code
/// reads later through the field (a key kept for later checks) are kept.
bool PreciseAnalysis::isScratch(unsigned N) const {
  auto P = Program.find(Graph.name(N));
  if (!P)
    return false;
  // A function writes the bytes when it stores into them, or into a pointer of its own to them
  // (`bp = ctx->opt_buffer; memcpy(bp, ...)`); handing them to a callee that reads them is no
  // write.
  std::set<int> Writers;
  for (unsigned E : Program.inEdges(*P)) {
    const FlowGraph::Edge &Ed = Program.edge(E);
    if (Ed.Kind == Flow::Store ||
        (Ed.Kind == Flow::Alias && llvm::any_of(Program.inEdges(Ed.From), [&](unsigned S) {
           return Program.edge(S).Kind == Flow::Store;
         })))
      Writers.insert(Ed.Function);
  }
  return llvm::all_of(Program.outEdges(*P), [&](unsigned E) {
    int F = Program.edge(E).Function;
    return (F >= 0 && Writers.count(F)) || isFreedArgument(Program.name(Program.edge(E).To));
  });
}

/// K.Field only sizes a read buffer of K: every loaded value stored into it is also the size
/// of the allocation that a field of K pointing to a read buffer is given
/// (`nb = realloc(ctx->opt_buffer, bl + l); ctx->opt_buffer = nb; ctx->opt_buffer_len = bl + l;`).
bool PreciseAnalysis::isReadBufferCapacity(unsigned N, StringRef Key) const {
  // The read-buffer fields of K that the result of the allocation sized by cell Size reaches
  // through the allocating function's locals.
  auto SizesReadBuffer = [&](unsigned Size) {
    StringRef Name = Graph.name(Size);
    size_t Mark = Name.find(cell::QualifiedAllocationSize);
    if (Mark == StringRef::npos)
      return false;
    auto Result = Graph.find((Name.take_front(Mark + 1) +
                              Name.drop_front(Mark + cell::QualifiedAllocationSize.size()))
                                 .str());
    if (!Result)
      return false;
    std::vector<int> P = Graph.reachIf(
        {*Result}, false,
        [](const FlowGraph::Edge &E) { return E.Kind == Flow::Store || E.Kind == Flow::Alias; },
        [&](unsigned M) { return !isHeapCell(Graph.name(M)); });
    for (unsigned M = 0; M < Graph.size(); ++M) {
      if (P[M] == -2)
        continue;
      auto [K, B] = fieldOfCell(Graph.name(M));
      if (K != Key)
        continue;
      auto Bytes = Graph.find(cell::pointee(Graph.name(M)));
      if (Bytes && isTainted(*Bytes) && isReadBuffer(*Bytes, K, B))
        return true;
    }
    return false;
  };
  bool Any = false;
  for (unsigned E : Graph.inEdges(N)) {
    const FlowGraph::Edge &S = Graph.edge(E);
    if (!isKept(S.From))
      continue;
    Any = true;
    if (llvm::none_of(Graph.outEdges(S.From), [&](unsigned O) {
          return SizesReadBuffer(Graph.edge(O).To);
        }))
      return false;
  }
  return Any;
}

bool PreciseAnalysis::isReadBufferCell(unsigned N) const {
  StringRef Cell = Graph.name(N);
  auto [Key, Field] = fieldOfCell(Cell);
  if (Key.empty() || Field.empty())
    return false;
  if (Cell.startswith(cell::Pointee))
    return isReadBuffer(N, Key, Field);
  // The pointer to the buffer (given a fresh buffer sized from loaded lengths) or its capacity.
  auto Bytes = Graph.find(cell::pointee(Cell));
  return (Bytes && isTainted(*Bytes) && isReadBuffer(*Bytes, Key, Field)) ||
         isReadBufferCapacity(N, Key);
}

} // namespace nvm::infer
