// What a port needs besides the persistent types: the program's allocation wrappers, its
// operations, its load call and roots, and where its pool lives. Read from a small config file
// and from the command line (which wins).
#ifndef PORT_PORTCONFIG_H
#define PORT_PORTCONFIG_H

#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace nvm::port {

/// The runtime call an allocation-like function is redirected to.
/// Each kind has the signature of its libc namesake; zalloc is one-argument calloc, and the
/// *_usable kinds take a trailing `size_t *usable` (Redis' zmalloc_usable and friends).
enum class AllocKind {
  Malloc, Zalloc, Calloc, Realloc, Strdup, Free, UsableSize,
  MallocUsable, ZallocUsable, ReallocUsable, FreeUsable
};

/// The global a root path starts from: "server" of "server.db" or of "queue->head".
inline llvm::StringRef rootGlobalName(llvm::StringRef Root) {
  return Root.split('.').first.split("->").first;
}

/// True for the kinds that create objects (their sites are the flow graph's allocation sites).
bool allocates(AllocKind K);
/// True for the runtime's allocating functions (pms_malloc, pms_zalloc, ...), which ported
/// sources call in place of the program's allocators.
bool portAllocates(llvm::StringRef RuntimeName);

/// "malloc" -> AllocKind::Malloc; false when Name is not a kind.
bool parseAllocKind(llvm::StringRef Name, AllocKind &Kind);
llvm::StringRef allocKindName(AllocKind K);
/// The runtime function a site of kind K becomes.
llvm::StringRef runtimeFunction(AllocKind K);

struct PortConfig {
  /// Allocation functions (or function-like macros) by name: libc's, plus the program's wrappers.
  /// The bodies of wrappers (and of dispatchers) are their implementation: never rewritten.
  std::map<std::string, AllocKind> Allocators;
  /// Wrappers whose definitions get a prologue that hands pool pointers to the runtime
  /// (free, realloc and usable-size wrappers that call libc on whatever they are given).
  std::map<std::string, AllocKind> Dispatchers;
  /// Types of the JSON to leave alone (false positives the user has ruled out).
  std::vector<std::string> ExcludeTypes;
  /// Functions that are one operation each: a failure-atomic transaction around every call.
  std::vector<std::string> Operations;
  /// The load functions whose calls become "restore the roots when warm, else load".
  std::vector<std::string> LoadCalls;
  /// Roots: globals, or fields of globals ("server.db"), that hold pool pointers.
  std::vector<std::string> Roots;
  /// `root = none`: the value roots are the whole state; nvmove's roots are not bound.
  bool RootsNone = false;
  /// Globals whose bytes are persistent state (a hash seed, arrays of list heads): saved in the
  /// pool and restored on a warm start.
  std::vector<std::string> ValueRoots;
  /// Set-up the load does besides loading (opening the log it replays): functions the load
  /// wrapper also calls on a warm start, with no arguments or with the load call's own.
  std::vector<std::string> WarmRuns;
  /// Calls that would re-initialise that state at start-up: skipped on a warm start. "fn" means
  /// the calls in main before its load call, "caller:fn" the calls of fn in caller.
  std::vector<std::string> WarmSkips;
  /// The program's own save of its whole state (a snapshot written at a clean stop): after a
  /// successful call (0 returned, or any return of a void function) and no operation since, the
  /// next start loads that save cold instead of starting warm.
  std::vector<std::string> SavedBy;
  /// "T.f" fields nvmove lists as volatile that are state all the same (a reference count
  /// whose references all live in the pool): never reset by reinit-volatile.
  std::vector<std::string> PersistentFields;
  /// Accept a port whose warm start restores no root and no value root (else an error: such a
  /// port would restart empty after every crash).
  bool AllowEmptyWarmStart = false;
  /// Log the targets of a straight-line run of stores together, one barrier for the run
  /// (StoreRunRule). An optimisation: --check leaves it out, a port without it is complete.
  bool LogRuns = true;
  /// What a replaced load call returns on a warm start ("0" unless configured).
  std::string WarmReturn = "0";
  bool WarmReturnSet = false; // else a load function returning a root's type returns the root
  /// The function that opens the pool first thing, and the pool's default path.
  std::string Main = "main";
  std::string Pool;
  /// Lazy re-initialisation of the volatile fields of persistent types (lesson 8): a generation
  /// field is added to each such type and every access to one of its volatile fields first
  /// resets them once per start. Fields come from nvmove's `volatile_fields` and from
  /// `volatile-field = type.field[:value]` (the value they restart with; 0 by default).
  bool ReinitVolatile = false;
  std::map<std::string, std::map<std::string, std::string>> VolatileFields; // type -> field -> value
  /// True when Field of the type named Type (in the type list) is a volatile field.
  bool isVolatileField(llvm::StringRef Type, llvm::StringRef Field) const;
  /// What a reset also means for an object (return a reserved job to its queue):
  /// `volatile-reset = type: fn`, fn an external `void fn(type *)` called after the fields of
  /// the object are reset, once per start, before the first access to one of them.
  std::map<std::string, std::string> VolatileResets; // type -> fn
  /// Fields whose loss in a crash is harmless (an LRU clock, access statistics): their stores
  /// are left as they are, so an operation that writes only them needs no transaction.
  /// `unlogged-field = type.field, ...`.
  std::map<std::string, std::vector<std::string>> UnloggedFields; // type -> fields
  /// True when Field of the record named Type (or tagged Tag) is such a field.
  bool isUnloggedField(llvm::StringRef Type, llvm::StringRef Tag, llvm::StringRef Field) const;
  /// Flag bits whose loss in a crash is harmless (memcached's ITEM_FETCHED, ITEM_ACTIVE): a store
  /// that only sets them (`f |= A | B`) or only clears them (`f &= ~A`) is left as it is; other
  /// stores into the field stay logged, and an undo of those restores the whole field.
  /// `unlogged-bits = type.field: NAME NAME ...` (macro or enumerator names).
  std::map<std::string, std::map<std::string, std::vector<std::string>>> UnloggedBits;
  /// The harmless bits of Field of the record named Type (or tagged Tag); null when none.
  const std::vector<std::string> *unloggedBits(llvm::StringRef Type, llvm::StringRef Tag,
                                               llvm::StringRef Field) const;
  /// Release pthread locks taken in operations at commit instead of at once (lesson 10).
  bool DeferUnlocks = true;

  PortConfig();
  /// Reads "key = value[, value...]" lines ('#' starts a comment) from Path.
  llvm::Error readFile(llvm::StringRef Path);
  /// Applies one setting; Origin names it in errors ("file:line" or "--option").
  llvm::Error set(llvm::StringRef Key, llvm::StringRef Value, llvm::StringRef Origin);
};

} // namespace nvm::port

#endif
