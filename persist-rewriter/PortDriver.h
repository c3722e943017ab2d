// Runs the rewrite rules over the units of a compile database and settles the edits that
// depend on the whole program (allocation sites, frees, libc stores).
#ifndef PORT_PORTDRIVER_H
#define PORT_PORTDRIVER_H

#include "PortConfig.h"
#include "PortSummary.h"
#include "rewrite/TypeList.h"
#include "rewrite/SourceEdits.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <set>

namespace nvm::port {

/// The first line of every rewritten file; its presence marks a file as ported.
inline constexpr const char PortPrologue[] =
    "#include <pmem_shim/port.h> /* persist-rewriter */\n#line 1\n";

struct PortResult {
  rewrite::SourceEdits Edits;
  PortSummary Summary;
  std::vector<std::string> MainFiles;
  std::set<std::string> IncludedFiles;
  /// Every record the parsed units define, by the names an exclusion may use: its tag, its
  /// typedef names and nvmove's name of it ("struct (anonymous at f.c:3)").
  std::set<std::string> DefinedRecords;
};

/// Rewrites the units of Commands; only files under Root are edited.
PortResult port(const std::vector<clang::tooling::CompileCommand> &Commands,
                const rewrite::TypeList &Types, const PortConfig &Config,
                const std::vector<std::string> &Roots, llvm::StringRef Root);

} // namespace nvm::port

#endif
