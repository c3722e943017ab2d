// Field names of nvmove's persistent-types JSON: defined once, used by every writer and reader.
#ifndef NVM_REPORTSCHEMA_H
#define NVM_REPORTSCHEMA_H

namespace nvm::schema {

inline constexpr int Version = 1;

inline constexpr const char Schema[] = "schema";
inline constexpr const char Tool[] = "tool";
inline constexpr const char Mode[] = "mode";
inline constexpr const char LoadFunctions[] = "load_functions";
inline constexpr const char FunctionsVisited[] = "functions_visited";
inline constexpr const char FunctionsSkipped[] = "functions_skipped";
inline constexpr const char TotalTypesDefined[] = "total_types_defined";
inline constexpr const char Types[] = "types";
inline constexpr const char TouchedNotLoaded[] = "touched_not_loaded";
inline constexpr const char Roots[] = "roots";
/// Globals the load sets that code outside it reads: [{global, written_at, read_by, root}].
inline constexpr const char LoadGlobals[] = "load_globals";
inline constexpr const char Warnings[] = "warnings";
inline constexpr const char Incomplete[] = "incomplete";
inline constexpr const char Timing[] = "timing";
inline constexpr const char Options[] = "options";
inline constexpr const char Stats[] = "translation_units";
inline constexpr const char SkippedCalls[] = "skipped_calls";
inline constexpr const char IndirectCalls[] = "indirect_calls";
inline constexpr const char Sources[] = "sources";

// Per type.
inline constexpr const char Name[] = "name";
inline constexpr const char Tag[] = "tag";
inline constexpr const char TypedefNames[] = "typedef_names";
inline constexpr const char Kind[] = "kind";
inline constexpr const char DefinedAt[] = "defined_at";
inline constexpr const char FieldsWritten[] = "fields_written";
inline constexpr const char Provenance[] = "provenance";
inline constexpr const char Reason[] = "reason";
inline constexpr const char Fields[] = "fields";
inline constexpr const char Field[] = "field"; // per entry of "fields"
inline constexpr const char FieldType[] = "type";
inline constexpr const char DefinedUntil[] = "defined_until";
inline constexpr const char VerdictHint[] = "verdict_hint";
inline constexpr const char HintReason[] = "verdict_reason";
inline constexpr const char VolatileFields[] = "volatile_fields"; // [{"field", "why"}]
inline constexpr const char HintRank[] = "verdict_rank";

// Per provenance entry.
inline constexpr const char CallChain[] = "call_chain";
inline constexpr const char Function[] = "function";
inline constexpr const char Statement[] = "statement";
inline constexpr const char Evidence[] = "evidence";

// Per visited function, skipped call and indirect call.
inline constexpr const char Caller[] = "caller";
inline constexpr const char Callee[] = "callee";
inline constexpr const char CallLoc[] = "call_loc";
inline constexpr const char Location[] = "location";
inline constexpr const char Expression[] = "expression";
inline constexpr const char Targets[] = "targets";
inline constexpr const char FirstLine[] = "first_line";
inline constexpr const char Lines[] = "lines";

} // namespace nvm::schema

#endif
