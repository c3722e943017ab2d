// The config file format: one "key = value, value" setting per line.
#include "PortConfig.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace nvm::port {

static const struct {
  AllocKind Kind;
  const char *Name, *Runtime;
} Kinds[] = {
    {AllocKind::Malloc, "malloc", "pms_malloc"},
    {AllocKind::Calloc, "calloc", "pms_calloc"},
    {AllocKind::Realloc, "realloc", "pms_realloc"},
    {AllocKind::Strdup, "strdup", "pms_strdup"},
    {AllocKind::Free, "free", "pms_free"},
    {AllocKind::UsableSize, "usable_size", "pms_malloc_usable_size"},
    {AllocKind::Zalloc, "zalloc", "pms_zalloc"},
    {AllocKind::MallocUsable, "malloc_usable", "pms_malloc_usable"},
    {AllocKind::ZallocUsable, "zalloc_usable", "pms_zalloc_usable"},
    {AllocKind::ReallocUsable, "realloc_usable", "pms_realloc_usable"},
    {AllocKind::FreeUsable, "free_usable", "pms_free_usable"},
};

bool allocates(AllocKind K) {
  return K != AllocKind::Free && K != AllocKind::UsableSize && K != AllocKind::FreeUsable;
}

bool portAllocates(StringRef RuntimeName) {
  if (RuntimeName == "pms_realloc_dispatch")
    return true;
  for (const auto &K : Kinds)
    if (RuntimeName == K.Runtime)
      return allocates(K.Kind);
  return false;
}

bool parseAllocKind(StringRef Name, AllocKind &Kind) {
  for (const auto &K : Kinds)
    if (Name == K.Name) {
      Kind = K.Kind;
      return true;
    }
  return false;
}

StringRef allocKindName(AllocKind Kind) {
  for (const auto &K : Kinds)
    if (K.Kind == Kind)
      return K.Name;
  return "";
}

StringRef runtimeFunction(AllocKind Kind) {
  for (const auto &K : Kinds)
    if (K.Kind == Kind)
      return K.Runtime;
  return "";
}

PortConfig::PortConfig() {
  for (const char *N : {"malloc", "calloc", "realloc", "strdup", "free"}) {
    AllocKind K;
    parseAllocKind(N, K);
    Allocators[N] = K;
  }
}

static Error bad(StringRef Origin, const Twine &What) {
  return createStringError(inconvertibleErrorCode(), "%s: %s", Origin.str().c_str(),
                           What.str().c_str());
}

/// "name:kind" pairs of the alloc and dispatch settings.
static Error readPairs(StringRef Value, StringRef Origin, std::map<std::string, AllocKind> &Out) {
  SmallVector<StringRef> Items;
  Value.split(Items, ',', -1, false);
  for (StringRef Item : Items) {
    auto [Name, KindName] = Item.trim().split(':');
    AllocKind K;
    if (Name.trim().empty() || !parseAllocKind(KindName.trim(), K))
      return bad(Origin, "'" + Item.trim() +
                             "' is not name:kind (kinds: malloc, zalloc, calloc, realloc, strdup, free, "
                             "usable_size, malloc_usable, zalloc_usable, realloc_usable, "
                             "free_usable)");
    Out[Name.trim().str()] = K;
  }
  return Error::success();
}

static void readList(StringRef Value, std::vector<std::string> &Out) {
  SmallVector<StringRef> Items;
  Value.split(Items, ',', -1, false);
  for (StringRef Item : Items)
    if (!Item.trim().empty())
      Out.push_back(Item.trim().str());
}

Error PortConfig::set(StringRef Key, StringRef Value, StringRef Origin) {
  Value = Value.trim();
  if (Key == "alloc")
    return readPairs(Value, Origin, Allocators);
  if (Key == "dispatch")
    return readPairs(Value, Origin, Dispatchers);
  if (Key == "operation")
    readList(Value, Operations);
  else if (Key == "load-call")
    readList(Value, LoadCalls);
  else if (Key == "value-root")
    readList(Value, ValueRoots);
  else if (Key == "warm-skip")
    readList(Value, WarmSkips);
  else if (Key == "warm-run")
    readList(Value, WarmRuns);
  else if (Key == "saved-by")
    readList(Value, SavedBy);
  else if (Key == "persistent-field")
    readList(Value, PersistentFields);
  else if (Key == "exclude-type")
    readList(Value, ExcludeTypes);
  else if (Key == "root" && Value == "none")
    RootsNone = true;
  else if (Key == "root")
    readList(Value, Roots);
  else if (Key == "warm-return") {
    WarmReturn = Value.str();
    WarmReturnSet = true;
  }
  else if (Key == "main")
    Main = Value.str();
  else if (Key == "pool")
    Pool = Value.str();
  else if (Key == "reinit-volatile") {
    if (Value != "yes" && Value != "no")
      return bad(Origin, "reinit-volatile must be 'yes' or 'no', not '" + Value + "'");
    ReinitVolatile = Value == "yes";
  } else if (Key == "volatile-field") {
    SmallVector<StringRef> Items;
    Value.split(Items, ',', -1, false);
    for (StringRef Item : Items) {
      auto [Path, Init] = Item.trim().split(':');
      auto [Type, Field] = Path.trim().rsplit('.');
      if (Type.empty() || Field.empty())
        return bad(Origin, "'" + Item.trim() + "' is not type.field[:value]");
      VolatileFields[Type.str()][Field.str()] = Init.trim().empty() ? "0" : Init.trim().str();
    }
  } else if (Key == "volatile-reset") {
    auto [Type, Fn] = Value.split(':');
    if (Type.trim().empty() || Fn.trim().empty())
      return bad(Origin, "'" + Value + "' is not type: function");
    VolatileResets[Type.trim().str()] = Fn.trim().str();
  } else if (Key == "unlogged-field") {
    SmallVector<StringRef> Items;
    Value.split(Items, ',', -1, false);
    for (StringRef Item : Items) {
      auto [Type, Field] = Item.trim().rsplit('.');
      if (Type.empty() || Field.empty())
        return bad(Origin, "'" + Item.trim() + "' is not type.field");
      UnloggedFields[Type.trim().str()].push_back(Field.trim().str());
    }
  } else if (Key == "unlogged-bits") {
    auto [Path, Names] = Value.split(':');
    auto [Type, Field] = Path.trim().rsplit('.');
    SmallVector<StringRef> Bits;
    Names.split(Bits, ' ', -1, false);
    if (Type.empty() || Field.empty() || Bits.empty())
      return bad(Origin, "'" + Value + "' is not type.field: NAME ...");
    std::vector<std::string> &Out = UnloggedBits[Type.trim().str()][Field.trim().str()];
    for (StringRef B : Bits)
      if (!B.trim().empty())
        Out.push_back(B.trim().str());
  } else if (Key == "allow-empty-warm-start") {
    if (Value != "yes" && Value != "no")
      return bad(Origin, "allow-empty-warm-start must be 'yes' or 'no', not '" + Value + "'");
    AllowEmptyWarmStart = Value == "yes";
  } else if (Key == "log-runs") {
    if (Value != "yes" && Value != "no")
      return bad(Origin, "log-runs must be 'yes' or 'no', not '" + Value + "'");
    LogRuns = Value == "yes";
  } else if (Key == "defer-unlocks") {
    if (Value != "yes" && Value != "no")
      return bad(Origin, "defer-unlocks must be 'yes' or 'no', not '" + Value + "'");
    DeferUnlocks = Value == "yes";
  } else
    return bad(Origin, "unknown setting '" + Key +
                           "' (known: alloc, dispatch, operation, load-call, root, value-root, "
                           "warm-skip, warm-run, saved-by, exclude-type, persistent-field, warm-return, main, pool, defer-unlocks, log-runs, "
                           "reinit-volatile, volatile-field, volatile-reset, unlogged-field, "
                           "unlogged-bits, allow-empty-warm-start)");
  return Error::success();
}

bool PortConfig::isVolatileField(StringRef Type, StringRef Field) const {
  auto It = VolatileFields.find(Type.str());
  return It != VolatileFields.end() && It->second.count(Field.str());
}

bool PortConfig::isUnloggedField(StringRef Type, StringRef Tag, StringRef Field) const {
  for (StringRef Name : {Type, Tag}) {
    auto It = UnloggedFields.find(Name.str());
    if (!Name.empty() && It != UnloggedFields.end() &&
        llvm::is_contained(It->second, Field.str()))
      return true;
  }
  return false;
}

const std::vector<std::string> *PortConfig::unloggedBits(StringRef Type, StringRef Tag,
                                                         StringRef Field) const {
  for (StringRef Name : {Type, Tag}) {
    auto It = UnloggedBits.find(Name.str());
    if (Name.empty() || It == UnloggedBits.end())
      continue;
    auto F = It->second.find(Field.str());
    if (F != It->second.end())
      return &F->second;
  }
  return nullptr;
}

Error PortConfig::readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read config file '%s': %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
  SmallVector<StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].split('#').first.trim();
    if (Line.empty())
      continue;
    std::string Origin = (Path + ":" + Twine(I + 1)).str();
    auto [Key, Value] = Line.split('=');
    if (Key.size() == Line.size())
      return bad(Origin, "expected 'key = value', got '" + Line + "'");
    if (Error E = set(Key.trim(), Value, Origin))
      return E;
  }
  return Error::success();
}

} // namespace nvm::port
