// The library functions that give memory back (IOFunctions.def): handing one an object reads
// none of its bytes.
#ifndef NVM_DEALLOCATORS_H
#define NVM_DEALLOCATORS_H

#include "llvm/ADT/StringSet.h"

namespace nvm {

inline bool isDeallocator(llvm::StringRef Name) {
  static const llvm::StringSet<> Table = {
#define NVM_DEALLOCATOR(Name) #Name,
#include "nvm/IOFunctions.def"
  };
  return Table.contains(Name);
}

} // namespace nvm

#endif
