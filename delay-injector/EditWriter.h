// Applies the collected edits and writes them out: a new directory, the sources, or YAML.
#ifndef DELAY_EDITWRITER_H
#define DELAY_EDITWRITER_H

#include "InjectDriver.h"

namespace nvm::delay {

/// The edit that ends a file with sites: `#include <pmem_shim/latency.h>` (Code is the file's
/// original text). The include goes last because the header pulls in system headers: at the top
/// it would come before the file's `#define _GNU_SOURCE` and hide declarations such as IOV_MAX;
/// the top of the file gets RuntimePrototypes instead.
clang::tooling::Replacement closingInclude(llvm::StringRef File, llvm::StringRef Code);

/// Writes every main file and header under Root into OutDir (which must not exist yet),
/// instrumented where there were sites, so that the copy builds on its own.
llvm::Error writeOutputDir(const InjectResult &R, llvm::StringRef Root, llvm::StringRef OutDir);
/// Rewrites the edited files themselves, each atomically.
llvm::Error writeInPlace(const InjectResult &R);
/// Writes the edits as clang-apply-replacements YAML.
llvm::Error exportFixes(const InjectResult &R, llvm::StringRef Path);

} // namespace nvm::delay

#endif
