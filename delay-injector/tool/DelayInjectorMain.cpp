// delay-injector command line: parses options, runs the rules, writes outputs, picks the exit code.
#include "EditWriter.h"
#include "InjectDriver.h"
#include "SummaryWriter.h"
#include "rewrite/TypeList.h"
#include "nvm/CompileDatabase.h"
#include "rewrite/OutputChecks.h"
#include "nvm/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace nvm;

static cl::OptionCategory Category("delay-injector options");

static cl::opt<std::string> BuildPath("p", cl::desc("Directory holding compile_commands.json (or the file itself)"),
                                      cl::value_desc("dir"), cl::Required, cl::cat(Category));
static cl::opt<std::string> TypesFile("types", cl::desc("The persistent-types JSON written by nvmove --format=json"),
                                      cl::value_desc("file"), cl::Required, cl::cat(Category));
static cl::opt<std::string> OutDir("out", cl::desc("Write instrumented copies of the sources into this new directory"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> InPlace("in-place", cl::desc("Rewrite the sources themselves"), cl::cat(Category));
static cl::opt<std::string> ExportFixes("export-fixes", cl::desc("Write the edits as YAML for clang-apply-replacements"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> SummaryFile("summary", cl::desc("Write the summary as JSON to this file instead of text on stderr"),
                                        cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> RootDir("root", cl::desc("Only files under this directory are edited (default: the compile database's)"),
                                    cl::value_desc("dir"), cl::cat(Category));
static cl::list<std::string> ExcludeHints("exclude-hint", cl::desc("Leave out the types whose nvmove verdict hint is one of these"),
                                          cl::value_desc("hint"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> OnlyTypes("only-types", cl::desc("Instrument only these types (name, tag or typedef name)"),
                                       cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> ExcludeTypes("exclude-types", cl::desc("Leave out these types (name, tag or typedef name)"),
                                          cl::value_desc("name"), cl::CommaSeparated, cl::cat(Category));
static cl::list<std::string> Sources(cl::Positional, cl::desc("[source files ...]"), cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Exactly one of --out, --in-place and --export-fixes is required.

Exit codes:
  0  success
  1  error: nothing written, or (with --in-place) only part of it
  2  completed, but some translation units did not parse and were left as they are

Verdict hints (nvmove's JSON): likely-persistent, layout-variant, volatile-fields,
temporaries-only, likely-iterator. A type without a hint is kept.

Example:
  delay-injector -p build --types=types.json --out=instrumented
  delay-injector -p build --types=types.json --exclude-hint=volatile-fields,temporaries-only,likely-iterator --out=instrumented
)");

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "delay-injector") << Msg << "\n";
  return 1;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) { nvm::printToolVersion(OS, "delay-injector"); });
  if (!cl::ParseCommandLineOptions(argc, argv, "delay-injector: charge NVM latency on every access to persistent data\n"))
    return 1;
  if (!OutDir.empty() + InPlace + !ExportFixes.empty() != 1)
    return fail("choose exactly one of --out, --in-place and --export-fixes");
  if (Error E = rewrite::checkOutputs(OutDir, {OutDir, ExportFixes, SummaryFile}))
    return fail(toString(std::move(E)));
  rewrite::TypeFilter Filter{ExcludeHints, OnlyTypes, ExcludeTypes};
  auto Types = rewrite::TypeList::load(TypesFile, Filter);
  if (!Types)
    return fail(toString(Types.takeError()));
  auto Commands = loadCommands(BuildPath, Sources);
  if (!Commands)
    return fail(toString(Commands.takeError()));
  SmallString<256> Root(RootDir.empty() ? std::string(BuildPath) : std::string(RootDir));
  sys::fs::make_absolute(Root);
  sys::path::remove_dots(Root, true);
  if (!sys::fs::is_directory(Root))
    sys::path::remove_filename(Root);

  delay::InjectResult Result = delay::instrument(*Commands, *Types, Root);
  for (const std::string &F : Result.Sink.findings())
    WithColor::warning(errs(), "delay-injector") << F << "\n";
  for (const std::string &I : Result.Incomplete)
    WithColor::warning(errs(), "delay-injector") << "translation unit did not parse: " << I << "\n";
  Error E = !OutDir.empty() ? delay::writeOutputDir(Result, Root, OutDir)
            : InPlace       ? delay::writeInPlace(Result)
                            : delay::exportFixes(Result, ExportFixes);
  if (E)
    return fail(toString(std::move(E)));
  if (SummaryFile.empty())
    delay::writeSummaryText(errs(), Result, Root);
  else if (Error SE = writeToOutput(SummaryFile, [&](raw_ostream &OS) {
             OS << formatv("{0:2}", delay::summaryJSON(Result, Root)) << "\n";
             return Error::success();
           }))
    return fail(toString(std::move(SE)));
  return Result.Incomplete.empty() ? 0 : 2;
}
