// Printing prototypes of generated wrappers.
#include "rules/Generated.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nvm::port {

std::string prototype(const FunctionDecl *FD, llvm::StringRef Name) {
  PrintingPolicy PP(FD->getASTContext().getLangOpts());
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (FD->getStorageClass() == SC_Static)
    OS << "static ";
  FD->getReturnType().print(OS, PP);
  OS << " " << Name << "(";
  if (FD->param_empty())
    OS << "void";
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    if (I)
      OS << ", ";
    std::string N = P->getName().empty() ? "pms_arg" + std::to_string(I) : P->getName().str();
    P->getOriginalType().print(OS, PP, N);
  }
  OS << ")";
  return OS.str();
}

std::string forwardArguments(const FunctionDecl *FD) {
  std::string Out;
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    Out += (I ? ", " : "") +
           (P->getName().empty() ? "pms_arg" + std::to_string(I) : P->getName().str());
  }
  return Out;
}

unsigned lineOf(const SourceManager &SM, SourceLocation Loc) {
  return SM.getExpansionLineNumber(Loc);
}

} // namespace nvm::port
