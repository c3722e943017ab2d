// HTML escaping and JSON data islands.
#include "HtmlEscape.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace nvm::report {

std::string htmlEscape(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

std::string htmlLink(StringRef Href, StringRef Text, StringRef Class) {
  if (Href.empty())
    return Class.empty() ? htmlEscape(Text)
                         : "<span class=\"" + htmlEscape(Class) + "\">" + htmlEscape(Text) + "</span>";
  std::string Out = "<a href=\"" + htmlEscape(Href) + "\"";
  if (!Class.empty())
    Out += " class=\"" + htmlEscape(Class) + "\"";
  return Out + ">" + htmlEscape(Text) + "</a>";
}

std::string jsonIsland(const json::Value &V) {
  std::string Raw;
  raw_string_ostream(Raw) << V;
  std::string Out;
  Out.reserve(Raw.size());
  // Outside strings JSON has no '<', '>' or '&', so escaping them everywhere is safe.
  for (char C : Raw) {
    if (C == '<')
      Out += "\\u003c";
    else if (C == '>')
      Out += "\\u003e";
    else if (C == '&')
      Out += "\\u0026";
    else
      Out += C;
  }
  return Out;
}

} // namespace nvm::report
