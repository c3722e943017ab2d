// Breadth-first reachability over the value-flow graph.
#include "AllocationFlow.h"
#include "llvm/ADT/StringRef.h"
#include <deque>

namespace nvm::port {

namespace {

/// The function a "param:<fn>#<i>" node belongs to, or empty for other nodes.
std::string paramFunction(llvm::StringRef Node) {
  if (!Node.consume_front("param:"))
    return {};
  return Node.rsplit('#').first.str();
}

} // namespace

/// Everything reachable from Start.
static std::set<std::string> reach(const std::map<std::string, std::set<std::string>> &Succ,
                                   const std::string &Start) {
  std::set<std::string> Seen{Start};
  std::deque<std::string> Work{Start};
  while (!Work.empty()) {
    std::string N = Work.front();
    Work.pop_front();
    auto It = Succ.find(N);
    if (It == Succ.end())
      continue;
    for (const std::string &S : It->second)
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  return Seen;
}

AllocationFlow::Decision AllocationFlow::decide() const {
  // Resolve stores through pointers: into what the pointer holds, and into persistent memory
  // when the pointer may have been read out of (or taken the address of) a persistent object.
  std::map<std::string, std::set<std::string>> Succ = this->Succ;
  std::set<std::string> IntoPersistent = reach(Succ, node::PersistentField);
  std::vector<std::string> Through;
  for (const auto &[From, Tos] : Succ)
    for (const std::string &To : Tos)
      if (llvm::StringRef(To).startswith(node::ThroughPrefix))
        Through.push_back(To);
  for (const std::string &T : Through) {
    std::string Target = T.substr(sizeof(node::ThroughPrefix) - 1);
    Succ[T].insert(Target);
    if (IntoPersistent.count(Target))
      Succ[T].insert("P:stored through " + Target + ", which may point into a persistent object");
  }

  // The first sink each value reaches, found breadth-first; "" when none.
  auto firstSink = [&](const std::string &Start, char Kind) -> std::string {
    std::deque<std::string> Work{Start};
    std::set<std::string> Seen{Start};
    while (!Work.empty()) {
      std::string N = Work.front();
      Work.pop_front();
      if (N.size() > 2 && N[0] == Kind && N[1] == ':')
        return N.substr(2);
      if (Kind == 'U')
        if (std::string Fn = paramFunction(N); !Fn.empty() && !Defined.count(Fn))
          return "passed to " + Fn + ", whose body is not in the compile database";
      auto It = Succ.find(N);
      if (It == Succ.end())
        continue;
      for (const std::string &S : It->second)
        if (Seen.insert(S).second)
          Work.push_back(S);
    }
    return {};
  };

  Decision D;
  std::set<std::string> Persistent, Tainted{node::PersistentField};
  std::map<std::string, std::string> Why;
  for (const ConditionalEdit &E : Edits) {
    if (E.Site.empty() || Persistent.count(E.Site) || Why.count(E.Site))
      continue;
    std::string Reason = E.TypedReason;
    if (Reason.empty())
      if (std::string Sink = firstSink(E.Site, 'P'); !Sink.empty())
        Reason = "its result reaches " + Sink;
    Why[E.Site] = Reason;
    if (!Reason.empty())
      Persistent.insert(E.Site);
  }
  // Everything a persistent allocation flows to may hold a pool pointer.
  Tainted.insert(Persistent.begin(), Persistent.end());
  std::deque<std::string> Work(Tainted.begin(), Tainted.end());
  while (!Work.empty()) {
    std::string N = Work.front();
    Work.pop_front();
    auto It = Succ.find(N);
    if (It == Succ.end())
      continue;
    for (const std::string &S : It->second)
      if (Tainted.insert(S).second)
        Work.push_back(S);
  }
  for (const ConditionalEdit &E : Edits) {
    if (!E.Site.empty()) {
      if (Persistent.count(E.Site))
        D.Apply.push_back({E, Why[E.Site]});
      else if (std::string U = firstSink(E.Site, 'U'); !U.empty())
        D.Undecided.push_back({E, U});
      continue;
    }
    if (!E.UnlessSite.empty() && Persistent.count(E.UnlessSite))
      continue;
    if (!E.TypedReason.empty()) {
      D.Apply.push_back({E, E.TypedReason});
      continue;
    }
    for (const std::string &V : E.Values)
      if (Tainted.count(V)) {
        D.Apply.push_back({E, V == node::PersistentField
                                  ? "it acts on a pointer read from a persistent object"
                                  : "it acts on " + V + ", which may hold a persistent allocation"});
        break;
      }
  }
  return D;
}

} // namespace nvm::port
