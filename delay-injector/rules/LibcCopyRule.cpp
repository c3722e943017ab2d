// Library copies whose source or destination lies in a persistent record.
#include "rules/LibcCopyRule.h"
#include "rewrite/PersistentAccess.h"
#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace nvm::delay {

namespace {
struct LibcAccess {
  const char *Name;
  int Dst, Src, Size;
  bool Appends;
};
const LibcAccess Table[] = {
#define LIBC_ACCESS(N, D, S, Z, A) {#N, D, S, Z, A != 0},
#include "rules/LibcAccesses.def"
};
} // namespace

void LibcCopyRule::registerMatchers(MatchFinder &Finder) {
  std::vector<std::string> Names;
  for (const LibcAccess &A : Table) {
    Names.push_back(A.Name);
    Names.push_back(std::string("__builtin_") + A.Name);
  }
  std::vector<llvm::StringRef> Refs(Names.begin(), Names.end());
  Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(Refs)))).bind(Call), this);
}

void LibcCopyRule::run(const MatchFinder::MatchResult &R) {
  const auto *C = R.Nodes.getNodeAs<CallExpr>(Call);
  llvm::StringRef Name = C->getDirectCallee()->getName();
  Name.consume_front("__builtin_");
  const LibcAccess *A = nullptr;
  for (const LibcAccess &X : Table)
    if (Name == X.Name)
      A = &X;
  if (!A || (int)C->getNumArgs() <= std::max({A->Dst, A->Src, A->Size}))
    return;
  const RecordDecl *DstRD = A->Dst >= 0 ? pointedRecord(C->getArg(A->Dst), Ctx.Types) : nullptr;
  const RecordDecl *SrcRD = A->Src >= 0 ? pointedRecord(C->getArg(A->Src), Ctx.Types) : nullptr;
  if (!DstRD && !SrcRD)
    return;
  const SourceManager &SM = *R.SourceManager;
  const LangOptions &LO = R.Context->getLangOpts();
  std::vector<const Expr *> Dups;
  auto Text = [&](int I) {
    Dups.push_back(C->getArg(I));
    return textOf(C->getArg(I), SM, LO);
  };
  std::string Dst = A->Dst >= 0 ? Text(A->Dst) : "";
  std::string Src = A->Src >= 0 ? Text(A->Src) : "";
  std::string Size = A->Size >= 0 ? Text(A->Size) : "__builtin_strlen(" + Src + ") + 1";
  if ((A->Dst >= 0 && Dst.empty()) || (A->Src >= 0 && Src.empty()) || Size.empty()) {
    if (!SM.isInSystemHeader(SM.getExpansionLoc(C->getExprLoc())))
      Ctx.Sink.skip("macro-expansion");
    return;
  }
  std::string Charges;
  if (DstRD) {
    std::string At = A->Appends ? "(char *)(" + Dst + ") + __builtin_strlen(" + Dst + ")"
                                : "(" + Dst + ")";
    Charges = "pms_lat_write(" + At + ", " + Size + ")";
  }
  if (SrcRD)
    Charges += (Charges.empty() ? "" : ", ") + std::string("pms_lat_read((") + Src + "), " + Size + ")";
  const std::string *TypeName = Ctx.Types.match(DstRD ? DstRD : SrcRD);
  addWrapped(R, C, Dups, Charges, *TypeName, SrcRD != nullptr, DstRD != nullptr);
}

} // namespace nvm::delay
