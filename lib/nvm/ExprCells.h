// Names the abstract memory cells an expression reads, writes or points to (see CellNames.h
// for the cell vocabulary). Field-based: every object of a record shares its field cells.
#ifndef NVM_EXPRCELLS_H
#define NVM_EXPRCELLS_H

#include "nvm/Summary.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace nvm {

class ExprCells {
public:
  explicit ExprCells(const clang::FunctionDecl *Fn) : Fn(Fn) {}
  /// The function whose body the cells name (null for a global initializer).
  const clang::FunctionDecl *function() const { return Fn; }

  /// Cells whose data the value of E is computed from.
  std::vector<std::string> sources(const clang::Expr *E);
  /// The cell an assignment to l-value E writes, or empty when unknown.
  std::string written(const clang::Expr *E);
  /// The cell an l-value E is read from, or empty.
  std::string readFrom(const clang::Expr *E);
  /// What the pointer (or array) value Ptr points to, for reading / for writing.
  std::string pointeeRead(const clang::Expr *Ptr) { return pointee(Ptr, false); }
  std::string pointeeWrite(const clang::Expr *Ptr) { return pointee(Ptr, true); }
  /// The result cell of a call ("c<n>"), numbered in order of first sight.
  std::string callCell(const clang::CallExpr *C);
  /// The cell of a variable: "p<i>", "v:<name>@<line>" or "g:<name>".
  std::string varCell(const clang::VarDecl *V);
  /// "g:server.db" when l-value E is (an element of) a global or a field path of one.
  std::string globalRoot(const clang::Expr *E);
  /// "&f:<record>.<field>" when l-value E is a record embedded by value in another (&x->stat):
  /// the address of that member, so that what is stored through it reaches its container.
  std::string embeddedMember(const clang::Expr *E);
  /// The cell holding the pointer value of E (a variable, a field, a call result), or empty.
  std::string pointerCell(const clang::Expr *E);

  /// When set, each field cell named is also recorded once, with the pointer it is reached
  /// through (FunctionSummary::HeapFlows).
  std::vector<Flow> *HeapOut = nullptr;

private:
  std::string objectBase(const clang::MemberExpr *ME);
  void noteField(const std::string &Base, const std::string &Field, Flow::KindT Kind);
  std::string pointee(const clang::Expr *Ptr, bool ForWrite);
  std::string lvalueCell(const clang::Expr *E, bool ForWrite);
  void addSources(const clang::Expr *E, std::vector<std::string> &Out);

  const clang::FunctionDecl *Fn;
  llvm::DenseMap<const clang::CallExpr *, unsigned> CallIds;
  std::set<std::tuple<std::string, std::string, char>> Noted;
};

/// USR of a declaration (stable across TUs), or its name when no USR can be made. Static
/// functions of a main file also carry that file's path, since Clang's USR only has its
/// base name.
std::string usrOf(const clang::Decl *D);

/// The function name inside a USR made by usrOf().
std::string functionNameOfUsr(llvm::StringRef Usr);

} // namespace nvm

#endif
