// Reading the persistent-types JSON and matching records against it by tag, typedef or name.
#include "TypeList.h"
#include "nvm/RecordNames.h"
#include "nvm/ReportSchema.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace nvm::delay {

static Error bad(StringRef Origin, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "cannot read persistent-type list '%s': %s",
                           Origin.str().c_str(), What.str().c_str());
}

Expected<TypeList> TypeList::load(StringRef Path) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return bad(Path, Buffer.getError().message());
  return parse((*Buffer)->getBuffer(), Path);
}

Expected<TypeList> TypeList::parse(StringRef Text, StringRef Origin) {
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return bad(Origin, "not valid JSON (" + toString(V.takeError()) + ")");
  const json::Object *Root = V->getAsObject();
  if (!Root)
    return bad(Origin, "not a JSON object");
  std::optional<int64_t> Schema = Root->getInteger(schema::Schema);
  if (!Schema)
    return bad(Origin, "no 'schema' number (is this nvmove --format=json output?)");
  if (*Schema != schema::Version)
    return bad(Origin, "schema " + Twine(*Schema) + " is not supported (expected " +
                           Twine(schema::Version) + ")");
  const json::Array *Types = Root->getArray(schema::Types);
  if (!Types)
    return bad(Origin, "no 'types' array");
  TypeList L;
  for (const json::Value &T : *Types) {
    const json::Object *O = T.getAsObject();
    std::optional<StringRef> Name = O ? O->getString(schema::Name) : std::nullopt;
    if (!Name)
      return bad(Origin, "a type without a 'name'");
    StringRef Kind = O->getString(schema::Kind).value_or("struct");
    if (Kind != "struct" && Kind != "union")
      return bad(Origin, "type '" + *Name + "' has kind '" + Kind + "'");
    auto Key = [&](StringRef N) {
      return N.startswith("struct ") || N.startswith("union ") ? N.str() : (Kind + " " + N).str();
    };
    L.ByKey.try_emplace(Key(*Name), Name->str());
    if (std::optional<StringRef> Tag = O->getString(schema::Tag))
      L.ByKey.try_emplace(Key(*Tag), Name->str());
    if (const json::Array *TDs = O->getArray(schema::TypedefNames))
      for (const json::Value &TD : *TDs)
        if (std::optional<StringRef> S = TD.getAsString())
          L.ByKey.try_emplace(Key(*S), Name->str());
    ++L.Count;
  }
  return L;
}

const std::string *TypeList::match(const clang::RecordDecl *RD) const {
  if (!RD)
    return nullptr;
  auto It = ByKey.find(displayKey(recordKey(RD)));
  if (It != ByKey.end())
    return &It->second;
  // A tagged record reached through one of its typedef names is listed under either.
  if (!RD->getName().empty())
    if (const clang::TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
      if ((It = ByKey.find((RD->isUnion() ? "union " : "struct ") + TD->getName().str())) !=
          ByKey.end())
        return &It->second;
  return nullptr;
}

} // namespace nvm::delay
