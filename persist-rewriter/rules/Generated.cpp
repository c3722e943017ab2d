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
  std::string Declarator = Name.str() + "(";
  if (FD->param_empty())
    Declarator += "void";
  for (unsigned I = 0; I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    std::string N = P->getName().empty() ? "pms_arg" + std::to_string(I) : P->getName().str();
    llvm::raw_string_ostream PS(Declarator);
    PS << (I ? ", " : "");
    P->getOriginalType().print(PS, PP, N);
  }
  Declarator += ")";
  if (FD->getStorageClass() == SC_Static)
    OS << "static ";
  // The declarator goes inside the return type: `long (*pick(int k))(long)`.
  FD->getReturnType().print(OS, PP, Declarator);
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

std::string declaration(clang::QualType T, llvm::StringRef Name, const clang::ASTContext &AC) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  T.print(OS, PrintingPolicy(AC.getLangOpts()), Name);
  return OS.str();
}

std::string resultName(const FunctionDecl *FD) {
  std::string N = "pms_ret";
  for (bool Clash = true; Clash;) {
    Clash = false;
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getName() == N)
        Clash = true;
    if (Clash)
      N += "_";
  }
  return N;
}

unsigned lineOf(const SourceManager &SM, SourceLocation Loc) {
  return SM.getExpansionLineNumber(Loc);
}

} // namespace nvm::port
