// Reading the persistent-types JSON, filtering it, and matching records against it by tag,
// typedef or name.
#include "rewrite/TypeList.h"
#include "clang/AST/Attr.h"
#include "nvm/RecordNames.h"
#include "nvm/ReportSchema.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include <set>

using namespace llvm;

namespace nvm::rewrite {

static Error bad(StringRef Origin, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "cannot read persistent-type list '%s': %s",
                           Origin.str().c_str(), What.str().c_str());
}

/// The verdict hints nvmove writes (docs/report-schema.md; nvmove/VerdictHints.cpp names them).
static constexpr StringRef KnownHints[] = {"likely-persistent", "layout-variant", "volatile-fields",
                                           "temporaries-only", "likely-iterator"};

/// "; did you mean 'X'?" for the candidate closest to Name, or empty when none is close.
static std::string suggestion(StringRef Name, const std::set<std::string> &Candidates) {
  std::string Best;
  unsigned BestDist = std::max<size_t>(2, Name.size() / 3) + 1;
  for (const std::string &C : Candidates)
    if (unsigned D = Name.edit_distance(C, true, BestDist - 1); D < BestDist)
      Best = C, BestDist = D;
  return Best.empty() ? "" : "; did you mean '" + Best + "'?";
}

static std::vector<std::string> namesOf(const json::Object &O);

/// The names of the types nvmove saw but did not report (touched, not loaded).
static std::set<std::string> touchedNames(const json::Object &Root) {
  std::set<std::string> Names;
  if (const json::Array *L = Root.getArray(schema::TouchedNotLoaded))
    for (const json::Value &T : *L)
      if (const json::Object *O = T.getAsObject())
        for (std::string &N : namesOf(*O))
          Names.insert(std::move(N));
  return Names;
}

/// An error unless every name the filter gives is known: hints from KnownHints, types from Names.
/// An excluded type nvmove saw and did not report (Touched) gets a warning instead: it needs no
/// exclusion, and a configuration written for an older nvmove keeps working.
static Error checkFilter(const TypeFilter &F, const std::set<std::string> &Names,
                         const std::set<std::string> &Touched, StringRef Origin) {
  std::set<std::string> Hints(std::begin(KnownHints), std::end(KnownHints));
  for (const std::string &H : F.ExcludeHints)
    if (!Hints.count(H))
      return createStringError(inconvertibleErrorCode(), "unknown verdict hint '%s' in --exclude-hint%s",
                               H.c_str(), suggestion(H, Hints).c_str());
  for (const auto &[Opt, List] : {std::pair{"--only-types", &F.OnlyTypes}, {"--exclude-types", &F.ExcludeTypes}})
    for (const std::string &N : *List)
      if (!Names.count(N) && List == &F.ExcludeTypes && Touched.count(N))
        WithColor::warning(errs(), "nvm") << "excluded type '" << N
                                          << "' is not reported as persistent by '" << Origin
                                          << "' (touched, not loaded): nothing to exclude\n";
      else if (!Names.count(N))
        return createStringError(inconvertibleErrorCode(),
                                 "type '%s' in %s is not in the persistent-type list '%s'%s", N.c_str(),
                                 Opt, Origin.str().c_str(), suggestion(N, Names).c_str());
  return Error::success();
}

/// The names a type answers to in a filter: its name, tag and typedef names.
static std::vector<std::string> namesOf(const json::Object &O) {
  std::vector<std::string> Names;
  if (std::optional<StringRef> N = O.getString(schema::Name))
    Names.push_back(N->str());
  if (std::optional<StringRef> T = O.getString(schema::Tag))
    Names.push_back(T->str());
  if (const json::Array *TDs = O.getArray(schema::TypedefNames))
    for (const json::Value &TD : *TDs)
      if (std::optional<StringRef> S = TD.getAsString())
        Names.push_back(S->str());
  return Names;
}

/// Why F leaves the type O out, or empty when it is kept.
static std::string exclusionReason(const json::Object &O, const TypeFilter &F) {
  std::vector<std::string> Names = namesOf(O);
  auto Named = [&](const std::vector<std::string> &List) {
    return llvm::any_of(Names, [&](const std::string &N) { return llvm::is_contained(List, N); });
  };
  if (!F.OnlyTypes.empty() && !Named(F.OnlyTypes))
    return "not-in-only-types";
  if (Named(F.ExcludeTypes))
    return "exclude-types";
  if (std::optional<StringRef> H = O.getString(schema::VerdictHint))
    if (llvm::is_contained(F.ExcludeHints, *H))
      return H->str();
  return "";
}

Expected<TypeList> TypeList::load(StringRef Path, const TypeFilter &F) {
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return bad(Path, Buffer.getError().message());
  return parse((*Buffer)->getBuffer(), Path, F);
}

Expected<TypeList> TypeList::parse(StringRef Text, StringRef Origin, const TypeFilter &F) {
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
  std::set<std::string> AllNames;
  for (const json::Value &T : *Types) {
    const json::Object *O = T.getAsObject();
    std::optional<StringRef> Name = O ? O->getString(schema::Name) : std::nullopt;
    if (!Name)
      return bad(Origin, "a type without a 'name'");
    StringRef Kind = O->getString(schema::Kind).value_or("struct");
    if (Kind != "struct" && Kind != "union")
      return bad(Origin, "type '" + *Name + "' has kind '" + Kind + "'");
    std::vector<std::string> Names = namesOf(*O);
    AllNames.insert(Names.begin(), Names.end());
    std::string Why = exclusionReason(*O, F);
    llvm::StringMap<std::string> &Keys = Why.empty() ? L.ByKey : L.ExcludedByKey;
    auto Key = [&](StringRef N) {
      return N.startswith("struct ") || N.startswith("union ") ? N.str() : (Kind + " " + N).str();
    };
    Keys.try_emplace(Key(*Name), Name->str());
    if (std::optional<StringRef> Tag = O->getString(schema::Tag))
      Keys.try_emplace(Key(*Tag), Name->str());
    if (const json::Array *TDs = O->getArray(schema::TypedefNames))
      for (const json::Value &TD : *TDs)
        if (std::optional<StringRef> S = TD.getAsString())
          Keys.try_emplace(Key(*S), Name->str());
    if (!Why.empty()) {
      L.Excluded[Name->str()] = Why;
      continue;
    }
    ++L.Count;
  }
  if (Error E = checkFilter(F, AllNames, touchedNames(*Root), Origin))
    return std::move(E);
  return L;
}

const std::string *TypeList::lookup(const llvm::StringMap<std::string> &Keys,
                                    const clang::RecordDecl *RD) {
  auto It = Keys.find(displayKey(recordKey(RD)));
  if (It != Keys.end())
    return &It->second;
  // A tagged record reached through one of its typedef names is listed under either.
  if (!RD->getName().empty())
    if (const clang::TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
      if ((It = Keys.find((RD->isUnion() ? "union " : "struct ") + TD->getName().str())) !=
          Keys.end())
        return &It->second;
  return nullptr;
}

const std::string *TypeList::matchExcluded(const clang::RecordDecl *RD) const {
  return RD && !match(RD) ? lookup(ExcludedByKey, RD) : nullptr;
}

const std::string *TypeList::match(const clang::RecordDecl *RD) const {
  if (!RD)
    return nullptr;
  if (const std::string *Name = lookup(ByKey, RD))
    return Name;
  // A type persist-rewriter marked (PMS_PERSISTENT) is persistent whatever the list says: the
  // mark in the source is the port's own record of its decision.
  if (const clang::RecordDecl *Def = RD->getDefinition())
    for (const auto *A : Def->specific_attrs<clang::AnnotateAttr>())
      if (A->getAnnotation() == "pms_persistent") {
        std::string Key = displayKey(recordKey(Def));
        auto [Pos, New] = Marked.try_emplace(Key, Key);
        if (New && !Def->getName().empty())
          Pos->second = Def->getName().str();
        else if (New)
          Pos->second = typedefNameOf(Def).empty() ? Key : typedefNameOf(Def);
        return &Pos->second;
      }
  return nullptr;
}

} // namespace nvm::rewrite
