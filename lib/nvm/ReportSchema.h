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
inline constexpr const char Warnings[] = "warnings";
inline constexpr const char Incomplete[] = "incomplete";
inline constexpr const char Timing[] = "timing";
inline constexpr const char Options[] = "options";
inline constexpr const char Stats[] = "translation_units";

// Per type.
inline constexpr const char Name[] = "name";
inline constexpr const char Tag[] = "tag";
inline constexpr const char TypedefNames[] = "typedef_names";
inline constexpr const char Kind[] = "kind";
inline constexpr const char DefinedAt[] = "defined_at";
inline constexpr const char FieldsWritten[] = "fields_written";
inline constexpr const char Provenance[] = "provenance";
inline constexpr const char Reason[] = "reason";

// Per provenance entry.
inline constexpr const char CallChain[] = "call_chain";
inline constexpr const char Function[] = "function";
inline constexpr const char Statement[] = "statement";
inline constexpr const char Evidence[] = "evidence";

} // namespace nvm::schema

#endif
