// compare.html: two runs (e.g. precise and backtrack) side by side, type by type.
#include "Assets.h"
#include "HtmlEscape.h"
#include "Pages.h"

using namespace llvm;

namespace nvm::report {

std::string comparePage(const SiteLayout &Site, const Report *Other, StringRef OtherName) {
  const Report &R = Site.report();
  std::map<std::string, std::pair<const TypeEntry *, const TypeEntry *>> Union;
  for (const TypeEntry &T : R.Types)
    Union[T.Name].first = &T;
  if (Other)
    for (const TypeEntry &T : Other->Types)
      Union[T.Name].second = &T;
  std::string A = "this run (" + R.Mode + ")";
  std::string B = Other ? OtherName.str() + " (" + Other->Mode + ")" : "";
  size_t Both = 0, OnlyA = 0, OnlyB = 0;
  json::Array Rows;
  for (const auto &[Name, P] : Union) {
    std::string Status = P.first && P.second ? "both" : P.first ? "only-a" : "only-b";
    Both += Status == "both";
    OnlyA += Status == "only-a";
    OnlyB += Status == "only-b";
    int I = Site.typeIndex(Name);
    const TypeEntry *T = P.first ? P.first : P.second;
    json::Object Row{{"name", Name},
                     {"defined_at", T->DefinedAt},
                     {"loc_href", Site.lineLink(T->DefinedAt)},
                     {"a", P.first ? P.first->Reason : "-"},
                     {"b", P.second ? P.second->Reason : "-"},
                     {"status", Status}};
    if (I >= 0)
      Row["href"] = Site.typePage(I);
    Rows.push_back(std::move(Row));
  }
  std::string Body = "<h1>Compare runs</h1>\n";
  if (!Other)
    Body += "<p class=\"note\" id=\"single-run\">Only one run was given. Render with "
            "<code>nvmove-report --compare=OTHER.json RUN.json DIR</code> to put another "
            "mode's result (e.g. <code>--mode=backtrack</code>) beside this one.</p>\n";
  Body += "<dl class=\"figures\">";
  Body += "<div class=\"figure\"><dt>" + htmlEscape(A) + "</dt><dd id=\"cmp-a\">" +
          std::to_string(R.Types.size()) + "</dd></div>";
  if (Other)
    Body += "<div class=\"figure\"><dt>" + htmlEscape(B) + "</dt><dd id=\"cmp-b\">" +
            std::to_string(Other->Types.size()) + "</dd></div><div class=\"figure\"><dt>in "
            "both</dt><dd id=\"cmp-both\">" + std::to_string(Both) + "</dd></div><div "
            "class=\"figure\"><dt>only in this run</dt><dd id=\"cmp-only-a\">" +
            std::to_string(OnlyA) + "</dd></div><div class=\"figure\"><dt>only in the other"
            "</dt><dd id=\"cmp-only-b\">" + std::to_string(OnlyB) + "</dd></div>";
  Body += "</dl>\n<section id=\"compare\">\n<div class=\"controls\"><input type=\"search\" "
          "class=\"filter\" id=\"filter-compare\" data-filter-for=\"compare\" placeholder=\""
          "filter types\" aria-label=\"filter\"> <select class=\"facet\" id=\"facet-status\" "
          "data-facet-for=\"compare\" data-key=\"status\" aria-label=\"found by\"><option "
          "value=\"\">all</option><option value=\"both\">in both</option><option value=\""
          "only-a\">only in this run</option><option value=\"only-b\">only in the other</option>"
          "</select> <span class=\"shown\" data-shown-for=\"compare\"></span></div>\n<table "
          "class=\"data\" id=\"table-compare\" data-table=\"compare\"></table>\n<div class=\""
          "pager\" data-pager-for=\"compare\"></div>\n</section>\n";
  json::Array Cols{json::Object{{"key", "name"}, {"label", "type"}, {"type", "text"}, {"href", "href"}},
                   json::Object{{"key", "defined_at"}, {"label", "defined at"}, {"type", "text"}, {"href", "loc_href"}},
                   json::Object{{"key", "a"}, {"label", A}, {"type", "text"}}};
  if (Other)
    Cols.push_back(json::Object{{"key", "b"}, {"label", B}, {"type", "text"}});
  Cols.push_back(json::Object{{"key", "status"}, {"label", "found by"}, {"type", "status"}});
  json::Object Data{{"tables", json::Object{{"compare", json::Object{{"columns", std::move(Cols)},
                                                                     {"rows", std::move(Rows)},
                                                                     {"sort", "name"}}}}}};
  return renderPage("nvmove: compare runs", "", "compare", Body,
                    jsonIsland(json::Value(std::move(Data))));
}

} // namespace nvm::report
