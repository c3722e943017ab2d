// The walk from the load functions as a Graphviz graph, rendered to SVG by Debian's `dot`.
#ifndef NVMOVE_REPORT_CALLGRAPH_H
#define NVMOVE_REPORT_CALLGRAPH_H

#include "SiteLayout.h"
#include "llvm/Support/Error.h"

namespace nvm::report {

/// The DOT text: visited functions (load functions bold), calls not entered grouped by
/// reason, unfollowed function-pointer calls in red. Node URLs are relative to the site root.
std::string callGraphDot(const SiteLayout &Site);

/// Runs `dot -Tsvg` on Dot (found on PATH, or the NVMOVE_DOT variable); the SVG text, or an
/// error saying why there is none.
llvm::Expected<std::string> renderSvg(llvm::StringRef Dot);

} // namespace nvm::report

#endif
