// The HTML report: a static site rendered from the persistent-types JSON (and nothing else).
#ifndef NVMOVE_REPORT_HTMLREPORT_H
#define NVMOVE_REPORT_HTMLREPORT_H

#include "ReportModel.h"
#include "llvm/Support/Error.h"

namespace nvm::report {

struct HtmlOptions {
  bool Force = false;        ///< overwrite an existing, non-empty output directory
  const Report *Other = nullptr; ///< a second run for compare.html
  std::string OtherName;     ///< how compare.html names it
};

/// Writes index.html, types/, src/, callgraph.html (+ .svg, .dot), compare.html and assets/
/// into Dir. Fails without writing if Dir exists, is not empty and Force is off; fails with
/// the file name on the first write error. A missing Graphviz is not an error: the call-graph
/// page says so.
llvm::Error writeHtmlReport(const Report &R, llvm::StringRef Dir, const HtmlOptions &Options);

} // namespace nvm::report

#endif
