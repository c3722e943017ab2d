// Page names and cross-links of the site.
#include "SiteLayout.h"
#include "report/SourceExcerpts.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace nvm::report {

std::string slugify(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    bool Safe = isAlnum(C) || C == '_' || C == '.' || C == '-';
    if (Safe)
      Out += C;
    else if (!Out.empty() && Out.back() != '-')
      Out += '-';
  }
  while (!Out.empty() && (Out.back() == '-' || Out.back() == '.'))
    Out.pop_back();
  if (Out.empty() || Out[0] == '.')
    Out = "t" + Out;
  return Out.substr(0, 100);
}

SiteLayout::SiteLayout(const Report &R) : R(R) {
  std::set<std::string> Used;
  for (size_t I = 0; I < R.Types.size(); ++I) {
    std::string Slug = slugify(R.Types[I].Name);
    std::string Unique = Slug;
    for (int N = 2; !Used.insert(StringRef(Unique).lower()).second; ++N)
      Unique = Slug + "-" + std::to_string(N); // case-insensitive file systems too
    TypePages.push_back("types/" + Unique + ".html");
    TypeByName.emplace(R.Types[I].Name, I);
    reference(R.Types[I].DefinedAt);
    for (const ProvenanceStep &P : R.Types[I].Provenance)
      reference(P.Statement);
  }
  for (const VisitedFn &F : R.Visited)
    if (FunctionDefs.emplace(F.Name, F.DefinedAt).second)
      reference(F.DefinedAt);
  for (const IndirectCall &C : R.Indirect)
    reference(C.Location);
}

void SiteLayout::reference(StringRef Loc) {
  std::string File;
  unsigned Line = 0;
  if (infer::splitLocation(Loc, File, Line) && lineText(File, Line))
    Referenced[File].insert(Line);
}

std::string SiteLayout::sourcePage(StringRef File) const {
  return "src/" + slugify(File) + ".html";
}

const std::string *SiteLayout::lineText(StringRef File, unsigned Line) const {
  auto It = R.Sources.find(File.str());
  if (It == R.Sources.end())
    return nullptr;
  for (const SourceRange &Rg : It->second)
    if (Line >= Rg.FirstLine && Line < Rg.FirstLine + Rg.Lines.size())
      return &Rg.Lines[Line - Rg.FirstLine];
  return nullptr;
}

std::string SiteLayout::lineLink(StringRef Loc) const {
  std::string File;
  unsigned Line = 0;
  if (!infer::splitLocation(Loc, File, Line) || !lineText(File, Line))
    return "";
  return sourcePage(File) + "#L" + std::to_string(Line);
}

std::string SiteLayout::functionLink(StringRef Name) const {
  auto It = FunctionDefs.find(Name.str());
  return It == FunctionDefs.end() ? "" : lineLink(It->second);
}

const std::set<unsigned> &SiteLayout::referencedLines(StringRef File) const {
  static const std::set<unsigned> None;
  auto It = Referenced.find(File.str());
  return It == Referenced.end() ? None : It->second;
}

int SiteLayout::typeIndex(StringRef Name) const {
  auto It = TypeByName.find(Name.str());
  return It == TypeByName.end() ? -1 : int(It->second);
}

} // namespace nvm::report
