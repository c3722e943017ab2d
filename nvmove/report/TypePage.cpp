// types/<slug>.html: one persistent type, with everything needed to accept or reject it.
#include "Assets.h"
#include "HtmlEscape.h"
#include "PageParts.h"
#include "Pages.h"
#include "report/SourceExcerpts.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace llvm;

namespace nvm::report {
namespace {

/// True if Line declares one of Fields: the name followed by ';', ',', '[', ':' or ')'.
bool declaresField(StringRef Line, const std::vector<std::string> &Fields) {
  for (const std::string &F : Fields) {
    for (size_t P = Line.find(F); P != StringRef::npos; P = Line.find(F, P + 1)) {
      if (P > 0 && (isAlnum(Line[P - 1]) || Line[P - 1] == '_'))
        continue;
      StringRef After = Line.substr(P + F.size()).ltrim();
      if (!After.empty() && StringRef(";,[:)").contains(After[0]))
        return true;
    }
  }
  return false;
}

std::string definition(const SiteLayout &Site, const TypeEntry &T) {
  std::string Out = "<section id=\"definition\">\n<h2>Definition</h2>\n";
  std::string File;
  unsigned Line = 0;
  if (!infer::splitLocation(T.DefinedAt, File, Line) || !Site.lineText(File, Line))
    return Out + "<p class=\"missing\">The source of this definition is not in the JSON.</p>\n"
                 "</section>\n";
  unsigned Last = std::max(T.DefinedUntil, Line);
  auto Class = [&](unsigned L) -> std::string {
    const std::string *Text = Site.lineText(File, L);
    if (L != Line && Text && declaresField(*Text, T.FieldsWritten))
      return "written";
    return L == Line ? "target" : "";
  };
  Out += codeBlock(Site, File, Line, Last, Class, "", "../");
  std::string Names;
  for (size_t I = 0; I < T.FieldsWritten.size(); ++I)
    Names += (I ? ", " : "") + std::string("<code class=\"field\">") +
             htmlEscape(T.FieldsWritten[I]) + "</code>";
  Out += "<p class=\"note\">Highlighted: the fields written on the walk (" +
         (Names.empty() ? std::string("none") : Names) + ").</p>\n";
  return Out + "</section>\n";
}

std::string fieldTable(const TypeEntry &T) {
  if (T.Fields.empty())
    return "";
  std::set<std::string> Written(T.FieldsWritten.begin(), T.FieldsWritten.end());
  std::string Out = "<section id=\"fields\">\n<h2>Fields</h2>\n<table class=\"data fields\">"
                    "<thead><tr><th>field</th><th>type</th><th>written</th></tr></thead><tbody>\n";
  for (const auto &[Name, Type] : T.Fields)
    Out += std::string("<tr") + (Written.count(Name) ? " class=\"written\"" : "") + "><td>" +
           htmlEscape(Name) + "</td><td><code>" + htmlEscape(Type) + "</code></td><td>" +
           (Written.count(Name) ? "written" : "") + "</td></tr>\n";
  return Out + "</tbody></table>\n</section>\n";
}

std::string chain(const SiteLayout &Site, const ProvenanceStep &P, size_t N, bool Excerpt) {
  std::string Out = "<li class=\"chain\" id=\"site-" + std::to_string(N) + "\">\n<div class=\"steps\">";
  for (size_t I = 0; I < P.CallChain.size(); ++I) {
    std::string Href = Site.functionLink(P.CallChain[I]);
    Out += (I ? "<span class=\"arrow\"> &#8594; </span>" : "") +
           htmlLink(Href.empty() ? "" : "../" + Href, P.CallChain[I], "step");
  }
  std::string Href = Site.lineLink(P.Statement);
  Out += "<span class=\"arrow\"> &#8594; </span>" +
         htmlLink(Href.empty() ? "" : "../" + Href, P.Statement, "stmt") + "</div>\n";
  Out += "<p class=\"evidence\">" + htmlEscape(P.Evidence) + "</p>\n";
  std::string File;
  unsigned Line = 0;
  if (Excerpt && infer::splitLocation(P.Statement, File, Line) && Site.lineText(File, Line))
    Out += codeBlock(Site, File, Line > 2 ? Line - 2 : 1, Line + 2,
                     [&](unsigned L) { return L == Line ? std::string("target") : ""; }, "",
                     "../");
  return Out + "</li>\n";
}

std::string writers(const SiteLayout &Site, const TypeEntry &T) {
  std::map<std::string, std::vector<std::string>> ByFunction;
  for (const ProvenanceStep &P : T.Provenance)
    ByFunction[P.Function].push_back(P.Statement);
  std::string Out = "<section id=\"writers\">\n<h2>Functions that write it</h2>\n<ul>\n";
  for (const auto &[Fn, Stmts] : ByFunction) {
    std::string Href = Site.functionLink(Fn);
    Out += "<li>" + htmlLink(Href.empty() ? "" : "../" + Href, Fn, "fn") + ": ";
    for (size_t I = 0; I < Stmts.size(); ++I) {
      std::string L = Site.lineLink(Stmts[I]);
      Out += (I ? ", " : "") + htmlLink(L.empty() ? "" : "../" + L, Stmts[I]);
    }
    Out += "</li>\n";
  }
  return Out + "</ul>\n</section>\n";
}

} // namespace

std::string typePage(const SiteLayout &Site, size_t I) {
  const TypeEntry &T = Site.report().Types[I];
  std::string Loc = Site.lineLink(T.DefinedAt);
  std::string Body = "<nav class=\"crumbs\"><a href=\"../index.html#types\">all types</a> "
                     "&#8250; " + htmlEscape(T.Name) + "</nav>\n";
  Body += "<h1 id=\"type-name\"><span class=\"kind\">" + htmlEscape(T.Kind) + "</span> " +
          htmlEscape(T.Name) + "</h1>\n";
  Body += "<p class=\"meta\">defined at " + htmlLink(Loc.empty() ? "" : "../" + Loc, T.DefinedAt) +
          " &#183; " + std::to_string(T.Provenance.size()) +
          " provenance site(s) &#183; persistent because " + htmlEscape(reasonText(T.Reason)) +
          " (<code>" + htmlEscape(T.Reason) + "</code>)</p>\n";
  if (!T.Hint.empty())
    Body += "<div id=\"hint\" class=\"hint hint-" + htmlEscape(T.Hint) + "\">" +
            hintBadge(T.Hint) + " <span class=\"hint-reason\">" + htmlEscape(T.HintReason) +
            "</span></div>\n";
  Body += definition(Site, T) + fieldTable(T);
  Body += "<section id=\"provenance\">\n<h2>Provenance</h2>\n<p class=\"note\">Each chain runs "
          "from a load function to the statement that made the type persistent; every step "
          "links to its source.</p>\n<ol class=\"chains\">\n";
  std::set<std::string> Shown; // one excerpt per statement, however many chains reach it
  for (size_t N = 0; N < T.Provenance.size(); ++N)
    Body += chain(Site, T.Provenance[N], N + 1, Shown.insert(T.Provenance[N].Statement).second);
  Body += "</ol>\n</section>\n" + writers(Site, T);
  return renderPage(T.Name + " (nvmove)", "../", "type", Body, "");
}

} // namespace nvm::report
