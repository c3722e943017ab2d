// nvmove-report command line: renders a persistent-types JSON (from CI, say) as the HTML report.
#include "report/HtmlReport.h"
#include "report/ReportModel.h"
#include "nvm/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory Category("nvmove-report options");
static cl::opt<std::string> Input(cl::Positional, cl::desc("<result.json>"), cl::Required,
                                  cl::cat(Category));
static cl::opt<std::string> OutputDir(cl::Positional, cl::desc("<output-dir>"), cl::Required,
                                      cl::cat(Category));
static cl::opt<std::string> Compare("compare",
                                    cl::desc("Another run's JSON to show beside this one on compare.html"),
                                    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Force("force", cl::desc("Overwrite an existing, non-empty output directory"),
                           cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Exit codes:
  0  success
  1  error: bad input or output directory (one line on stderr)

Example:
  nvmove-report --compare=backtrack.json precise.json report/
)");

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "nvmove-report") << Msg << "\n";
  return 1;
}

int main(int argc, char **argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) { nvm::printToolVersion(OS, "nvmove-report"); });
  if (!cl::ParseCommandLineOptions(argc, argv, "nvmove-report: render nvmove's JSON as an HTML report\n"))
    return 1;
  auto R = nvm::report::loadReport(Input);
  if (!R)
    return fail(toString(R.takeError()));
  nvm::report::HtmlOptions Options;
  Options.Force = Force;
  std::optional<nvm::report::Report> Other;
  if (!Compare.empty()) {
    auto O = nvm::report::loadReport(Compare);
    if (!O)
      return fail(toString(O.takeError()));
    Other = std::move(*O);
    Options.Other = &*Other;
    Options.OtherName = sys::path::filename(Compare).str(); // no machine paths in the report
  }
  if (Error E = nvm::report::writeHtmlReport(*R, OutputDir, Options))
    return fail(toString(std::move(E)));
  return 0;
}
