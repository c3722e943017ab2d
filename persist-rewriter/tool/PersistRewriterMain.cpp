// persist-rewriter command line: options and config, the rewrite, outputs, exit code.
#include "PortDriver.h"
#include "nvm/CompileDatabase.h"
#include "rewrite/OutputChecks.h"
#include "nvm/ReportSchema.h"
#include "nvm/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include <map>
#include <set>

using namespace llvm;
using namespace nvm;

static cl::OptionCategory Category("persist-rewriter options");

static cl::opt<std::string> BuildPath("p", cl::desc("Directory holding compile_commands.json (or the file itself)"),
                                      cl::value_desc("dir"), cl::Required, cl::cat(Category));
static cl::opt<std::string> TypesFile("types", cl::desc("The persistent-types JSON written by nvmove --format=json"),
                                      cl::value_desc("file"), cl::Required, cl::cat(Category));
static cl::opt<std::string> ConfigFile("config", cl::desc("Port configuration: allocators, operations, load call, roots, pool"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> OutDir("out", cl::desc("Write the ported sources into this new directory"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> InPlace("in-place", cl::desc("Rewrite the sources themselves (atomically per file)"), cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes", cl::desc("Write the edits as YAML for clang-apply-replacements"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Check("check", cl::desc("Change nothing; exit 3 and print the diff when the sources are not fully ported"),
                           cl::cat(Category));
static cl::opt<std::string> SummaryFile("summary", cl::desc("Write the summary as JSON to this file instead of text on stderr"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> RootDir("source-root", cl::desc("Only files under this directory are edited (default: the deepest directory holding every source)"),
                                    cl::value_desc("dir"), cl::cat(Category));
// The option's first name; hidden, as 'root' is also the config key naming a root global.
static cl::alias RootDirAlias("root", cl::aliasopt(RootDir), cl::Hidden);
static cl::list<std::string> Alloc("alloc", cl::desc("Allocation wrapper as name:kind (kinds: malloc, zalloc, calloc, realloc, strdup, free, malloc_usable, zalloc_usable, realloc_usable, free_usable)"),
                                   cl::value_desc("name:kind"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> Dispatch("dispatch", cl::desc("free/realloc/usable_size (or *_usable) wrapper whose definition hands pool pointers to the runtime"),
                                      cl::value_desc("name:kind"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> Operation("operation", cl::desc("Function whose every call is one failure-atomic transaction"),
                                       cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> LoadCall("load-call", cl::desc("Load function whose calls restore the roots on a warm start (default: the JSON's load functions)"),
                                      cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> ExcludeTypes("exclude-types", cl::desc("Types of the JSON to leave alone (false positives)"),
                                          cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> Roots("roots", cl::desc("Globals or fields of globals holding pool pointers (default: the JSON's roots)"),
                                   cl::value_desc("expr"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> ValueRoots("value-roots", cl::desc("Globals whose bytes are persistent state (saved in the pool, restored on a warm start)"),
                                        cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> WarmSkip("warm-skip", cl::desc("Start-up calls skipped on a warm start: fn (its calls in main before the load call) or caller:fn"),
                                      cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> WarmRun("warm-run", cl::desc("Set-up functions the load call runs that a warm start runs too (no arguments, or the load call's)"),
                                     cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::opt<bool> ReinitVolatile("reinit-volatile", cl::desc("Re-initialise volatile fields of persistent objects lazily after a restart (lesson 8)"),
                                    cl::cat(Category));
static cl::opt<bool> AllowEmptyWarmStart("allow-empty-warm-start", cl::desc("Accept a port whose warm start restores no root (by default an error)"),
                                         cl::cat(Category));
static cl::opt<std::string> Pool("pool", cl::desc("Default pool path opened at the start of main (PMS_POOL overrides at run time)"),
                                 cl::value_desc("path"), cl::cat(Category));
static cl::list<std::string> Sources(cl::Positional, cl::desc("[source files ...]"), cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Exactly one of --out, --in-place, --export-fixes and --check is required.
Command-line settings add to (or, for --pool, replace) those of --config.

Exit codes:
  0  success (with --check: the sources are fully ported)
  1  error: nothing written, or (with --in-place) only part of it
  2  completed, but some translation units did not parse and were left as they are
  3  --check: some edits are missing (the diff is on stdout)

Example:
  persist-rewriter -p build --types=types.json --config=port.conf --out=ported
)");

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "persist-rewriter") << Msg << "\n";
  return 1;
}

/// What the port takes from nvmove's JSON besides the types: load functions, roots and
/// volatile-field notes, and the JSON text itself.
struct TypeFacts {
  std::string Text;
  std::vector<std::string> LoadFunctions, Roots, Volatile;
  std::map<std::string, std::vector<std::string>> VolatileFields; // type -> fields
  /// Exclusions the list does not name at all: a type nvmove no longer reaches, or a typo
  /// (main tells them apart once the program is parsed).
  std::set<std::string> UnknownExclusions;
};

static Expected<TypeFacts> readFacts(StringRef Path, const std::vector<std::string> &Exclude) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read persistent-type list '%s': %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read persistent-type list '%s': not valid JSON (%s)",
                             Path.str().c_str(), toString(V.takeError()).c_str());
  TypeFacts F;
  json::Object *O = V->getAsObject();
  std::set<std::string> Dropped, Unknown(Exclude.begin(), Exclude.end());
  if (json::Array *Types = O ? O->getArray(schema::Types) : nullptr) {
    json::Array Kept;
    for (json::Value &N : *Types) {
      const json::Object *T = N.getAsObject();
      std::string Name = T ? T->getString("name").value_or("").str() : "";
      if (Unknown.erase(Name)) {
        if (std::optional<StringRef> Tag = T->getString("tag"))
          Dropped.insert(("struct " + *Tag).str());
        Dropped.insert(Name);
        continue;
      }
      if (const json::Array *VF = T ? T->getArray(schema::VolatileFields) : nullptr)
        for (const json::Value &X : *VF)
          if (const json::Object *XO = X.getAsObject()) {
            std::string Field = XO->getString("field").value_or("").str();
            F.VolatileFields[Name].push_back(Field);
            F.Volatile.push_back(Name + "." + Field + " (" +
                                 XO->getString("why").value_or("").str() + ")");
          }
      Kept.push_back(std::move(N));
    }
    *Types = std::move(Kept);
  }
  // A type nvmove saw and did not report needs no exclusion (the type list warns about it);
  // any other name is a typo.
  if (const json::Array *L = O ? O->getArray(schema::TouchedNotLoaded) : nullptr)
    for (const json::Value &N : *L)
      if (const json::Object *T = N.getAsObject())
        Unknown.erase(T->getString("name").value_or("").str());
  F.UnknownExclusions = std::move(Unknown);
  if (const json::Array *L = O ? O->getArray("load_functions") : nullptr)
    for (const json::Value &N : *L)
      if (auto S = N.getAsString())
        F.LoadFunctions.push_back(S->str());
  if (const json::Array *L = O ? O->getArray(schema::Roots) : nullptr)
    for (const json::Value &N : *L)
      if (const json::Object *R = N.getAsObject())
        if (auto G = R->getString("global"))
          if (!Dropped.count(R->getString("record").value_or("").str()))
            F.Roots.push_back(G->str());
  F.Text = (*Buf)->getBuffer().str();
  return F;
}

/// The deepest directory holding every source file of the commands.
static std::string commonDirectory(const std::vector<clang::tooling::CompileCommand> &Commands) {
  std::string Common;
  for (const clang::tooling::CompileCommand &C : Commands) {
    SmallString<256> Dir(C.Filename);
    sys::fs::make_absolute(C.Directory, Dir);
    sys::path::remove_dots(Dir, true);
    sys::path::remove_filename(Dir);
    if (Common.empty()) {
      Common = std::string(Dir);
      continue;
    }
    while (!StringRef(Dir).startswith(Common) ||
           (Dir.size() > Common.size() && Dir[Common.size()] != '/'))
      Common = sys::path::parent_path(Common).str();
  }
  return Common;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) { nvm::printToolVersion(OS, "persist-rewriter"); });
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "persist-rewriter: move persistent types to the persistent heap "
                                   "with failure-atomic updates\n"))
    return 1;
  if (!OutDir.empty() + InPlace + !ExportFixes.empty() + Check != 1)
    return fail("choose exactly one of --out, --in-place, --export-fixes and --check");
  if (Error E = rewrite::checkOutputs(OutDir, {OutDir, ExportFixes, SummaryFile}))
    return fail(toString(std::move(E)));

  port::PortConfig Config;
  if (!ConfigFile.empty())
    if (Error E = Config.readFile(ConfigFile))
      return fail(toString(std::move(E)));
  auto setAll = [&](const char *Key, const cl::list<std::string> &Values) -> Error {
    for (const std::string &V : Values)
      if (Error E = Config.set(Key, V, std::string("--") + Key))
        return E;
    return Error::success();
  };
  if (Error E = joinErrors(joinErrors(setAll("alloc", Alloc), setAll("dispatch", Dispatch)),
                           joinErrors(setAll("operation", Operation), setAll("load-call", LoadCall))))
    return fail(toString(std::move(E)));
  if (Error E = joinErrors(joinErrors(setAll("root", Roots), setAll("exclude-type", ExcludeTypes)),
                           joinErrors(setAll("value-root", ValueRoots), setAll("warm-skip", WarmSkip))))
    return fail(toString(std::move(E)));
  if (Error E = setAll("warm-run", WarmRun))
    return fail(toString(std::move(E)));
  if (!Pool.empty())
    Config.Pool = Pool;
  if (ReinitVolatile)
    Config.ReinitVolatile = true;
  if (AllowEmptyWarmStart)
    Config.AllowEmptyWarmStart = true;
  // What the check asks for is what safety needs; a run's shared log is only faster.
  if (Check)
    Config.LogRuns = false;

  auto Facts = readFacts(TypesFile, Config.ExcludeTypes);
  if (!Facts)
    return fail(toString(Facts.takeError()));
  // The excluded types stay known to the list: their allocations are kept volatile.
  rewrite::TypeFilter Exclude;
  for (const std::string &T : Config.ExcludeTypes)
    if (!Facts->UnknownExclusions.count(T))
      Exclude.ExcludeTypes.push_back(T);
  auto Types = rewrite::TypeList::parse(Facts->Text, TypesFile, Exclude);
  if (!Types)
    return fail(toString(Types.takeError()));
  if (Config.LoadCalls.empty())
    Config.LoadCalls = Facts->LoadFunctions;
  for (const auto &[Type, Fields] : Facts->VolatileFields)
    for (const std::string &Field : Fields)
      if (!llvm::is_contained(Config.PersistentFields, Type + "." + Field))
        Config.VolatileFields[Type].try_emplace(Field, "0"); // the config's values win
  std::vector<std::string> RootList = Config.RootsNone       ? std::vector<std::string>{}
                                      : Config.Roots.empty() ? Facts->Roots
                                                             : Config.Roots;
  if (Config.RootsNone && !Config.Roots.empty())
    return fail("port configuration: 'root = none' and 'root = " + Config.Roots.front() +
                "' contradict each other");

  auto Commands = loadCommands(BuildPath, Sources);
  if (!Commands)
    return fail(toString(Commands.takeError()));
  SmallString<256> Root(RootDir.empty() ? commonDirectory(*Commands) : std::string(RootDir));
  sys::fs::make_absolute(Root);
  sys::path::remove_dots(Root, true);

  port::PortResult Result = port::port(*Commands, *Types, Config, RootList, Root);
  // An exclusion of a type the program defines but nvmove did not reach needs nothing (a
  // port.conf written for an older nvmove keeps working); any other name is a typo.
  for (const std::string &T : Facts->UnknownExclusions) {
    if (!Result.DefinedRecords.count(T))
      return fail(formatv("exclude-type '{0}' is not a type of '{1}' nor a record the program "
                          "defines", T, TypesFile.getValue()).str());
    WithColor::warning(errs(), "persist-rewriter")
        << "excluded type '" << T << "' is not among the types of '" << TypesFile
        << "' (nvmove did not reach it): nothing to exclude\n";
  }
  Result.Summary.Volatile = Facts->Volatile;
  for (const std::string &I : Result.Summary.Incomplete)
    WithColor::warning(errs(), "persist-rewriter") << "translation unit did not parse: " << I << "\n";

  // A warm start that restores nothing restarts the program empty after every crash.
  const port::PortSummary::WarmStartFacts &Warm = Result.Summary.Warm;
  if (Warm.Wrappers && Warm.restored().empty() && Config.ValueRoots.empty() &&
      !Config.AllowEmptyWarmStart) {
    std::string Why = "no roots are listed (nvmove found none)";
    if (!Warm.Unseen.empty())
      Why = "root '" + Warm.Unseen.begin()->first + "' is not declared before the load call at " +
            Warm.Unseen.begin()->second + " nor defined in a rewritten file";
    else if (!Warm.Unusable.empty())
      Why = Warm.Unusable.front();
    return fail("a warm start would restore nothing: " + Why +
                "; list roots with 'root =' or value roots with 'value-root =', or accept an "
                "empty warm start with 'allow-empty-warm-start = yes'");
  }
  int Exit = Result.Summary.Incomplete.empty() ? 0 : 2;
  Error E = Error::success();
  if (Check) {
    if (!Result.Edits.empty()) {
      cantFail(std::move(E));
      E = Result.Edits.writeDiff(outs(), Root);
      Exit = 3;
    }
  } else if (!OutDir.empty()) {
    std::set<std::string> Copies(Result.MainFiles.begin(), Result.MainFiles.end());
    Copies.insert(Result.IncludedFiles.begin(), Result.IncludedFiles.end());
    cantFail(std::move(E));
    E = Result.Edits.writeOutputDir(Copies, Root, OutDir);
  } else if (InPlace) {
    cantFail(std::move(E));
    E = Result.Edits.writeInPlace();
  } else {
    cantFail(std::move(E));
    E = Result.Edits.exportFixes(ExportFixes,
                                 Result.MainFiles.size() == 1 ? Result.MainFiles.front() : "");
  }
  if (E)
    return fail(toString(std::move(E)));
  if (SummaryFile.empty()) {
    Result.Summary.printText(errs());
    if (Check)
      errs() << (Exit == 3 ? "persist-rewriter: check failed: the sources are not fully ported\n"
                           : "persist-rewriter: check passed: nothing left to port\n");
  } else if (Error SE = writeToOutput(SummaryFile, [&](raw_ostream &OS) {
               OS << formatv("{0:2}", Result.Summary.toJSON()) << "\n";
               return Error::success();
             })) {
    return fail(toString(std::move(SE)));
  }
  return Exit;
}
