// Where each page of the site lives and how one page links to a line of source or a type.
#ifndef NVMOVE_REPORT_SITELAYOUT_H
#define NVMOVE_REPORT_SITELAYOUT_H

#include "ReportModel.h"
#include <map>
#include <set>

namespace nvm::report {

class SiteLayout {
public:
  explicit SiteLayout(const Report &R);

  /// "types/<slug>.html" for R.Types[I] (slugs are unique and stable for one JSON).
  const std::string &typePage(size_t I) const { return TypePages[I]; }
  /// "src/<slug>.html" for a source file of the excerpts.
  std::string sourcePage(llvm::StringRef File) const;
  /// "src/<slug>.html#L<n>" if Loc's line is among the excerpts, else "".
  std::string lineLink(llvm::StringRef Loc) const;
  /// The link to where visited function Name is defined, or "".
  std::string functionLink(llvm::StringRef Name) const;
  /// The line of source at File:Line if the excerpts hold it.
  const std::string *lineText(llvm::StringRef File, unsigned Line) const;
  /// Lines of File that the report refers to (definitions, statements, calls).
  const std::set<unsigned> &referencedLines(llvm::StringRef File) const;
  /// The index of the type page named Name (first match), or -1.
  int typeIndex(llvm::StringRef Name) const;

  const Report &report() const { return R; }

private:
  void reference(llvm::StringRef Loc);

  const Report &R;
  std::vector<std::string> TypePages;
  std::map<std::string, std::string> FunctionDefs;
  std::map<std::string, std::set<unsigned>> Referenced;
  std::map<std::string, size_t> TypeByName;
};

/// A file-name-safe spelling of Text: [A-Za-z0-9_.-], others become '-'.
std::string slugify(llvm::StringRef Text);

} // namespace nvm::report

#endif
