// nvmove command line: parses options, runs the analysis, writes the report, picks the exit code.
#include "Inference.h"
#include "ReportWriter.h"
#include "report/HtmlReport.h"
#include "report/SarifWriter.h"
#include "nvm/CellNames.h"
#include "nvm/CompileDatabase.h"
#include "nvm/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <set>

using namespace llvm;
using namespace nvm;

static cl::OptionCategory Category("nvmove options");

static cl::opt<std::string> BuildPath("p", cl::desc("Directory holding compile_commands.json (or the file itself)"),
                                      cl::value_desc("dir"), cl::Required, cl::cat(Category));
static cl::list<std::string> LoadFunctions("load-function",
                                           cl::desc("A function that rebuilds in-memory state from storage at start-up (repeatable)"),
                                           cl::value_desc("name"), cl::OneOrMore, cl::cat(Category));
static cl::list<std::string> Sources(cl::Positional, cl::desc("[source files ...]"), cl::cat(Category));
static cl::opt<infer::Mode> AnalysisMode(
    "mode", cl::desc("Analysis mode"), cl::init(infer::Mode::Precise),
    cl::values(clEnumValN(infer::Mode::Precise, "precise", "loaded data and what it becomes reachable from (default)"),
               clEnumValN(infer::Mode::Paper, "paper", "the NVMOVE paper's walk: every record type assigned"),
               clEnumValN(infer::Mode::Backtrack, "backtrack", "back-track from write/fwrite/pwrite to serialized types")),
    cl::cat(Category));
enum class Format { Text, Json, Sarif };
static cl::opt<Format> OutputFormat("format", cl::desc("Output format"), cl::init(Format::Text),
                                    cl::values(clEnumValN(Format::Text, "text", "human-readable summary"),
                                               clEnumValN(Format::Json, "json", "the persistent-types JSON (schema 1)"),
                                               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0 for code-scanning tools")),
                                    cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::desc("Write the result to this file instead of stdout"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> SkipTrivial("skip-trivial-signatures", cl::init(true),
                                 cl::desc("Optimization (a): do not enter functions without pointer or non-builtin parameters"),
                                 cl::cat(Category));
static cl::opt<bool> LibcCopies("libc-copies-assign", cl::init(true),
                                cl::desc("Optimization (b): treat memcpy/strcpy/sprintf/... as assignments to their destination"),
                                cl::cat(Category));
static cl::opt<bool> SkipLibrary("skip-library-bodies", cl::init(true),
                                 cl::desc("Optimization (c): do not descend into function bodies from system headers"),
                                 cl::cat(Category));
static cl::opt<bool> EachOnce("each-body-once", cl::init(true),
                              cl::desc("Optimization (d): analyse each function body once (otherwise once per call site)"),
                              cl::cat(Category));
static cl::opt<bool> UnknownReads("unknown-calls-read", cl::init(true),
                                  cl::desc("Precise mode: a call through a pointer that cannot be followed may fill its buffer arguments"),
                                  cl::cat(Category));
static cl::opt<bool> OwnInput("own-input-only", cl::init(true), cl::Hidden,
                              cl::desc("Precise mode: only reads from the load's own input (its parameters, the files it opens, handles derived from them) are loaded data"),
                              cl::cat(Category));
static cl::opt<bool> PerSiteWrites("per-site-writes", cl::init(true), cl::Hidden,
                                   cl::desc("Precise mode: what a callee writes through a pointer parameter reaches each caller from that caller's own arguments"),
                                   cl::cat(Category));
enum class HeapKind { Fields, Sites };
static cl::opt<HeapKind> Heap("heap", cl::init(HeapKind::Fields),
                              cl::desc("Precise mode: how heap objects are told apart"),
                              cl::values(clEnumValN(HeapKind::Fields, "fields", "one cell per record field for every object (default)"),
                                         clEnumValN(HeapKind::Sites, "sites", "field cells per allocation site (the wrapper's caller for allocation wrappers), by a points-to analysis; pointers it cannot follow read the record's cell")),
                              cl::cat(Category));
static cl::opt<std::string> TraceCell(
    "trace-cell", cl::value_desc("text"),
    cl::desc("Precise mode: print on stderr every step loaded data takes to each flow-graph cell "
             "whose name holds this text (why a field counts as loaded; cell names: "
             "lib/nvm/CellNames.h)"),
    cl::cat(Category));
static cl::list<std::string> PoolFunctions("pool-function",
                                           cl::desc("Precise mode: a function that returns a pointer into persistent memory, besides the runtime's (repeatable)"),
                                           cl::value_desc("name"), cl::cat(Category));
static cl::opt<bool> FollowCallbacks("follow-callbacks", cl::init(false),
                                     cl::desc("Follow calls through struct fields and globals to every function whose address is stored there, and calls through parameters to the functions the walk's calls pass there"),
                                     cl::cat(Category));
static cl::opt<bool> AllTUs("all-tus", cl::desc("Parse every TU, not only those the walk needs (exact total of types defined)"),
                            cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Parse this many TUs in parallel (default: one per core)"),
                              cl::init(0), cl::cat(Category));
static cl::opt<std::string> CacheDir("cache-dir", cl::desc("Where per-TU summaries are cached (default: ~/.cache/nvmove)"),
                                     cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> NoCache("no-cache", cl::desc("Neither read nor write the summary cache"), cl::cat(Category));
static cl::opt<std::string> RootDir("root", cl::desc("Print paths relative to this directory (default: the compile database's)"),
                                    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> HtmlDir("html", cl::desc("Also write the HTML report into this directory"),
                                    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> Force("force", cl::desc("Let --html overwrite an existing, non-empty directory"),
                           cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("Do not report parsing progress on stderr"), cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Exit codes:
  0  success
  1  error: no result, or a result that cannot be trusted
  2  completed, but some translation units did not parse: results may be incomplete

Example:
  nvmove -p build/redis --load-function=rdbLoad --format=json -o types.json
)");

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "nvmove") << Msg << "\n";
  return 1;
}

static std::string defaultCacheDir() {
  SmallString<256> Dir;
  if (auto X = sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty())
    Dir = *X;
  else if (!sys::path::home_directory(Dir))
    return {};
  else
    sys::path::append(Dir, ".cache");
  sys::path::append(Dir, "nvmove");
  return std::string(Dir);
}

/// The checks on -o that can be made before any work is done.
static std::optional<std::string> outputProblem() {
  if (OutputFile.empty())
    return std::nullopt;
  SmallString<256> Parent(OutputFile);
  sys::fs::make_absolute(Parent);
  sys::path::remove_filename(Parent);
  if (!sys::fs::is_directory(Parent) || sys::fs::access(Parent, sys::fs::AccessMode::Write))
    return "cannot write output '" + OutputFile + "': directory does not exist or is not writable";
  if (sys::fs::is_directory(OutputFile))
    return "cannot write output '" + OutputFile + "': it is a directory";
  return std::nullopt;
}

static StoreOptions storeOptions() {
  StoreOptions SO;
  SmallString<256> Root(RootDir.empty() ? std::string(BuildPath) : std::string(RootDir));
  sys::fs::make_absolute(Root);
  if (!sys::fs::is_directory(Root))
    sys::path::remove_filename(Root);
  SO.Root = std::string(Root);
  SO.CacheDir = NoCache ? "" : CacheDir.empty() ? defaultCacheDir() : std::string(CacheDir);
  SO.Jobs = Jobs;
  SO.Progress = !Quiet;
  return SO;
}

static infer::InferenceOptions inferenceOptions() {
  infer::InferenceOptions IO;
  IO.AnalysisMode = AnalysisMode;
  IO.Walk.SkipTrivialSignatures = SkipTrivial;
  IO.Walk.SkipLibraryBodies = SkipLibrary;
  IO.Walk.EachBodyOnce = EachOnce;
  IO.Walk.FollowFieldCallbacks = FollowCallbacks;
  IO.LibcCopiesAssign = LibcCopies;
  IO.UnknownCallsRead = UnknownReads;
  IO.OwnInputOnly = OwnInput;
  IO.PerSiteWrites = PerSiteWrites;
  IO.HeapSites = Heap == HeapKind::Sites;
  IO.PoolFunctions.assign(PoolFunctions.begin(), PoolFunctions.end());
  IO.TraceCell = TraceCell;
  IO.TraceOut = &errs();
  IO.AllTranslationUnits = AllTUs;
  return IO;
}

/// Findings in source go to stderr as diagnostics too (they are in the JSON as well).
static void printDiagnostics(const infer::InferenceResult &R) {
  for (const WalkWarning &W : R.Walk.Warnings) {
    errs() << W.Loc << ": ";
    WithColor::warning(errs(), "") << W.Message << " [" << W.Flag << "]\n";
  }
  for (const std::string &TU : R.IncompleteTUs)
    WithColor::warning(errs(), "nvmove") << "translation unit did not parse: " << TU << "\n";
}

/// A load that dispatches each record to handlers stored in a table (rrdcached's journal
/// replay) reaches nothing unless those calls are followed: when nothing was found, say so. A
/// load that hands each record to a callback it passes in (OpenSSH's hostkeys_foreach_file)
/// still finds the parser's types without it, but not what the callback keeps: when a call
/// through a parameter was not followed, say that too.
static void printCallbackHint(const infer::InferenceResult &R) {
  if (FollowCallbacks)
    return;
  size_t Unfollowed = 0, ThroughParameters = 0;
  std::string First;
  for (const auto &[Call, Targets] : R.Walk.IndirectTargets) {
    if (!Targets.empty())
      continue;
    ++Unfollowed;
    const FunctionSummary *Caller = R.Walk.Visited[Call.first].Function;
    for (const CallSite &C : Caller->Calls)
      if (C.Loc == Call.second && cell::paramIndex(C.CalleeCell)) {
        if (ThroughParameters++ == 0)
          First = Call.second + " ('" + C.CalleeName + "' in " + Caller->Name + ")";
        break;
      }
  }
  if (R.Types.empty() && Unfollowed)
    WithColor::note(errs(), "nvmove")
        << "no persistent type found, and " << Unfollowed
        << " call(s) through function pointers on the walk were not followed: if the load "
           "hands what it reads to handlers kept in fields or globals or handed in as arguments, "
           "try --follow-callbacks\n";
  else if (ThroughParameters)
    WithColor::note(errs(), "nvmove")
        << ThroughParameters
        << " call(s) through a function pointer handed in as an argument were not followed, "
           "the first at "
        << First
        << ": if the load hands what it reads to a callback it passes in, what the callback "
           "keeps is missing; try --follow-callbacks\n";
}

/// Writes the chosen format (and the HTML report); the renderers read the JSON back, exactly
/// as nvmove-report does.
static Error writeOutputs(const infer::InferenceResult &R, const infer::RunFacts &Facts) {
  json::Value Json = infer::toJSON(R, Facts);
  std::optional<report::Report> Model;
  if (!HtmlDir.empty() || OutputFormat == Format::Sarif) {
    auto M = report::reportFromJSON(Json, "the result");
    if (!M)
      return M.takeError();
    Model = std::move(*M);
  }
  if (!HtmlDir.empty()) {
    report::HtmlOptions HO;
    HO.Force = Force;
    if (Error E = report::writeHtmlReport(*Model, HtmlDir, HO))
      return E;
  }
  auto Emit = [&](raw_ostream &OS) {
    if (OutputFormat == Format::Json)
      OS << formatv("{0:2}", Json) << "\n";
    else if (OutputFormat == Format::Sarif)
      OS << formatv("{0:2}", report::toSarif(*Model)) << "\n";
    else
      infer::writeText(OS, R, Facts);
    return Error::success();
  };
  if (Error E = writeToOutput(OutputFile.empty() ? std::string("-") : std::string(OutputFile), Emit))
    return createStringError(inconvertibleErrorCode(), "cannot write output '%s': %s",
                             OutputFile.c_str(), toString(std::move(E)).c_str());
  return Error::success();
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) { printToolVersion(OS, "nvmove"); });
  if (!cl::ParseCommandLineOptions(argc, argv, "nvmove: infer the persistent types of a C program\n"))
    return 1;
  if (auto Problem = outputProblem())
    return fail(*Problem);
  if (!TraceCell.empty() && AnalysisMode != infer::Mode::Precise)
    return fail("--trace-cell follows loaded data through the flow graph of --mode=precise only");
  auto Commands = loadCommands(BuildPath, Sources);
  if (!Commands)
    return fail(toString(Commands.takeError()));

  StoreOptions SO = storeOptions();
  infer::RunFacts Facts;
  Facts.TUsInDatabase = Commands->size();
  // Where the report looks for the source excerpts it embeds: the root, then each TU's dir.
  std::set<std::string> TUDirs;
  for (const clang::tooling::CompileCommand &C : *Commands)
    TUDirs.insert(C.Directory);
  Facts.SourceDirs.push_back(SO.Root);
  Facts.SourceDirs.insert(Facts.SourceDirs.end(), TUDirs.begin(), TUDirs.end());
  SummaryStore Store(std::move(*Commands), SO);

  auto Start = std::chrono::steady_clock::now();
  auto Result = infer::inferPersistentTypes(Store, LoadFunctions, inferenceOptions());
  if (!Result)
    return fail(toString(Result.takeError()));
  double Total = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  // Parsing (or reading cached summaries) happens inside the walk, on demand.
  Facts.Translation = Store.stats();
  Facts.ParseSeconds = Store.stats().Seconds;
  Facts.AnalysisSeconds = Total - Facts.ParseSeconds;
  Facts.Store = &Store;
  printDiagnostics(*Result);
  printCallbackHint(*Result);
  if (Error E = writeOutputs(*Result, Facts))
    return fail(toString(std::move(E)));
  return Result->IncompleteTUs.empty() ? 0 : 2;
}
