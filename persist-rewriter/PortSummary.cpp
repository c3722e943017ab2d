// The summary as JSON (for CI) and as text (for people).
#include "PortSummary.h"

using namespace llvm;

namespace nvm::port {

static json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
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
    OS << "volatile fields inside persistent types:\n";
    for (const std::string &V : Volatile)
      OS << "  " << V << "\n";
  }
  for (const std::string &F : Findings)
    OS << "note: " << F << "\n";
}

} // namespace nvm::port
