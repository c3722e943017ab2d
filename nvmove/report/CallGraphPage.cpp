// callgraph.html: the walk's SVG, its legend, and the calls that could not be followed.
#include "Assets.h"
#include "HtmlEscape.h"
#include "Pages.h"

using namespace llvm;

namespace nvm::report {
namespace {

/// Drops the XML prolog and DOCTYPE dot writes before <svg, so the SVG can sit inline.
StringRef inlineSvg(StringRef Svg) {
  size_t At = Svg.find("<svg");
  return At == StringRef::npos ? StringRef() : Svg.substr(At);
}

} // namespace

std::string callGraphPage(const SiteLayout &Site, StringRef Svg, StringRef Note) {
  const Report &R = Site.report();
  size_t Unfollowed = 0;
  for (const IndirectCall &C : R.Indirect)
    Unfollowed += C.Targets.empty();
  std::string Body = "<h1>Call graph of the walk</h1>\n<p class=\"note\">From the load functions "
                     "(bold), " + std::to_string(R.Visited.size()) + " functions visited, " +
                     std::to_string(R.Skipped.size()) + " calls not entered, " +
                     std::to_string(Unfollowed) + " function-pointer call(s) not followed. "
                     "Click a function to see its source.</p>\n"
                     "<ul class=\"legend graph-legend\"><li><span class=\"key visited\"></span>"
                     "visited</li><li><span class=\"key skipped\"></span>not entered (library, "
                     "or skipped by optimization a/c; hover for which)</li><li><span class=\"key "
                     "fnptr\"></span>call through a function pointer not followed</li><li><span "
                     "class=\"key fnptr-followed\"></span>function-pointer call followed</li></ul>\n";
  if (!Svg.empty())
    Body += "<div id=\"callgraph\" class=\"graph\">\n" + inlineSvg(Svg).str() + "</div>\n";
  else
    Body += "<p id=\"callgraph-missing\" class=\"missing\">No drawing: " + htmlEscape(Note) +
            ". The graph is in <a href=\"callgraph.dot\">callgraph.dot</a>.</p>\n";
  Body += "<section id=\"indirect\">\n<h2>Calls through function pointers</h2>\n<table "
          "class=\"data\"><thead><tr><th>location</th><th>in</th><th>call</th><th>followed "
          "to</th></tr></thead><tbody>\n";
  for (const IndirectCall &C : R.Indirect) {
    std::string Targets;
    for (size_t I = 0; I < C.Targets.size(); ++I)
      Targets += (I ? ", " : "") + htmlLink(Site.functionLink(C.Targets[I]), C.Targets[I]);
    Body += std::string("<tr class=\"") + (C.Targets.empty() ? "unfollowed" : "followed") +
            "\"><td>" + htmlLink(Site.lineLink(C.Location), C.Location) + "</td><td>" +
            htmlLink(Site.functionLink(C.Caller), C.Caller) + "</td><td><code>" +
            htmlEscape(C.Expression) + "</code></td><td>" +
            (Targets.empty() ? std::string("<em>not followed</em>") : Targets) + "</td></tr>\n";
  }
  Body += "</tbody></table>\n</section>\n";
  return renderPage("nvmove: call graph", "", "callgraph", Body, "");
}

} // namespace nvm::report
