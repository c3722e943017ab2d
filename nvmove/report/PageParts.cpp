// Shared page fragments.
#include "PageParts.h"
#include "HtmlEscape.h"
#include "SourceHighlighter.h"

using namespace llvm;

namespace nvm::report {

const std::vector<HintInfo> &hintTable() {
  static const std::vector<HintInfo> T = {
      {"likely-persistent", "likely persistent",
       "A global used on the walk, or another persistent type, leads to it: the load rebuilds "
       "it and the program keeps it."},
      {"layout-variant", "layout variant",
       "One of a family of records with the same field names in other widths (e.g. headers "
       "for 8-, 16-, 32- and 64-bit lengths). Persistent together: decide once for the family."},
      {"volatile-fields", "volatile fields",
       "Persistent, but it co-locates fields that are usually not: reference counts, locks, "
       "file descriptors, pointers to connection or session objects (pmemcached lessons 7 and "
       "8). Move it, and re-initialise those fields after a restart."},
      {"temporaries-only", "temporaries only",
       "No global and no persistent type leads to it: every object of it the analysis saw "
       "is a local or temporary of the load. Likely a false positive."},
      {"likely-iterator", "likely iterator",
       "Holds a position into another persistent type, but only locals hold it: an iterator "
       "or cursor used while loading. Likely a false positive."},
  };
  return T;
}

std::string hintTitle(StringRef Name) {
  for (const HintInfo &H : hintTable())
    if (Name == H.Name)
      return H.Title;
  return Name.str();
}

std::string hintBadge(StringRef Name) {
  if (Name.empty())
    return "";
  return "<span class=\"badge hint-" + htmlEscape(Name) + "\">" + htmlEscape(hintTitle(Name)) +
         "</span>";
}

std::string reasonText(StringRef Reason) {
  if (Reason == "loaded-data")
    return "data read from storage is stored into it";
  if (Reason == "pointer-to-loaded")
    return "it holds a pointer to loaded objects and is reachable from a root";
  if (Reason == "sizeof-allocation")
    return "its size sizes an allocation that receives loaded data";
  if (Reason == "embedded")
    return "it is embedded by value in a persistent record and lives where that record lives";
  if (Reason == "overlay")
    return "a persistent object is cast to it: it is one more layout of that object";
  if (Reason == "load-result")
    return "a caller of the load function keeps what the load returns through a parameter in it";
  if (Reason == "pool-pointer")
    return "a pointer into the persistent pool is used as a pointer to it";
  if (Reason == "assigned")
    return "it is assigned on the walk from the load functions (paper mode)";
  if (Reason == "serialized")
    return "its data reaches a write call (backtrack mode)";
  if (Reason == "touched")
    return "written on the walk, but nothing loaded is stored into it";
  return Reason.str();
}

std::string codeBlock(const SiteLayout &Site, StringRef File, unsigned First, unsigned Last,
                      std::function<std::string(unsigned)> Class, StringRef IdPrefix,
                      StringRef LinkRoot) {
  SourceHighlighter H;
  std::string Out = "<div class=\"code\">\n";
  bool Gap = false;
  for (unsigned L = First; L <= Last; ++L) {
    const std::string *Text = Site.lineText(File, L);
    if (!Text) {
      Gap = true;
      continue;
    }
    if (Gap && L != First) {
      Out += "<div class=\"gap\">&#8943;</div>\n";
      H.reset();
    }
    Gap = false;
    std::string Classes = "line";
    if (std::string C = Class ? Class(L) : ""; !C.empty())
      Classes += " " + C;
    std::string N = std::to_string(L);
    Out += "<div class=\"" + Classes + "\"";
    if (!IdPrefix.empty())
      Out += " id=\"" + htmlEscape(IdPrefix) + N + "\"";
    std::string Href = LinkRoot.empty() ? "#L" + N
                                        : LinkRoot.str() + Site.sourcePage(File) + "#L" + N;
    Out += "><a class=\"ln\" href=\"" + htmlEscape(Href) + "\">" + N + "</a><code>" +
           H.line(*Text) + "</code></div>\n";
  }
  return Out + "</div>\n";
}

} // namespace nvm::report
