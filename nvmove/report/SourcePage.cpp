// src/<slug>.html: the excerpts of one source file the report refers to, lines marked.
#include "Assets.h"
#include "HtmlEscape.h"
#include "PageParts.h"
#include "Pages.h"

using namespace llvm;

namespace nvm::report {

std::string sourcePage(const SiteLayout &Site, StringRef File) {
  const std::vector<SourceRange> &Ranges = Site.report().Sources.at(File.str());
  const std::set<unsigned> &Marked = Site.referencedLines(File);
  std::string Body = "<nav class=\"crumbs\"><a href=\"../index.html\">report</a> &#8250; " +
                     htmlEscape(File) + "</nav>\n<h1 id=\"file-name\">" + htmlEscape(File) +
                     "</h1>\n<p class=\"note\">Excerpts only: the lines the report refers to "
                     "(marked) and their context.</p>\n";
  for (const SourceRange &R : Ranges) {
    if (R.Lines.empty())
      continue;
    Body += "<div class=\"excerpt\">\n" +
            codeBlock(Site, File, R.FirstLine, R.FirstLine + R.Lines.size() - 1,
                      [&](unsigned L) { return Marked.count(L) ? std::string("ref") : ""; },
                      "L", "") +
            "</div>\n";
  }
  return renderPage(File.str() + " (nvmove)", "../", "source", Body, "");
}

} // namespace nvm::report
