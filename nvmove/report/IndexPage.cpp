// index.html: the summary of a run and the table of its types (rendered by report.js from
// the page's JSON island, so 600 types page instead of flooding the DOM).
#include "Assets.h"
#include "HtmlEscape.h"
#include "PageParts.h"
#include "Pages.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace nvm::report {
namespace {

std::string figure(StringRef Id, StringRef Label, StringRef Value) {
  return "<div class=\"figure\"><dt>" + htmlEscape(Label) + "</dt><dd id=\"" + htmlEscape(Id) +
         "\">" + htmlEscape(Value) + "</dd></div>\n";
}

std::string join(const std::vector<std::string> &V, StringRef Sep) {
  std::string Out;
  for (size_t I = 0; I < V.size(); ++I)
    Out += (I ? Sep.str() : "") + V[I];
  return Out;
}

std::string summary(const Report &R) {
  int64_t Skipped = 0;
  for (auto &[Reason, N] : R.SkipCounts)
    Skipped += N;
  std::string Time;
  raw_string_ostream(Time) << format("%.2f s", R.AnalysisSeconds);
  std::string Out = "<section id=\"summary\">\n<h1>Persistent types from " +
                    htmlEscape(join(R.LoadFunctions, ", ")) + " <span class=\"mode\">" +
                    htmlEscape(R.Mode) + " mode</span></h1>\n<dl class=\"figures\">\n";
  Out += figure("fig-load-functions", "load functions", std::to_string(R.LoadFunctions.size()));
  Out += figure("fig-visited", "functions visited", std::to_string(R.Visited.size()));
  Out += figure("fig-skipped", "calls not entered", std::to_string(Skipped));
  Out += figure("fig-defined", "types defined", std::to_string(R.TotalTypesDefined));
  Out += figure("fig-identified", "types identified", std::to_string(R.Types.size()));
  Out += figure("fig-touched", "touched, not loaded", std::to_string(R.Touched.size()));
  Out += figure("fig-warnings", "warnings", std::to_string(R.Warnings.size()));
  Out += figure("fig-time", "analysis time", Time);
  Out += "</dl>\n";
  if (!R.Incomplete.empty())
    Out += "<p class=\"incomplete\" id=\"incomplete\">Results may be incomplete: " +
           std::to_string(R.Incomplete.size()) + " translation unit(s) did not parse (" +
           htmlEscape(join(R.Incomplete, ", ")) + ").</p>\n";
  Out += "<p class=\"tool\">" + htmlEscape(R.Tool) + "</p>\n</section>\n";
  return Out;
}

std::string hintLegend(const Report &R) {
  std::map<std::string, int> Count;
  for (const TypeEntry &T : R.Types)
    Count[T.Hint]++;
  std::string Out = "<section id=\"hints\">\n<h2>Verdict hints</h2>\n<p>The analysis "
                    "over-approximates; each type carries a hint computed from the same facts, "
                    "and the table lists likely true positives first. Nothing is hidden.</p>\n"
                    "<dl class=\"legend\">\n";
  for (const HintInfo &H : hintTable())
    Out += "<div class=\"legend-item\"><dt>" + hintBadge(H.Name) + " <span class=\"count\">" +
           std::to_string(Count[H.Name]) + "</span></dt><dd>" + htmlEscape(H.Explanation) +
           "</dd></div>\n";
  return Out + "</dl>\n</section>\n";
}

json::Object column(StringRef Key, StringRef Label, StringRef Type, StringRef Href = "",
                    StringRef SortKey = "") {
  // .str(): a json::Value made from a StringRef only borrows it.
  json::Object C{{"key", Key.str()}, {"label", Label.str()}, {"type", Type.str()}};
  if (!Href.empty())
    C["href"] = Href.str();
  if (!SortKey.empty())
    C["sort"] = SortKey.str();
  return C;
}

json::Value typeTable(const SiteLayout &Site, const std::vector<TypeEntry> &Types, bool Pages) {
  json::Array Rows;
  for (size_t I = 0; I < Types.size(); ++I) {
    const TypeEntry &T = Types[I];
    json::Object Row{{"name", T.Name},
                     {"kind", T.Kind},
                     {"defined_at", T.DefinedAt},
                     {"loc_href", Site.lineLink(T.DefinedAt)},
                     {"sites", int64_t(T.Provenance.size())},
                     {"fields", join(T.FieldsWritten, ", ")},
                     {"fields_n", int64_t(T.FieldsWritten.size())},
                     {"reason", T.Reason}};
    if (Pages)
      Row["href"] = Site.typePage(I);
    if (!T.Hint.empty()) {
      Row["hint"] = T.Hint;
      Row["hint_title"] = hintTitle(T.Hint);
      Row["rank"] = T.HintRank;
      Row["hint_reason"] = T.HintReason;
    }
    Rows.push_back(std::move(Row));
  }
  json::Array Cols{column("name", "type", "text", "href"), column("kind", "kind", "text"),
                   column("defined_at", "defined at", "text", "loc_href"),
                   column("sites", "provenance sites", "num"),
                   column("fields", "fields written", "text", "", "fields_n"),
                   column("reason", "reason", "text")};
  if (Pages)
    Cols.push_back(column("hint_title", "verdict hint", "hint", "", "rank"));
  return json::Object{{"columns", std::move(Cols)},
                      {"rows", std::move(Rows)},
                      {"sort", Pages ? "rank" : "name"}};
}

json::Value warningTable(const SiteLayout &Site) {
  json::Array Rows;
  for (const Warning &W : Site.report().Warnings)
    Rows.push_back(json::Object{{"location", W.Location},
                                {"loc_href", Site.lineLink(W.Location)},
                                {"message", W.Message},
                                {"flag", W.Flag}});
  return json::Object{{"columns", json::Array{column("location", "location", "text", "loc_href"),
                                              column("message", "message", "text"),
                                              column("flag", "flag", "text")}},
                      {"rows", std::move(Rows)},
                      {"sort", ""}};
}

std::string tableSection(StringRef Id, StringRef Title, size_t Count, bool Open,
                         StringRef Placeholder) {
  std::string Out = "<section id=\"" + htmlEscape(Id) + "\">\n";
  Out += Open ? "<h2>" + htmlEscape(Title) + " <span class=\"count\">" +
                    std::to_string(Count) + "</span></h2>\n"
              : "<details><summary><h2>" + htmlEscape(Title) + " <span class=\"count\">" +
                    std::to_string(Count) + "</span></h2></summary>\n";
  Out += "<div class=\"controls\"><input type=\"search\" class=\"filter\" id=\"filter-" +
         htmlEscape(Id) + "\" data-filter-for=\"" + htmlEscape(Id) + "\" placeholder=\"" +
         htmlEscape(Placeholder) + "\" aria-label=\"filter\">";
  if (Id == "types") {
    Out += " <select class=\"facet\" id=\"facet-hint\" data-facet-for=\"types\" "
           "data-key=\"hint\" aria-label=\"verdict hint\"><option value=\"\">all hints</option>";
    for (const HintInfo &H : hintTable())
      Out += "<option value=\"" + std::string(H.Name) + "\">" + H.Title + "</option>";
    Out += "</select>";
  }
  Out += " <span class=\"shown\" data-shown-for=\"" + htmlEscape(Id) + "\"></span></div>\n";
  Out += "<table class=\"data\" id=\"table-" + htmlEscape(Id) + "\" data-table=\"" +
         htmlEscape(Id) + "\"></table>\n<div class=\"pager\" data-pager-for=\"" +
         htmlEscape(Id) + "\"></div>\n";
  return Out + (Open ? "" : "</details>\n") + "</section>\n";
}

} // namespace

std::string indexPage(const SiteLayout &Site) {
  const Report &R = Site.report();
  std::string Body = summary(R) + hintLegend(R);
  Body += tableSection("types", "Identified types", R.Types.size(), true,
                       "filter: name, file, field, reason, hint");
  Body += "<noscript><p>The table needs JavaScript; every type has a page:</p><ul>";
  for (size_t I = 0; I < R.Types.size(); ++I)
    Body += "<li>" + htmlLink(Site.typePage(I), R.Types[I].Name) + "</li>";
  Body += "</ul></noscript>\n";
  Body += tableSection("touched", "Touched, not loaded", R.Touched.size(), false,
                       "filter touched types");
  Body += tableSection("warnings", "Warnings", R.Warnings.size(), false, "filter warnings");
  json::Object Data{{"tables", json::Object{{"types", typeTable(Site, R.Types, true)},
                                            {"touched", typeTable(Site, R.Touched, false)},
                                            {"warnings", warningTable(Site)}}}};
  return renderPage("nvmove: persistent types (" + R.Mode + ")", "", "index", Body,
                    jsonIsland(json::Value(std::move(Data))));
}

} // namespace nvm::report
