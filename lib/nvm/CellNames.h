// The flow graph's node vocabulary: every way a cell name says which storage it stands for.
//
// Summaries (lib/nvm) name a function's cells locally; nvmove qualifies the local ones with
// their function's USR ("<usr>|v:n@12") and keeps the shared ones as they are.
//
// Local to one function (qualified as "<usr>|<cell>" in the graph):
//   v:<name>@<line>  a local variable          p<i>    parameter i
//   ret              the return value          c<n>    the result of call number n
//   in:c<n>          what input call c<n> reads from its stream
//   k:c<n>           the handle input call c<n> names as a constant (descriptor 0, stdin)
//   a:c<n>           the size argument of the allocation whose result is c<n>
//   ?c<n>            the placeholder callee of an indirect call (targets come from the walk)
// Another function's cells, seen from a call:  @<usr>|p<i>  @<usr>|ret
// Library calls in the program-wide uses graph (SinkBound.h): <usr>|lib:<loc>:<callee>|arg
//   (what goes in) and ...|ret (what comes out)
// Shared by the whole program (never qualified):
//   g:<global>[.<field>...]  a global, or a field path of one
//   f:<record>.<field>       a field of every object of a record (the field-based heap)
//   &f:<record>.<field>      the address of a record embedded by value in another
//   o:<record> / r:<record>  whole objects of a record, written / read
//   t:<record>               "points to a <record>" (targets of Flow::Type edges)
//   sz:<record>              sizeof(<record>)          fn:<usr>  a function's address
//   h:<usr>|c<n>             the objects allocated by call c<n> of <usr> (--heap=sites);
//   h:<usr>|c<n>#f:<r>.<f>   a field of those objects; h:?#f:<r>.<f> the writes to a field
//                            through pointers the heap does not follow
//   h:<usr>|c<n>#*f:<r>.<f>  the bytes the pointer field f of those objects points to
//                            (and h:?#*f:..., <usr>|p<i>#w#*f:... as for fields)
//   <usr>|p<i>#w#f:<r>.<f>   (--heap=sites) what function <usr> writes into field f of the
//                            object its parameter i points to, bound at each call;
//                            <usr>|p<i>#r#f:<r>.<f> what it reads from there
//   <usr>|ret#w#f:<r>.<f>    (--heap=sites) what allocation wrapper <usr> writes into field
//                            f of the fresh object it returns, bound to each call's site
//   LOAD SINK OUTPUT FORMAT ALLOC ESCAPE   (see the constants below)
// Modifiers, applied in front of any cell:
//   *<cell>   what the pointer held in <cell> points to
//   &<cell>   the address of <cell> (a local or global whose address is taken)
//   ~<cell>   the stream (file, descriptor, mapping) whose handle <cell> holds
//   w:<cell>  "a store into <cell>" (targets of Flow::Base edges)
#ifndef NVM_CELLNAMES_H
#define NVM_CELLNAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <string>

namespace nvm {
namespace cell {

// Prefixes of shared cells.
inline constexpr llvm::StringLiteral Global = "g:";
inline constexpr llvm::StringLiteral Field = "f:";
inline constexpr llvm::StringLiteral EmbeddedMember = "&f:";
inline constexpr llvm::StringLiteral Object = "o:";
inline constexpr llvm::StringLiteral ObjectRead = "r:";
inline constexpr llvm::StringLiteral Type = "t:";
inline constexpr llvm::StringLiteral Sizeof = "sz:";
inline constexpr llvm::StringLiteral FunctionAddress = "fn:";
inline constexpr llvm::StringLiteral HeapSite = "h:";
// Prefixes of local cells.
inline constexpr llvm::StringLiteral Var = "v:";
inline constexpr llvm::StringLiteral Param = "p";
inline constexpr llvm::StringLiteral Call = "c";
inline constexpr llvm::StringLiteral Input = "in:";
inline constexpr llvm::StringLiteral ConstantHandle = "k:";
inline constexpr llvm::StringLiteral AllocationSize = "a:";
inline constexpr llvm::StringLiteral LibraryCall = "lib:";
// Modifiers and separators.
inline constexpr llvm::StringLiteral Pointee = "*";
inline constexpr llvm::StringLiteral AddressOf = "&";
inline constexpr llvm::StringLiteral Stream = "~";
inline constexpr llvm::StringLiteral WriteTarget = "w:";
inline constexpr llvm::StringLiteral Callee = "@";
inline constexpr llvm::StringLiteral UnknownCallee = "?";
// Between a heap site (or a parameter) and a field of its objects.
inline constexpr llvm::StringLiteral SiteField = "#";
inline constexpr llvm::StringLiteral ParamFieldWrite = "#w#";
inline constexpr llvm::StringLiteral ParamFieldRead = "#r#";
/// The site that stands for objects the allocation-site heap does not follow.
inline constexpr llvm::StringLiteral UnknownSite = "h:?";
inline constexpr char Separator = '|';

/// Data read from outside (every read, or what an unknown callback is assumed to read).
inline constexpr llvm::StringLiteral Load = "LOAD";
/// Data written to outside (write, send, fwrite).
inline constexpr llvm::StringLiteral Sink = "SINK";
/// Data shown to the user (printf, syslog, perror).
inline constexpr llvm::StringLiteral Output = "OUTPUT";
/// Marks the buffers a sprintf-family call formats into.
inline constexpr llvm::StringLiteral Format = "FORMAT";
/// Fresh memory from an allocator.
inline constexpr llvm::StringLiteral Alloc = "ALLOC";
/// What a callback nobody can see is handed (it may keep it).
inline constexpr llvm::StringLiteral Escape = "ESCAPE";

/// The return value's local cell.
inline constexpr llvm::StringLiteral Ret = "ret";
/// "|ret": how every qualified result cell ends ("<usr>|ret", "@<usr>|ret").
inline constexpr llvm::StringLiteral QualifiedRet = "|ret";
// Parts of a qualified cell's name, as tests of it look for them (spelled whole here so that
// the tests on hot paths make no string): Separator followed by a local cell's prefix, and
// a modifier followed by a prefix.
inline constexpr llvm::StringLiteral SeparatorText = "|";
inline constexpr llvm::StringLiteral QualifiedPointee = "|*";     ///< "<usr>|*<local>"
inline constexpr llvm::StringLiteral QualifiedInput = "|in:";     ///< any input site
inline constexpr llvm::StringLiteral QualifiedInputCall = "|in:c"; ///< an input function's call
inline constexpr llvm::StringLiteral QualifiedCallbackInput = "|in:?"; ///< an unseen callback's
inline constexpr llvm::StringLiteral QualifiedAllocationSize = "|a:";
inline constexpr llvm::StringLiteral PointeeStream = "*~";
inline constexpr llvm::StringLiteral PointeeCall = "*c";
/// The local cell of the result of call number N ("c<n>").
inline std::string call(unsigned N) { return (Call + llvm::Twine(N)).str(); }
/// "<usr>|ret": the result of function Usr, qualified.
inline std::string qualifiedResult(llvm::StringRef Usr) { return (Usr + QualifiedRet).str(); }
/// "<usr>|lib:<loc>:<callee>": library call Callee made by Usr at Loc (the program-wide uses
/// graph), with LibraryArgument or QualifiedRet after it for what goes in and what comes out.
inline std::string libraryCall(llvm::StringRef Usr, llvm::StringRef Loc, llvm::StringRef Callee) {
  return (Usr + llvm::Twine(Separator) + LibraryCall + Loc + ":" + Callee).str();
}
/// "|arg": what goes into a library call of the uses graph.
inline constexpr llvm::StringLiteral LibraryArgument = "|arg";
/// The local cell of parameter I ("p<i>").
inline std::string param(unsigned I) { return (Param + llvm::Twine(I)).str(); }
/// "p<i>" -> i: the index of a local parameter cell; nothing for any other cell.
inline std::optional<unsigned> paramIndex(llvm::StringRef Local) {
  unsigned I;
  if (!Local.consume_front(Param) || Local.getAsInteger(10, I))
    return std::nullopt;
  return I;
}
/// "<usr>|p<i>": parameter I of function Usr, qualified.
inline std::string qualifiedParam(llvm::StringRef Usr, unsigned I) {
  return (Usr + llvm::Twine(Separator) + param(I)).str();
}
/// "g:<name>": a global.
inline std::string global(llvm::StringRef Name) { return (Global + Name).str(); }
/// "v:<name>@<line>": a local variable.
inline std::string var(llvm::StringRef Name, unsigned Line) {
  return (Var + Name + "@" + llvm::Twine(Line)).str();
}
/// "in:<call>": what the input call whose result is the local cell Call reads.
inline std::string input(llvm::StringRef Call) { return (Input + Call).str(); }
/// "k:<call>": the handle the input call Call names as a constant.
inline std::string constantHandle(llvm::StringRef Call) { return (ConstantHandle + Call).str(); }

inline std::string field(llvm::StringRef Record, llvm::StringRef Name) {
  return (Field + Record + "." + Name).str();
}
inline std::string object(llvm::StringRef Record) { return (Object + Record).str(); }
inline std::string objectRead(llvm::StringRef Record) { return (ObjectRead + Record).str(); }
inline std::string type(llvm::StringRef Record) { return (Type + Record).str(); }
inline std::string pointee(llvm::StringRef Cell) { return (Pointee + Cell).str(); }
/// "<site>#<field cell>": field Field of the objects of heap site Site.
inline std::string siteField(llvm::StringRef Site, llvm::StringRef Field) {
  return (Site + SiteField + Field).str();
}
/// "h:?#<field cell>": the writes to Field through pointers the heap does not follow.
inline std::string unknownSiteField(llvm::StringRef Field) { return siteField(UnknownSite, Field); }
/// "h:<usr>|c<n>": the objects allocated by the call whose (qualified) result cell is Call.
inline std::string heapSite(llvm::StringRef Call) { return (HeapSite + Call).str(); }
/// "<usr>|ret#w#<field cell>": what function Usr writes into Field of the fresh object it
/// returns, bound to the site of each call.
inline std::string resultField(llvm::StringRef Usr, llvm::StringRef Field) {
  return (Usr + llvm::Twine(Separator) + Ret + ParamFieldWrite + Field).str();
}
/// "w:<cell>": a store into Cell (the target of a Flow::Base edge).
inline std::string writeTarget(llvm::StringRef Cell) { return (WriteTarget + Cell).str(); }
/// "a:<call>": the size argument of the allocation whose result is the local cell Call.
inline std::string allocationSize(llvm::StringRef Call) { return (AllocationSize + Call).str(); }
/// "@<usr>|p<i>": parameter I of function Usr, as a caller names it.
inline std::string calleeParam(llvm::StringRef Usr, unsigned I) {
  return (Callee + qualifiedParam(Usr, I)).str();
}
/// "@<usr>|ret": the result of function Usr, as a caller names it.
inline std::string calleeResult(llvm::StringRef Usr) {
  return (Callee + qualifiedResult(Usr)).str();
}

/// One of the named cells (LOAD, SINK, OUTPUT, FORMAT, ALLOC, ESCAPE).
inline bool isNamed(llvm::StringRef C) {
  return C == Load || C == Sink || C == Output || C == Format || C == Alloc || C == Escape;
}

/// A cell that belongs to no function: heap and global cells, types, sizes, functions and
/// the named cells. Modifiers are not stripped.
inline bool isShared(llvm::StringRef C) {
  for (llvm::StringRef Prefix :
       {Type, Field, EmbeddedMember, Object, ObjectRead, Global, Sizeof, FunctionAddress, HeapSite})
    if (C.startswith(Prefix))
      return true;
  return isNamed(C);
}

/// Heap and global storage, where the data of every object of a type meets (after one "*").
inline bool isHeap(llvm::StringRef C) {
  C.consume_front(Pointee);
  return C.startswith(Field) || C.startswith(Global) || C.startswith(Object) ||
         C.startswith(ObjectRead);
}

/// The record's cell ("f:<record>.<field>", or the pointee "*f:<record>.<field>") that a
/// cell of the objects of one heap site ("h:<site>#f:...", "h:<site>#*f:...") or of one
/// parameter ("<usr>|p<i>#w#f:...", "...#r#*f:...") is a part of; empty for any other cell.
/// (A USR may hold '#': the mark is the last one before "f:" or "*f:".)
inline llvm::StringRef objectFieldOf(llvm::StringRef C) {
  for (size_t At = C.rfind(SiteField); At != llvm::StringRef::npos && At > 0;
       At = C.substr(0, At).rfind(SiteField)) {
    llvm::StringRef Rest = C.substr(At + SiteField.size());
    bool PointeeOfField = Rest.startswith(Pointee) && Rest.drop_front().startswith(Field);
    if (!Rest.startswith(Field) && !PointeeOfField)
      continue;
    llvm::StringRef Owner = C.substr(0, At);
    if (Owner.startswith(HeapSite) || Owner.endswith(ParamFieldWrite.drop_back()) ||
        Owner.endswith(ParamFieldRead.drop_back()))
      return Rest;
    return {};
  }
  return {};
}

} // namespace cell

/// The stream cell of a handle held in Cell ("~" + Cell), or empty when Cell is.
inline std::string streamCell(const std::string &Cell) {
  return Cell.empty() ? std::string() : (cell::Stream + Cell).str();
}

} // namespace nvm

#endif
