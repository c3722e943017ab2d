// The report's own CSS, JS and page template, embedded in the binary at build time.
#ifndef NVMOVE_REPORT_ASSETS_H
#define NVMOVE_REPORT_ASSETS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace nvm::report {

/// The embedded file Name (e.g. "report.css"), or an empty string if there is none.
llvm::StringRef asset(llvm::StringRef Name);

/// Names of the assets copied into the site's assets/ folder (CSS and JS).
std::vector<std::string> siteAssets();

/// A whole page from assets/page.html. Title is escaped here; Body is HTML built by the page
/// builders (already escaped); Root is "" or "../"; Data, if not empty, is a JSON island.
std::string renderPage(llvm::StringRef Title, llvm::StringRef Root, llvm::StringRef PageClass,
                       llvm::StringRef Body, llvm::StringRef Data);

} // namespace nvm::report

#endif
