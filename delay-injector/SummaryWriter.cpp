// The summary as JSON and as text.
#include "SummaryWriter.h"
#include "nvm/ReportSchema.h"
#include "nvm/SourceLocations.h"
#include "nvm/Version.h"

using namespace llvm;

namespace nvm::delay {

static unsigned total(const std::map<std::string, unsigned> &M) {
  unsigned N = 0;
  for (const auto &[K, V] : M)
    N += V;
  return N;
}

json::Value summaryJSON(const InjectResult &R, StringRef Root) {
  json::Object Files, Types, Skipped, Excluded;
  unsigned Sites = 0;
  for (const auto &[F, C] : R.Sink.fileCounts()) {
    Files[relativePath(F, Root)] = json::Object{{"sites", C.Sites}, {"reads", C.Reads}, {"writes", C.Writes}};
    Sites += C.Sites;
  }
  for (const auto &[T, N] : R.Sink.typeCounts())
    Types[T] = N;
  for (const auto &[Why, N] : R.Sink.skipped())
    Skipped[Why] = N;
  for (const auto &[T, Why] : R.ExcludedTypes)
    Excluded[T] = Why;
  json::Array Incomplete;
  for (const std::string &I : R.Incomplete)
    Incomplete.push_back(I);
  return json::Object{{schema::Schema, schema::Version},
                      {schema::Tool, "delay-injector " NVM_VERSION},
                      {"sites", Sites},
                      {"excluded_types", std::move(Excluded)},
                      {"files", std::move(Files)},
                      {schema::Types, std::move(Types)},
                      {"skipped", std::move(Skipped)},
                      {"skipped_total", total(R.Sink.skipped())},
                      {schema::Incomplete, std::move(Incomplete)}};
}

void writeSummaryText(raw_ostream &OS, const InjectResult &R, StringRef Root) {
  unsigned Sites = 0;
  for (const auto &[F, C] : R.Sink.fileCounts())
    Sites += C.Sites;
  OS << "delay-injector: " << Sites << " sites instrumented in " << R.Sink.fileCounts().size()
     << " files, " << total(R.Sink.skipped()) << " skipped\n";
  for (const auto &[F, C] : R.Sink.fileCounts())
    OS << "  file " << relativePath(F, Root) << ": " << C.Sites << " sites (" << C.Reads
       << " reads, " << C.Writes << " writes)\n";
  for (const auto &[T, N] : R.Sink.typeCounts())
    OS << "  type " << T << ": " << N << " sites\n";
  for (const auto &[Why, N] : R.Sink.skipped())
    OS << "  skipped " << Why << ": " << N << "\n";
  for (const auto &[T, Why] : R.ExcludedTypes)
    OS << "  excluded type " << T << ": " << Why << "\n";
}

} // namespace nvm::delay
