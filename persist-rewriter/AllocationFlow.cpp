// Breadth-first reachability over the value-flow graph.
#include "AllocationFlow.h"

#include <algorithm>
#include "llvm/ADT/StringRef.h"
#include <deque>
#include <type_traits>

namespace nvm::port {

namespace {

/// How many levels of callers a site's calling contexts are told apart by (sdsnewlen ->
/// sdsnew -> createStringObject -> a command is four).
constexpr unsigned MaxContextDepth = 6;

/// The function a "param:<fn>#<i>" node belongs to, or empty for other nodes.
std::string paramFunction(llvm::StringRef Node) {
  if (!Node.consume_front("param:"))
    return {};
  return Node.rsplit('#').first.str();
}

} // namespace

/// What a breadth-first visit does after a node: follow its edges, not, or stop altogether.
enum class Step { Expand, Skip, Stop };

/// Visits every node reachable from Starts, breadth first, as Visit says (a bool: true stops).
template <typename Fn>
static std::set<std::string> breadthFirst(const std::map<std::string, std::set<std::string>> &Succ,
                                          std::deque<std::string> Work, Fn Visit) {
  std::set<std::string> Seen(Work.begin(), Work.end());
  while (!Work.empty()) {
    std::string N = Work.front();
    Work.pop_front();
    Step S;
    if constexpr (std::is_same_v<decltype(Visit(N)), bool>)
      S = Visit(N) ? Step::Stop : Step::Expand;
    else
      S = Visit(N);
    if (S == Step::Stop)
      break;
    if (S == Step::Skip)
      continue;
    auto It = Succ.find(N);
    if (It == Succ.end())
      continue;
    for (const std::string &S : It->second)
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  return Seen;
}

AllocationFlow::Contexts
AllocationFlow::contextsOf(const std::map<std::string, std::set<std::string>> &Succ,
                           const std::string &Start, unsigned Depth,
                           std::map<std::string, Contexts> &Memo) const {
  if (auto It = Memo.find(Start); It != Memo.end())
    return It->second;
  Contexts C;
  C.Persistent.insert(Start); // a recursive call back into Start, and the depth limit
  Memo[Start] = C;
  if (Depth == 0)
    return C;
  // What the value reaches at this call: everything but what a function it is returned from
  // hands to its other callers.
  bool Sink = false;
  std::vector<std::string> Returns;
  breadthFirst(Succ, {Start}, [&](const std::string &N) {
    llvm::StringRef Name(N);
    if (Name.startswith("P:") || Name.startswith("U:") ||
        (!paramFunction(N).empty() && !Defined.count(paramFunction(N)))) {
      Sink = true;
      return Step::Stop;
    }
    if (Name.startswith("ret:") && N != Start) {
      Returns.push_back(N);
      return Step::Skip;
    }
    return Step::Expand;
  });
  if (!Sink) {
    C.Persistent.clear();
    for (const std::string &R : Returns) {
      auto It = Succ.find(R);
      if (It == Succ.end())
        continue;
      for (const std::string &Call : It->second) {
        if (!llvm::StringRef(Call).startswith("call:")) {
          C.Persistent.insert(Call); // a return flowing elsewhere than to a call
          continue;
        }
        Contexts Sub = contextsOf(Succ, Call, Depth - 1, Memo);
        C.Persistent.insert(Sub.Persistent.begin(), Sub.Persistent.end());
        C.Volatile.insert(Sub.Volatile.begin(), Sub.Volatile.end());
      }
    }
    if (C.Persistent.empty() && C.Volatile.empty())
      C.Volatile.insert(Start); // the value ends here, stored nowhere persistent
  }
  Memo[Start] = C;
  return C;
}

AllocationFlow::Decision AllocationFlow::decide() const {
  // Resolve stores through pointers: into what the pointer holds, and into persistent memory
  // when the pointer may have been read out of (or taken the address of) a persistent object.
  std::map<std::string, std::set<std::string>> Succ = this->Succ;
  std::set<std::string> IntoPersistent =
      breadthFirst(Succ, {node::PersistentField}, [](const std::string &) { return false; });
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
  auto firstSink = [&](const std::string &Start, char Kind) {
    std::string Found;
    breadthFirst(Succ, {Start}, [&](const std::string &N) {
      if (N.size() > 2 && N[0] == Kind && N[1] == ':')
        Found = N.substr(2);
      else if (std::string Fn = paramFunction(N); Kind == 'U' && !Fn.empty() && !Defined.count(Fn))
        Found = "is passed to " + Fn + ", whose body is not in the compile database";
      return !Found.empty();
    });
    return Found;
  };

  Decision D;
  std::set<std::string> Persistent;
  std::map<std::string, std::string> Why;
  // A site in a macro definition is one site for all its expansions (one edit each): it is
  // persistent when the type of any of them says so; the flow is the site's already.
  for (const ConditionalEdit &E : Edits) {
    if (E.Site.empty() || Persistent.count(E.Site))
      continue;
    if (Why.count(E.Site)) {
      if (!E.TypedReason.empty()) {
        Why[E.Site] = E.TypedReason;
        Persistent.insert(E.Site);
      }
      continue;
    }
    std::string Reason = E.TypedReason;
    if (Reason.empty())
      if (std::string Sink = firstSink(E.Site, 'P'); !Sink.empty()) {
        if (!E.VolatileReason.empty()) {
          Why[E.Site] = "";
          D.KeptVolatile.push_back({E, E.VolatileReason + ", an excluded type; its result reaches " + Sink});
          continue;
        }
        Reason = "its result reaches " + Sink;
      }
    Why[E.Site] = Reason;
    if (!Reason.empty())
      Persistent.insert(E.Site);
  }
  D.KeptVolatile.erase(std::remove_if(D.KeptVolatile.begin(), D.KeptVolatile.end(),
                                     [&](const auto &K) { return Persistent.count(K.first.Site) > 0; }),
                      D.KeptVolatile.end());
  // Everything a persistent allocation flows to may hold a pool pointer.
  std::deque<std::string> Starts(Persistent.begin(), Persistent.end());
  Starts.push_back(node::PersistentField);
  std::set<std::string> Tainted =
      breadthFirst(Succ, Starts, [](const std::string &) { return false; });
  // Calling contexts of the sites persistent by their flow alone (a type decides for every
  // context): the calls their results end up at that never store them anywhere persistent.
  std::map<std::string, Contexts> Memo;
  std::set<std::string> SplitSeen;
  for (const ConditionalEdit &E : Edits) {
    if (E.Site.empty() || !Persistent.count(E.Site) || !E.TypedReason.empty() ||
        !SplitSeen.insert(E.Site).second)
      continue;
    Contexts C = contextsOf(Succ, E.Site, MaxContextDepth, Memo);
    // A call can end chains of both kinds (reached twice through different returns).
    for (const std::string &P : C.Persistent)
      C.Volatile.erase(P);
    if (!C.Volatile.empty() && !C.Persistent.empty())
      D.ContextSplits.push_back({E, unsigned(C.Persistent.size()), unsigned(C.Volatile.size()),
                                 *C.Volatile.begin()});
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
