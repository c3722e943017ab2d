// The summary as JSON (for CI) and as text (for people).
#include "PortSummary.h"
#include <algorithm>
#include <tuple>

using namespace llvm;

namespace nvm::port {

static json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

/// "file:line:col" ordered by file, then numerically.
static bool byLocation(const std::string &A, const std::string &B) {
  auto Key = [](StringRef S) {
    auto [Rest, Col] = S.rsplit(':');
    auto [File, Line] = Rest.rsplit(':');
    unsigned L = 0, C = 0;
    Line.getAsInteger(10, L);
    Col.getAsInteger(10, C);
    return std::make_tuple(File.str(), L, C, S.str());
  };
  return Key(A) < Key(B);
}

void PortSummary::sort() {
  // A header's site is seen once per unit that includes it: count it once.
  for (auto &[Reason, Where] : Skipped) {
    std::sort(Where.begin(), Where.end(), byLocation);
    Where.erase(std::unique(Where.begin(), Where.end()), Where.end());
  }
  std::sort(Undecided.begin(), Undecided.end(), byLocation);
  std::sort(Warm.Skipped.begin(), Warm.Skipped.end(), byLocation);
  std::sort(PositionDependent.begin(), PositionDependent.end(), byLocation);
  PositionDependent.erase(std::unique(PositionDependent.begin(), PositionDependent.end()),
                          PositionDependent.end());
  std::sort(OutsideOperations.begin(), OutsideOperations.end(), byLocation);
  std::sort(LoadOnlyGlobals.begin(), LoadOnlyGlobals.end(), byLocation);
  std::sort(ContextSplits.begin(), ContextSplits.end(), byLocation);
  ContextSplits.erase(std::unique(ContextSplits.begin(), ContextSplits.end()), ContextSplits.end());
  OutsideOperations.erase(std::unique(OutsideOperations.begin(), OutsideOperations.end()),
                          OutsideOperations.end());
  Warm.Skipped.erase(std::unique(Warm.Skipped.begin(), Warm.Skipped.end()), Warm.Skipped.end());
}

json::Value PortSummary::toJSON() const {
  json::Object K, F, S;
  for (const auto &[Kind, N] : Kinds)
    K[Kind] = N;
  for (const auto &[File, Counts] : PerFile) {
    json::Object C;
    for (const auto &[Kind, N] : Counts)
      C[Kind] = N;
    F[File] = std::move(C);
  }
  for (const auto &[Reason, Where] : Skipped)
    S[Reason] = strings(Where);
  std::set<std::string> Restored = Warm.restored();
  json::Object W{{"load_wrappers", Warm.Wrappers},
                 {"roots", strings(std::vector<std::string>(Restored.begin(), Restored.end()))},
                 {"registered_roots", strings(std::vector<std::string>(Warm.Registered.begin(), Warm.Registered.end()))},
                 {"skipped_calls", strings(Warm.Skipped)}};
  return json::Object{{"tool", "persist-rewriter"},
                      {"edits", total()},
                      {"kinds", std::move(K)},
                      {"files", std::move(F)},
                      {"skipped", std::move(S)},
                      {"undecided_allocations", strings(Undecided)},
                      {"volatile_fields", strings(Volatile)},
                      {"warm_start", std::move(W)},
                      {"position_dependent", strings(PositionDependent)},
                      {"stores_outside_operations", strings(OutsideOperations)},
                      {"globals_only_the_load_sets", strings(LoadOnlyGlobals)},
                      {"context_split_allocations", strings(ContextSplits)},
                      {"findings", strings(Findings)},
                      {"incomplete", strings(Incomplete)}};
}

/// "Header: N[ Trailer]" and one indented line per item; nothing for an empty list.
static void printList(raw_ostream &OS, StringRef Header, const std::vector<std::string> &Items,
                      StringRef Trailer = "") {
  if (Items.empty())
    return;
  OS << Header << ": " << Items.size() << Trailer << "\n";
  for (const std::string &I : Items)
    OS << "  " << I << "\n";
}

void PortSummary::printText(raw_ostream &OS) const {
  OS << "persist-rewriter: " << total() << " edits in " << PerFile.size() << " files\n";
  for (const auto &[Kind, N] : Kinds)
    OS << "  " << Kind << ": " << N << "\n";
  for (const auto &[Reason, Where] : Skipped) {
    OS << "skipped (" << Reason << "): " << Where.size();
    if (!Where.empty())
      OS << ", first at " << Where.front();
    OS << "\n";
  }
  printList(OS, "allocation sites that could not be decided (left volatile)", Undecided);
  if (!Volatile.empty()) {
    OS << "volatile fields inside persistent types (--reinit-volatile re-initialises them):\n";
    for (const std::string &V : Volatile)
      OS << "  " << V << "\n";
  }
  if (Warm.Wrappers) {
    std::set<std::string> Restored = Warm.restored();
    OS << "warm start: " << Warm.Wrappers << " load wrapper(s) restore " << Restored.size()
       << " root(s):";
    for (const std::string &R : Restored)
      OS << " " << R << (Warm.Registered.count(R) && !Warm.Bound.count(R) ? " (at its definition)" : "");
    OS << "\n";
  }
  printList(OS, "calls skipped on a warm start (warm-skip)", Warm.Skipped);
  printList(OS, "pointers into the executable stored into persistent objects", PositionDependent,
            " (the pool is bound to this build and load address: build with -no-pie, and a "
            "warm start from another build is refused)");
  printList(OS, "stores into persistent data that no operation reaches", OutsideOperations);
  printList(OS, "globals the load sets that a warm start leaves unset", LoadOnlyGlobals);
  printList(OS, "persistent allocation sites some of whose calling contexts never store the "
                "result (left persistent in all; context-sensitive allocation would split them)",
            ContextSplits);
  for (const std::string &F : Findings)
    OS << "note: " << F << "\n";
}

} // namespace nvm::port
