// Compile database loading and TU selection.
#include "nvm/CompileDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace clang::tooling;

namespace nvm {

Expected<std::unique_ptr<CompilationDatabase>> loadCompileDatabase(StringRef Dir) {
  SmallString<256> Path(Dir);
  if (sys::fs::is_directory(Path))
    sys::path::append(Path, "compile_commands.json");
  if (!sys::fs::exists(Path))
    return createStringError(inconvertibleErrorCode(), "no compilation database: '%s' not found",
                             Path.c_str());
  // The YAML reader behind JSONCompilationDatabase accepts a truncated file: check the JSON
  // first, so that an interrupted 'bear' run is an error and not half a result.
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(inconvertibleErrorCode(), "cannot read compilation database '%s': %s",
                             Path.c_str(), Buffer.getError().message().c_str());
  Expected<json::Value> Parsed = json::parse((*Buffer)->getBuffer());
  if (!Parsed)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read compilation database '%s': not valid JSON (%s)",
                             Path.c_str(), toString(Parsed.takeError()).c_str());
  if (!Parsed->getAsArray())
    return createStringError(inconvertibleErrorCode(),
                             "cannot read compilation database '%s': not a JSON array",
                             Path.c_str());
  std::string Message;
  auto DB = JSONCompilationDatabase::loadFromFile(Path, Message, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return createStringError(inconvertibleErrorCode(), "cannot read compilation database '%s': %s",
                             Path.c_str(), StringRef(Message).trim().rtrim('.').lower().c_str());
  if (DB->getAllCompileCommands().empty())
    return createStringError(inconvertibleErrorCode(),
                             "compilation database '%s' lists no translation units", Path.c_str());
  return std::unique_ptr<CompilationDatabase>(std::move(DB));
}

static bool isCSource(StringRef File) {
  StringRef Ext = sys::path::extension(File);
  return Ext == ".c" || Ext == ".h" || Ext == ".i";
}

Expected<std::vector<CompileCommand>> selectCommands(const CompilationDatabase &DB,
                                                     const std::vector<std::string> &Files) {
  std::vector<CompileCommand> Out;
  StringSet<> Seen;
  auto Keep = [&](CompileCommand C) {
    SmallString<256> Abs(C.Filename);
    if (!sys::path::is_absolute(Abs))
      sys::fs::make_absolute(C.Directory, Abs);
    sys::path::remove_dots(Abs, true);
    C.Filename = std::string(Abs);
    if (isCSource(C.Filename) && Seen.insert(C.Filename).second)
      Out.push_back(std::move(C));
  };
  if (Files.empty()) {
    for (CompileCommand &C : DB.getAllCompileCommands())
      Keep(std::move(C));
    return Out;
  }
  for (const std::string &F : Files) {
    SmallString<256> Abs(F);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, true);
    std::vector<CompileCommand> Cs = DB.getCompileCommands(Abs);
    if (Cs.empty())
      return createStringError(inconvertibleErrorCode(),
                               "'%s' is not in the compilation database", F.c_str());
    Keep(std::move(Cs.front()));
  }
  return Out;
}

Expected<std::vector<CompileCommand>> loadCommands(StringRef Dir,
                                                   const std::vector<std::string> &Files) {
  auto DB = loadCompileDatabase(Dir);
  if (!DB)
    return DB.takeError();
  auto Commands = selectCommands(**DB, Files);
  if (Commands && Commands->empty())
    return createStringError(inconvertibleErrorCode(),
                             "the compilation database lists no C translation units");
  return Commands;
}

} // namespace nvm
