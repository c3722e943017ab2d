// Lesson 1 of Persistent Memcached: persistence is contagious. A whole-program value-flow graph
// over named nodes decides which allocation sites must be persistent: those whose result can
// reach a pointer field (or any storage) of a persistent object, directly, through locals,
// through returns and parameters across functions, or through fields of volatile records.
#ifndef PORT_ALLOCATIONFLOW_H
#define PORT_ALLOCATIONFLOW_H

#include "clang/Tooling/Core/Replacement.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nvm::port {

/// Node names. Sinks: "P:<why>" storage in a persistent object; "U:<why>" a flow the analysis
/// cannot follow. Values: "alloc:<site>", "var:<fn>:<var>", "param:<fn>#<i>", "ret:<fn>",
/// "call:<fn>@<where>" (one call's result, fed by "ret:<fn>"),
/// "global:<name>", "field:<record>.<field>", and "pfield" (a pointer read out of a persistent
/// object: it already points into the pool).
namespace node {
inline const char PersistentField[] = "pfield";
/// "through:<node>": storage reached through the pointer values of <node>. It is what <node>
/// points to; and it is persistent when <node> may hold a pointer read from a persistent object.
inline const char ThroughPrefix[] = "through:";
} // namespace node

/// An edit that applies only when the flow analysis says so.
struct ConditionalEdit {
  std::vector<clang::tooling::Replacement> Edits; // all or nothing
  std::string Kind;  // summary counter ("allocation", "free", ...)
  std::string Where; // file:line:col
  /// Allocation sites: the site's own node. Other edits: the nodes of the value they act on;
  /// the edit applies when one of them may hold a persistent allocation.
  std::string Site;
  std::vector<std::string> Values;
  /// An allocation site whose own persistence makes this edit moot (a dispatching realloc).
  std::string UnlessSite;
  /// Set when the type alone decides (sized by, cast to or assigned to a persistent type).
  std::string TypedReason;
  /// Allocation sites of a type the user excluded (same evidence): they stay volatile.
  std::string VolatileReason;
};

class AllocationFlow {
public:
  void edge(const std::string &From, const std::string &To) {
    if (From != To)
      Succ[From].insert(To);
  }
  void defined(const std::string &Fn) { Defined.insert(Fn); }
  void add(ConditionalEdit E) { Edits.push_back(std::move(E)); }

  struct Decision {
    std::vector<std::pair<ConditionalEdit, std::string>> Apply;     // edit, why
    std::vector<std::pair<ConditionalEdit, std::string>> Undecided; // allocation, why not
    /// Sites of excluded types kept volatile although their result reaches persistent storage.
    std::vector<std::pair<ConditionalEdit, std::string>> KeptVolatile; // allocation, the sink
    /// Persistent sites whose result reaches persistent storage only through some of the calls
    /// of the functions that return it: context-sensitive allocation would split them.
    struct Split {
      ConditionalEdit Site;
      unsigned PersistentCalls = 0, VolatileCalls = 0;
      std::string VolatileCall; ///< one call whose result never reaches persistent storage
    };
    std::vector<Split> ContextSplits;
  };
  /// Solves the graph: allocation sites that reach a persistent sink are persistent; the values
  /// they reach are "tainted"; the other edits apply when they act on a tainted value.
  Decision decide() const;

private:
  /// The calls where the value at Start ends up: following it back through the calls of each
  /// function that returns it (and theirs, up to Depth levels), the last call of each chain.
  /// Persistent: there it reaches persistent storage, an unknown flow or the depth limit.
  struct Contexts {
    std::set<std::string> Persistent, Volatile;
  };
  Contexts contextsOf(const std::map<std::string, std::set<std::string>> &Succ,
                      const std::string &Start, unsigned Depth,
                      std::map<std::string, Contexts> &Memo) const;

  std::map<std::string, std::set<std::string>> Succ;
  std::set<std::string> Defined; // functions with a body (others' parameters are unknown sinks)
  std::vector<ConditionalEdit> Edits;
};

} // namespace nvm::port

#endif
