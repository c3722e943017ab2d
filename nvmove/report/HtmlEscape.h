// The one place where dynamic text becomes HTML: every page builder goes through it.
#ifndef NVMOVE_REPORT_HTMLESCAPE_H
#define NVMOVE_REPORT_HTMLESCAPE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace nvm::report {

/// Text or attribute value escaped for HTML (& < > " ').
std::string htmlEscape(llvm::StringRef Text);

/// <a href="Href" class="Class">Text</a>, both escaped; just the escaped Text if Href is empty.
std::string htmlLink(llvm::StringRef Href, llvm::StringRef Text, llvm::StringRef Class = "");

/// V as compact JSON safe inside <script type="application/json">: '<', '>' and '&' become
/// \u escapes, so no "</script" or "<!--" can end the island early.
std::string jsonIsland(const llvm::json::Value &V);

} // namespace nvm::report

#endif
