// Library functions by what they do to memory and files (IOFunctions.def), for the analyses
// that ask by name; the summary recorder keeps its own tables of the reads and writes.
#ifndef NVM_LIBRARYFUNCTIONS_H
#define NVM_LIBRARYFUNCTIONS_H

#include "llvm/ADT/StringSet.h"

namespace nvm {

/// Gives memory back: handing it an object reads none of its bytes.
inline bool isDeallocator(llvm::StringRef Name) {
  static const llvm::StringSet<> Table = {
#define NVM_DEALLOCATOR(Name) #Name,
#include "nvm/IOFunctions.def"
  };
  return Table.contains(Name);
}

/// Opens a file or a directory.
inline bool isFileOpener(llvm::StringRef Name) {
  static const llvm::StringSet<> Table = {
#define NVM_IO_OPEN(Name) #Name,
#include "nvm/IOFunctions.def"
  };
  return Table.contains(Name);
}

} // namespace nvm

#endif
