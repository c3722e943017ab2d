// The per-translation-unit summary: everything the walk needs, so that a TU is parsed once.
#ifndef NVM_SUMMARY_H
#define NVM_SUMMARY_H

#include "nvm/CellNames.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <set>
#include <string>
#include <vector>

namespace nvm {

/// Bump when the summary layout or its extraction rules change: cached summaries of
/// another version are ignored.
inline constexpr int SummaryVersion = 58;

/// A field of a record, with the record its type points to (if any).
struct FieldInfo {
  std::string Name;
  std::string Type;
  std::string PointeeRecord; ///< record key reached through pointers/arrays, or empty
  bool BytePointer = false;  ///< a pointer to char-sized integers, through any typedef
};

/// A struct or union definition.
struct RecordInfo {
  std::string Key;                       ///< stable identity: "struct tag", or "typedef name"
  std::string Name;                      ///< typedef name if any, else the tag
  std::string Tag;                       ///< empty for anonymous records
  std::vector<std::string> TypedefNames; ///< every typedef naming this record
  std::string Kind;                      ///< "struct" or "union"
  std::string DefinedAt;                 ///< file:line
  bool InApp = false;                    ///< defined in the application, not a system header
  std::vector<FieldInfo> Fields;
  std::string Enclosing; ///< key of the record whose definition this one's is written inside
};

/// A modification of an l-value (paper mode's evidence).
struct WriteSite {
  std::string Loc;                  ///< file:line:col
  std::string Op;                   ///< "=", "+=", "++", "memcpy", ...
  std::string Target;               ///< the l-value as written
  std::vector<std::string> Records; ///< record keys the l-value is typed by or goes through
  std::vector<std::string> Fields;  ///< "record-key.field" written
  std::string Value;                ///< what is stored: constant, counter, text or data
};

/// A call in a function body.
struct CallSite {
  std::string Loc;
  std::string CalleeUsr;  ///< empty for calls through function pointers
  std::string CalleeName; ///< callee, or the pointer expression as written
  std::string CalleeCell; ///< for indirect calls: the cell holding the pointer, if known
  /// Every path after the call ends in a call that never returns (ExitPaths.h): a library
  /// exit, or one of EndsThrough, each of which must end the process itself.
  bool EndsProcess = false;
  std::vector<std::string> EndsThrough; ///< USRs of the program functions those paths end in
  /// Facts on the caller's own parameters that hold whenever the call runs (CallGuards.h).
  std::vector<std::string> Guards;
  /// Per argument: its value when it is an integer constant (a null pointer is "0"), else "".
  std::vector<std::string> ConstArgs;
  bool InLoop = false; ///< inside a for, while or do loop of the body: it may run again later
};

/// One edge of the data-flow graph of a function (precise and backtrack modes), between two
/// cells named by the vocabulary of nvm/CellNames.h.
struct Flow {
  enum KindT : char {
    Store = 's', ///< data is stored into To (an assignment, a copy, a read into a buffer)
    Alias = 'a', ///< To sees what From holds because two pointers share a pointee
    Back = 'b',  ///< a callee's writes through its parameter From reach the caller's To
    Base = 'w',  ///< the pointer held in From is the base of a store into cell To
    Type = 't',  ///< From holds a pointer to the record named by To ("t:<record>"); from a
                 ///< "t:<record>", a pointer to that record is cast to To (an overlay)
    ReadBase = 'r', ///< the pointer held in From is the base of a read of field cell To
                    ///< (FunctionSummary::HeapFlows only)
  };
  std::string From;
  std::string To;
  std::string Loc;
  KindT Kind = Store;
};

/// Where a body first reads and first writes a field of a record, as sourcePosition() of the
/// use (-1: never). A write counts where the assignment ends, after what its right-hand
/// side reads. Field "f:<record>.*" stands for every field of the record (whole-object copies,
/// a library call handed the object's address).
struct FieldOrder {
  std::string Field;
  int64_t FirstRead = -1, FirstWrite = -1;
};

/// Line and column as one position FieldOrder compares: line * 100000 + column.
inline int64_t sourcePosition(unsigned Line, unsigned Column) {
  return int64_t(Line) * 100000 + Column;
}
/// "file:line:col" -> its sourcePosition (-1: no position).
int64_t sourcePosition(llvm::StringRef Loc);

/// Everything the walk needs to know about one function with a body.
struct FunctionSummary {
  std::string Usr;
  std::string Name;
  std::string DefinedAt;
  bool InApp = false;           ///< body is in the application (not a system header)
  bool TrivialSignature = false; ///< no parameters, or only non-pointer builtins
  bool ReturnsPointer = false;
  bool ReturnsRecord = false;    ///< returns a struct or union by value (a whole object)
  bool NoReturn = false;         ///< never returns (noreturn, or always ends in exit/abort)
  /// Every path through the body ends the process: in a library exit, or in one of
  /// EndsThrough (which must end it too; ExitPaths.h).
  bool EndsProcess = false;
  std::vector<std::string> EndsThrough;
  /// The direct callees that end a path of the body without returning (ExitPaths.h): when
  /// one of them goes on elsewhere (longjmp), so may the body.
  std::vector<std::string> NoReturnCallees;
  unsigned NumParams = 0;
  std::vector<WriteSite> Writes;
  std::vector<CallSite> Calls;
  std::vector<Flow> Flows;
  /// Address values only (PointerFlowRecorder.h): what the pool-pointer rule follows. Kept
  /// apart from Flows, which carry data and which every other analysis reads.
  std::vector<Flow> PointerFlows;
  /// What the allocation-site heap reads (--heap=sites), once per function and field cell:
  /// Flow::Base and Flow::ReadBase edges from the pointer a field cell is written or read
  /// through ("?" when no pointer reaches it: a local struct, a call's result), and
  /// Flow::Alias edges from "&" to a field cell whose address is taken.
  std::vector<Flow> HeapFlows;
  std::set<std::string> GlobalsUsed; ///< globals the body names (by name)
  std::vector<FieldOrder> FieldOrders; ///< per field cell the body touches (FieldAccessOrder.h)
};

/// The summary of one translation unit.
struct TUSummary {
  std::string File;
  bool Parsed = true;               ///< false when the TU had errors (results may be incomplete)
  std::vector<std::string> Errors;  ///< first diagnostics of a TU that did not parse
  std::vector<RecordInfo> Records;
  std::vector<FunctionSummary> Functions;
  std::vector<Flow> GlobalFlows; ///< from initializers of globals (e.g. tables of callbacks)
  /// Globals of record type, or pointer to one: "g:<name>" -> record key.
  std::vector<std::pair<std::string, std::string>> GlobalRecords;
  /// Those of GlobalRecords that are the record itself, or an array of it, not a pointer.
  std::set<std::string> GlobalObjects;
};

llvm::json::Value toJSON(const TUSummary &S);
/// Reads a summary back; fails on anything that is not a summary of this version.
llvm::Expected<TUSummary> summaryFromJSON(const llvm::json::Value &V);

} // namespace nvm

#endif
