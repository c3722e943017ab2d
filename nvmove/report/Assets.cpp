// Looks up the embedded assets and fills the page template.
#include "Assets.h"
#include "HtmlEscape.h"
#include "ReportAssets.inc"

using namespace llvm;

namespace nvm::report {

StringRef asset(StringRef Name) {
  for (const assets::Asset &A : assets::All)
    if (Name == A.Name)
      return StringRef(A.Data, A.Size);
  return "";
}

std::vector<std::string> siteAssets() {
  std::vector<std::string> Out;
  for (const assets::Asset &A : assets::All)
    if (StringRef(A.Name).endswith(".css") || StringRef(A.Name).endswith(".js"))
      Out.push_back(A.Name);
  return Out;
}

std::string renderPage(StringRef Title, StringRef Root, StringRef PageClass, StringRef Body,
                       StringRef Data) {
  std::string Island;
  if (!Data.empty())
    Island = "<script type=\"application/json\" id=\"report-data\">" + Data.str() + "</script>\n";
  // One pass over the template, so a placeholder spelled inside Body is never re-expanded.
  StringRef T = asset("page.html");
  std::string Out;
  while (!T.empty()) {
    size_t At = T.find('@');
    Out += T.substr(0, At).str();
    if (At == StringRef::npos)
      break;
    T = T.substr(At);
    auto Take = [&](StringRef Key, const std::string &With) {
      if (!T.startswith(Key))
        return false;
      Out += With;
      T = T.substr(Key.size());
      return true;
    };
    if (!Take("@TITLE@", htmlEscape(Title)) && !Take("@ROOT@", Root.str()) &&
        !Take("@CLASS@", PageClass.str()) && !Take("@BODY@", Body.str()) &&
        !Take("@DATA@", Island)) {
      Out += '@';
      T = T.substr(1);
    }
  }
  return Out;
}

} // namespace nvm::report
