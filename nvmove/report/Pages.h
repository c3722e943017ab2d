// The page builders: each returns one complete HTML page for the site.
#ifndef NVMOVE_REPORT_PAGES_H
#define NVMOVE_REPORT_PAGES_H

#include "SiteLayout.h"

namespace nvm::report {

/// index.html: summary figures, hint legend, the sortable and filterable tables.
std::string indexPage(const SiteLayout &Site);
/// types/<slug>.html for R.Types[I]: definition, provenance chains, writers.
std::string typePage(const SiteLayout &Site, size_t I);
/// src/<slug>.html: the excerpts of File, every referenced line marked.
std::string sourcePage(const SiteLayout &Site, llvm::StringRef File);
/// callgraph.html around an SVG already rendered by Graphviz (empty: Graphviz unavailable,
/// Note says why).
std::string callGraphPage(const SiteLayout &Site, llvm::StringRef Svg, llvm::StringRef Note);
/// compare.html: which types each run found (Other may be null: a single run).
std::string comparePage(const SiteLayout &Site, const Report *Other, llvm::StringRef OtherName);

} // namespace nvm::report

#endif
