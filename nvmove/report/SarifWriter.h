// SARIF 2.1.0 for code-scanning tools: one result per persistent type, provenance as code flows.
#ifndef NVMOVE_REPORT_SARIFWRITER_H
#define NVMOVE_REPORT_SARIFWRITER_H

#include "ReportModel.h"
#include "llvm/Support/JSON.h"

namespace nvm::report {

/// The SARIF log of one run. URIs are the JSON's relative paths under uriBaseId %SRCROOT%.
llvm::json::Value toSarif(const Report &R);

} // namespace nvm::report

#endif
