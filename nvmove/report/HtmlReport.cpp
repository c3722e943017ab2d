// Lays the site out on disk: checks the output directory, then writes every page.
#include "HtmlReport.h"
#include "Assets.h"
#include "CallGraph.h"
#include "Pages.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace nvm::report {
namespace {

Error fail(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

Error prepareDirectory(StringRef Dir, bool Force) {
  sys::fs::file_status St;
  if (!sys::fs::status(Dir, St) && sys::fs::exists(St)) {
    if (!sys::fs::is_directory(St))
      return fail("output path '" + Dir + "' exists and is not a directory");
    std::error_code EC;
    bool Empty = sys::fs::directory_iterator(Dir, EC) == sys::fs::directory_iterator();
    if (!Empty && !Force)
      return fail("output directory '" + Dir +
                  "' already exists and is not empty (use --force to overwrite)");
    // Stale pages of types the new run no longer has would otherwise stay reachable.
    for (const char *Sub : {"types", "src"}) {
      SmallString<256> P(Dir);
      sys::path::append(P, Sub);
      if (sys::fs::is_directory(P))
        sys::fs::remove_directories(P);
    }
  }
  for (const char *Sub : {"", "types", "src", "assets"}) {
    SmallString<256> P(Dir);
    sys::path::append(P, Sub);
    if (std::error_code EC = sys::fs::create_directories(P))
      return fail("cannot create output directory '" + P + "': " + EC.message());
  }
  return Error::success();
}

Error writeFile(StringRef Dir, StringRef Name, StringRef Content) {
  SmallString<256> P(Dir);
  sys::path::append(P, sys::path::Style::posix, Name);
  if (Error E = writeToOutput(P, [&](raw_ostream &OS) {
        OS << Content;
        return Error::success();
      }))
    return fail("cannot write '" + P + "': " + toString(std::move(E)));
  return Error::success();
}

} // namespace

Error writeHtmlReport(const Report &R, StringRef Dir, const HtmlOptions &Options) {
  if (Error E = prepareDirectory(Dir, Options.Force))
    return E;
  SiteLayout Site(R);
  for (const std::string &A : siteAssets())
    if (Error E = writeFile(Dir, "assets/" + A, asset(A)))
      return E;
  if (Error E = writeFile(Dir, "index.html", indexPage(Site)))
    return E;
  for (size_t I = 0; I < R.Types.size(); ++I)
    if (Error E = writeFile(Dir, Site.typePage(I), typePage(Site, I)))
      return E;
  for (const auto &[File, Ranges] : R.Sources)
    if (Error E = writeFile(Dir, Site.sourcePage(File), sourcePage(Site, File)))
      return E;
  std::string Dot = callGraphDot(Site);
  if (Error E = writeFile(Dir, "callgraph.dot", Dot))
    return E;
  std::string Svg, Note;
  if (auto Rendered = renderSvg(Dot))
    Svg = std::move(*Rendered);
  else
    Note = toString(Rendered.takeError());
  if (!Svg.empty())
    if (Error E = writeFile(Dir, "callgraph.svg", Svg))
      return E;
  if (Error E = writeFile(Dir, "callgraph.html", callGraphPage(Site, Svg, Note)))
    return E;
  return writeFile(Dir, "compare.html", comparePage(Site, Options.Other, Options.OtherName));
}

} // namespace nvm::report
