// Reads the persistent-types JSON into the renderer's model, refusing anything else.
#include "ReportModel.h"
#include "nvm/ReportSchema.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace nvm::report {
namespace {

Error fail(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

std::string str(const json::Object &O, StringRef Key) {
  if (auto S = O.getString(Key))
    return S->str();
  return "";
}

std::vector<std::string> strings(const json::Object &O, StringRef Key) {
  std::vector<std::string> Out;
  if (const json::Array *A = O.getArray(Key))
    for (const json::Value &V : *A)
      if (auto S = V.getAsString())
        Out.push_back(S->str());
  return Out;
}

/// Calls F on every object of the array O[Key] (other elements are ignored).
template <typename Fn> void eachObject(const json::Object &O, StringRef Key, Fn F) {
  if (const json::Array *A = O.getArray(Key))
    for (const json::Value &V : *A)
      if (const json::Object *E = V.getAsObject())
        F(*E);
}

Expected<TypeEntry> readType(const json::Object &O, StringRef Name) {
  TypeEntry T;
  T.Name = str(O, schema::Name);
  T.DefinedAt = str(O, schema::DefinedAt);
  if (T.Name.empty())
    return fail("'" + Name + "' is not a valid nvmove result: a type has no \"name\"");
  T.Kind = str(O, schema::Kind);
  T.Reason = str(O, schema::Reason);
  T.Hint = str(O, schema::VerdictHint);
  T.HintReason = str(O, schema::HintReason);
  T.HintRank = int(O.getInteger(schema::HintRank).value_or(0));
  T.DefinedUntil = unsigned(O.getInteger(schema::DefinedUntil).value_or(0));
  T.FieldsWritten = strings(O, schema::FieldsWritten);
  eachObject(O, schema::Fields, [&](const json::Object &F) {
    T.Fields.push_back({str(F, schema::Field), str(F, schema::FieldType)});
  });
  eachObject(O, schema::Provenance, [&](const json::Object &P) {
    T.Provenance.push_back({strings(P, schema::CallChain), str(P, schema::Function),
                            str(P, schema::Statement), str(P, schema::Evidence)});
  });
  return T;
}

Error readTypes(const json::Object &O, StringRef Key, StringRef Name,
                std::vector<TypeEntry> &Out) {
  const json::Array *A = O.getArray(Key);
  if (!A)
    return fail("'" + Name + "' is not a valid nvmove result: no \"" + Key + "\" array");
  for (const json::Value &V : *A) {
    const json::Object *T = V.getAsObject();
    if (!T)
      return fail("'" + Name + "' is not a valid nvmove result: \"" + Key +
                  "\" holds a non-object");
    auto E = readType(*T, Name);
    if (!E)
      return E.takeError();
    Out.push_back(std::move(*E));
  }
  return Error::success();
}

void readWalk(const json::Object &O, Report &R) {
  eachObject(O, schema::FunctionsVisited, [&](const json::Object &F) {
    R.Visited.push_back({str(F, schema::Name), str(F, schema::DefinedAt), str(F, schema::Caller),
                         str(F, schema::CallLoc)});
  });
  eachObject(O, schema::SkippedCalls, [&](const json::Object &F) {
    R.Skipped.push_back({str(F, schema::Callee), str(F, schema::Reason), str(F, schema::Caller),
                         str(F, schema::CallLoc)});
  });
  eachObject(O, schema::IndirectCalls, [&](const json::Object &F) {
    R.Indirect.push_back({str(F, schema::Caller), str(F, schema::Location),
                          str(F, schema::Expression), strings(F, schema::Targets)});
  });
  eachObject(O, schema::Warnings, [&](const json::Object &W) {
    R.Warnings.push_back({str(W, "location"), str(W, "message"), str(W, "flag")});
  });
  if (const json::Object *S = O.getObject(schema::FunctionsSkipped))
    for (const auto &[Reason, N] : *S)
      R.SkipCounts[Reason.str()] = N.getAsInteger().value_or(0);
  if (const json::Object *Src = O.getObject(schema::Sources))
    for (const auto &[File, Ranges] : *Src)
      if (const json::Array *A = Ranges.getAsArray())
        for (const json::Value &V : *A)
          if (const json::Object *Rg = V.getAsObject())
            R.Sources[File.str()].push_back(
                {unsigned(Rg->getInteger(schema::FirstLine).value_or(1)),
                 strings(*Rg, schema::Lines)});
}

} // namespace

Expected<Report> reportFromJSON(const json::Value &V, StringRef Name) {
  const json::Object *O = V.getAsObject();
  if (!O || !O->get(schema::Schema) || !O->getString(schema::Tool) ||
      !O->getString(schema::Tool)->startswith("nvmove"))
    return fail("'" + Name + "' is not an nvmove result (no \"schema\" and \"tool\" keys)");
  std::optional<int64_t> Version = O->getInteger(schema::Schema);
  if (!Version || *Version != schema::Version)
    return fail("'" + Name + "' has an unsupported schema version (" +
                (Version ? std::to_string(*Version) : std::string("not a number")) +
                "); this nvmove-report reads schema " + std::to_string(schema::Version));
  Report R;
  R.Tool = str(*O, schema::Tool);
  R.Mode = str(*O, schema::Mode);
  if (R.Mode.empty())
    return fail("'" + Name + "' is not a valid nvmove result: no \"mode\"");
  R.LoadFunctions = strings(*O, schema::LoadFunctions);
  R.TotalTypesDefined = O->getInteger(schema::TotalTypesDefined).value_or(0);
  if (Error E = readTypes(*O, schema::Types, Name, R.Types))
    return std::move(E);
  if (O->getArray(schema::TouchedNotLoaded))
    if (Error E = readTypes(*O, schema::TouchedNotLoaded, Name, R.Touched))
      return std::move(E);
  R.Incomplete = strings(*O, schema::Incomplete);
  if (const json::Object *T = O->getObject(schema::Timing))
    // Parsing happens during the walk: the time a user waited is both.
    R.AnalysisSeconds = T->getNumber("analysis_seconds").value_or(0) +
                        T->getNumber("parse_seconds").value_or(0);
  readWalk(*O, R);
  return R;
}

Expected<Report> loadReport(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return fail("cannot read '" + Path + "': " + Buf.getError().message());
  auto V = json::parse((*Buf)->getBuffer());
  if (!V)
    return fail("cannot parse '" + Path + "' as JSON: " + toString(V.takeError()));
  return reportFromJSON(*V, Path);
}

} // namespace nvm::report
