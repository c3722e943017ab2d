// C syntax highlighting of source excerpts, line by line, into escaped HTML spans.
#ifndef NVMOVE_REPORT_SOURCEHIGHLIGHTER_H
#define NVMOVE_REPORT_SOURCEHIGHLIGHTER_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace nvm::report {

/// Highlights one line at a time; remembers an open /* comment */ across lines.
class SourceHighlighter {
public:
  /// The line as HTML: <span class="kw|ty|cm|st|nu|pp"> around tokens, the rest escaped.
  std::string line(llvm::StringRef Text);
  /// Forgets the comment state (at a gap between excerpts).
  void reset() { InComment = false; }

private:
  bool InComment = false;
};

} // namespace nvm::report

#endif
