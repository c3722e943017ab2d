// The persistent-types JSON as the renderer sees it: read, checked, and typed once.
#ifndef NVMOVE_REPORT_REPORTMODEL_H
#define NVMOVE_REPORT_REPORTMODEL_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <string>
#include <vector>

namespace nvm::report {

struct ProvenanceStep {
  std::vector<std::string> CallChain;
  std::string Function, Statement, Evidence;
};

struct TypeEntry {
  std::string Name, Kind, DefinedAt, Reason;
  std::string Hint, HintReason; ///< empty in touched_not_loaded and old JSON
  int HintRank = 0;
  unsigned DefinedUntil = 0; ///< 0: unknown
  std::vector<std::string> FieldsWritten;
  std::vector<std::pair<std::string, std::string>> Fields; ///< name, type
  std::vector<ProvenanceStep> Provenance;
};

struct VisitedFn {
  std::string Name, DefinedAt, Caller, CallLoc;
};
struct SkippedCall {
  std::string Name, Reason, Caller, CallLoc;
};
struct IndirectCall {
  std::string Caller, Location, Expression;
  std::vector<std::string> Targets;
};
struct Warning {
  std::string Location, Message, Flag;
};
struct SourceRange {
  unsigned FirstLine = 1;
  std::vector<std::string> Lines;
};

struct Report {
  std::string Tool, Mode;
  std::vector<std::string> LoadFunctions;
  std::vector<VisitedFn> Visited;
  std::vector<SkippedCall> Skipped;
  std::vector<IndirectCall> Indirect;
  std::map<std::string, int64_t> SkipCounts;
  int64_t TotalTypesDefined = 0;
  std::vector<TypeEntry> Types, Touched;
  std::vector<Warning> Warnings;
  std::vector<std::string> Incomplete;
  double AnalysisSeconds = 0; ///< parsing included
  std::map<std::string, std::vector<SourceRange>> Sources;
};

/// Reads and checks Path; the error says what is wrong in one line ("'x' is not an nvmove
/// result", "has schema 2", the parse error of a truncated file).
llvm::Expected<Report> loadReport(llvm::StringRef Path);

/// Checks an already parsed JSON value; Name is used in messages.
llvm::Expected<Report> reportFromJSON(const llvm::json::Value &V, llvm::StringRef Name);

} // namespace nvm::report

#endif
