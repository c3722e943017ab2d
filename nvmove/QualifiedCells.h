// Summary cells named program-wide (qualified by their function's USR), parsed back, and
// shown to a person. The vocabulary itself is lib/nvm/CellNames.h.
#ifndef NVMOVE_QUALIFIEDCELLS_H
#define NVMOVE_QUALIFIEDCELLS_H

#include "nvm/CellNames.h"
#include <string>
#include <utility>

namespace nvm::infer {

/// A cell of function FnUsr's summary, named globally: local cells become "<usr>|<cell>",
/// another function's ("@<usr>|p0") and shared cells keep their names; modifiers stay in front.
std::string qualifyCell(llvm::StringRef Cell, llvm::StringRef FnUsr);

/// A qualified cell as a person reads it: "rdbLoadObject: o", "robj.ptr", "*createObject: ptr".
std::string prettyCell(llvm::StringRef Cell);

/// "@usr|p3" (after any "~" and up to two "*") -> (usr, 3); ("", -1) when the cell is not a parameter
/// of another function.
std::pair<std::string, int> calleeParam(llvm::StringRef Cell);

/// The function a cell like "@usr|p0" or "*@usr|ret" belongs to, or empty.
std::string calleeOf(llvm::StringRef Cell);

/// Whether qualified cell Cell (after its modifiers "~" and "*") is a cell of function Usr.
bool isCellOf(llvm::StringRef Cell, llvm::StringRef Usr);

/// Whether qualified cell Cell (after its modifiers) is a parameter of function Usr, given
/// that isCellOf(Cell, Usr).
bool isParamOf(llvm::StringRef Cell, llvm::StringRef Usr);

} // namespace nvm::infer

#endif
