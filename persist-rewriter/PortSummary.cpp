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
  return json::Object{{"tool", "persist-rewriter"},
                      {"edits", total()},
                      {"kinds", std::move(K)},
                      {"files", std::move(F)},
                      {"skipped", std::move(S)},
                      {"undecided_allocations", strings(Undecided)},
                      {"volatile_fields", strings(Volatile)},
                      {"findings", strings(Findings)},
                      {"incomplete", strings(Incomplete)}};
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
  if (!Undecided.empty()) {
    OS << "allocation sites that could not be decided (left volatile): " << Undecided.size()
       << "\n";
    for (const std::string &U : Undecided)
      OS << "  " << U << "\n";
  }
  if (!Volatile.empty()) {
    OS << "volatile fields inside persistent types (--reinit-volatile re-initialises them):\n";
    for (const std::string &V : Volatile)
      OS << "  " << V << "\n";
  }
  for (const std::string &F : Findings)
    OS << "note: " << F << "\n";
}

} // namespace nvm::port
