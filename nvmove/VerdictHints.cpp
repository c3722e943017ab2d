// Verdict hints computed from the inference result: anchoring, layout families, volatile fields.
#include "VerdictHints.h"
#include "nvm/CellNames.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

using namespace llvm;

namespace nvm::infer {
namespace {

bool containsWord(StringRef Text, StringRef Word) {
  if (Word.empty())
    return false;
  for (size_t Pos = Text.find(Word); Pos != StringRef::npos; Pos = Text.find(Word, Pos + 1)) {
    bool Before = Pos == 0 || !(isAlnum(Text[Pos - 1]) || Text[Pos - 1] == '_');
    size_t End = Pos + Word.size();
    bool After = End == Text.size() || !(isAlnum(Text[End]) || Text[End] == '_');
    if (Before && After)
      return true;
  }
  return false;
}

/// A record key without its layout digests ("struct a@1f2e3d4c::u" -> "struct a::u"): roots
/// name records that way.
std::string stripDigest(StringRef Key) {
  std::string Out;
  for (size_t I = 0; I < Key.size(); ++I) {
    if (Key[I] != '@') {
      Out += Key[I];
      continue;
    }
    while (I + 1 < Key.size() && isHexDigit(Key[I + 1]))
      ++I;
  }
  return Out;
}

bool mentionsRecord(const FieldInfo &F, const RecordInfo &R) {
  if (F.PointeeRecord == R.Key)
    return true;
  if (containsWord(F.Type, R.Name) || (!R.Tag.empty() && containsWord(F.Type, R.Tag)))
    return true;
  return any_of(R.TypedefNames, [&](const std::string &T) { return containsWord(F.Type, T); });
}

/// Why a field is probably not persistent state (memcached lessons 7 and 8), or empty.
std::string volatileKind(const FieldInfo &F) {
  std::string Name = StringRef(F.Name).lower(), Type = StringRef(F.Type).lower();
  StringRef N(Name);
  if (N.contains("refcount") || N.contains("refcnt") || N.contains("ref_count") || N == "refs" ||
      N == "ref")
    return "reference count";
  for (StringRef L : {"pthread_mutex_t", "pthread_rwlock_t", "pthread_spinlock_t",
                      "pthread_cond_t", "sem_t"})
    if (containsWord(Type, L))
      return "lock";
  for (StringRef L : {"lock", "mutex", "mtx", "rwlock", "spinlock"})
    if (N == L || N.endswith(("_" + L).str()) || N.startswith((L + "_").str()))
      return "lock";
  if (N == "fd" || N == "sfd" || N.endswith("_fd") || N == "sock")
    return "file descriptor";
  // A pointer to a connection or session object: the record's name ends in one of these
  // words ("conn", "redisClient", "session_t"), so "ConnectionType" tables do not count.
  std::string T = StringRef(stripDigest(F.PointeeRecord)).lower();
  StringRef Target(T);
  Target.consume_front("struct ");
  Target.consume_front("union ");
  if (!Target.consume_back("_t"))
    Target.consume_back("_s");
  if (!Target.empty() && StringRef(Type).contains('*'))
    for (StringRef S : {"conn", "connection", "client", "session", "socket"})
      if (Target.endswith(S))
        return "pointer to a " + S.str() + " object";
  return "";
}

std::string joinNames(const std::vector<std::string> &Names, size_t Max = 6) {
  std::string Out;
  for (size_t I = 0; I < Names.size() && I < Max; ++I)
    Out += (I ? ", " : "") + Names[I];
  if (Names.size() > Max)
    Out += ", ... (" + std::to_string(Names.size()) + " in all)";
  return Out;
}

/// Families of persistent records with the same field names and different field types.
std::map<std::string, std::vector<std::string>> layoutFamilies(const InferenceResult &R) {
  std::map<std::vector<std::string>, std::vector<const TypeFinding *>> ByFields;
  for (const TypeFinding &T : R.Types) {
    if (T.Record.Fields.size() < 2)
      continue;
    std::vector<std::string> Names;
    for (const FieldInfo &F : T.Record.Fields)
      Names.push_back(F.Name);
    ByFields[Names].push_back(&T);
  }
  std::map<std::string, std::vector<std::string>> Family; // key -> the other members
  for (auto &[Names, Members] : ByFields) {
    if (Members.size() < 2)
      continue;
    std::set<std::vector<std::string>> Layouts;
    for (const TypeFinding *T : Members) {
      std::vector<std::string> Types;
      for (const FieldInfo &F : T->Record.Fields)
        Types.push_back(F.Type);
      Layouts.insert(Types);
    }
    if (Layouts.size() < 2)
      continue;
    for (const TypeFinding *T : Members)
      for (const TypeFinding *O : Members)
        if (O != T)
          Family[T->Record.Key].push_back(O->Record.Name);
  }
  return Family;
}

} // namespace

const char *hintName(Hint H) {
  switch (H) {
  case Hint::LikelyPersistent: return "likely-persistent";
  case Hint::LayoutVariant: return "layout-variant";
  case Hint::VolatileFields: return "volatile-fields";
  case Hint::TemporariesOnly: return "temporaries-only";
  case Hint::LikelyIterator: return "likely-iterator";
  }
  return "likely-persistent";
}

namespace {

struct ProgramFacts {
  std::set<std::string> GlobalObjects; ///< record keys of globals (or pointers to them)
  std::set<std::string> Sized;         ///< record keys whose sizeof appears in a data flow
  std::set<std::string> LoadSized;     ///< ... in a function the load walk visited
  std::set<std::string> FunctionTables; ///< record keys with a function-pointer field
};

/// "sz:KEY" cells of F's flows: the records F allocates (or sizes).
void sizedRecords(const FunctionSummary &F, std::set<std::string> &Out) {
  for (const Flow &Fl : F.Flows)
    for (StringRef Cell : {StringRef(Fl.From), StringRef(Fl.To)})
      if (Cell.consume_front(cell::Sizeof))
        Out.insert(Cell.str());
}

ProgramFacts programFacts(const SummaryStore *Store, const InferenceResult &R) {
  ProgramFacts P;
  for (const VisitedFunction &V : R.Walk.Visited)
    if (V.Function)
      sizedRecords(*V.Function, P.LoadSized);
  for (size_t I = 0; Store && I < Store->size(); ++I) {
    const TUSummary *S = Store->summary(I);
    if (!S)
      continue;
    for (const auto &[Global, Record] : S->GlobalRecords)
      P.GlobalObjects.insert(Record);
    for (const FunctionSummary &F : S->Functions)
      sizedRecords(F, P.Sized);
    for (const RecordInfo &Rec : S->Records)
      for (const FieldInfo &F : Rec.Fields)
        if (StringRef(F.Type).contains("(*"))
          P.FunctionTables.insert(Rec.Key);
  }
  return P;
}

/// A pointer field to records the program allocates, but not the load: connections, sessions,
/// workers. After a restart it points into a dead process's heap.
std::string perProcessPointer(const FieldInfo &F, const std::set<std::string> &Persistent,
                              const ProgramFacts &P) {
  const std::string &To = F.PointeeRecord;
  if (To.empty() || !StringRef(F.Type).contains('*') || Persistent.count(To) ||
      !P.Sized.count(To) || P.LoadSized.count(To) || P.GlobalObjects.count(To) ||
      P.FunctionTables.count(To))
    return "";
  return "pointer to " + stripDigest(To) + ", which the program allocates but the load never "
                                           "does (a per-process object)";
}

bool iteratorName(StringRef Name) {
  std::string L = Name.lower();
  return StringRef(L).contains("iter") || StringRef(L).contains("cursor");
}

} // namespace

std::map<std::string, VerdictHint> computeVerdictHints(const InferenceResult &R,
                                                       const SummaryStore *Store) {
  std::set<std::string> Persistent, Rooted, Iterators;
  for (const TypeFinding &T : R.Types) {
    Persistent.insert(T.Record.Key);
    if (iteratorName(T.Record.Name))
      Iterators.insert(T.Record.Key);
  }
  for (const Root &Rt : R.Roots)
    Rooted.insert(stripDigest(Rt.Record));
  ProgramFacts Program = programFacts(Store, R);
  auto Families = layoutFamilies(R);
  std::map<std::string, VerdictHint> Hints;
  for (const TypeFinding &T : R.Types) {
    const std::string &Key = T.Record.Key;
    // Who leads to T: a global, or a persistent record that is not itself an iterator.
    std::vector<std::string> Holders;
    for (const TypeFinding &O : R.Types)
      if (O.Record.Key != Key && !Iterators.count(O.Record.Key) &&
          any_of(O.Record.Fields, [&](const FieldInfo &F) { return mentionsRecord(F, T.Record); }))
        Holders.push_back(O.Record.Name);
    bool IsRoot = Rooted.count(stripDigest(Key));
    bool Global = IsRoot || Program.GlobalObjects.count(Key);
    // A pointer into the persistent pool leads to what the pool-pointer rule finds.
    bool FromPool = T.Reason == "pool-pointer";
    bool Anchored = Global || !Holders.empty() || FromPool;
    bool Sized = Program.Sized.count(Key);
    std::vector<std::string> Positions, Volatile;
    VerdictHint H;
    for (const FieldInfo &F : T.Record.Fields) {
      if (!F.PointeeRecord.empty() && F.PointeeRecord != Key && Persistent.count(F.PointeeRecord))
        Positions.push_back(F.Name);
      std::string K = volatileKind(F);
      if (K.empty())
        K = perProcessPointer(F, Persistent, Program);
      if (!K.empty()) {
        Volatile.push_back(F.Name + " (" + K + ")");
        H.VolatileFields.push_back({F.Name, K});
      }
    }
    std::string Family = Families.count(Key) ? joinNames(Families[Key]) : "";
    if (!Anchored && !Positions.empty() && (Iterators.count(Key) || !Sized)) {
      H.Kind = Hint::LikelyIterator;
      H.Reason = "holds a position into persistent data (" + joinNames(Positions) +
                 ") but no global and no persistent type leads to it" +
                 (Iterators.count(Key) ? "; named like an iterator" : "") +
                 ": it lives only while the load walks the data";
    } else if (!Anchored && !Sized) {
      H.Kind = Hint::TemporariesOnly;
      H.Reason = "no global and no persistent type leads to it, and its size is never taken "
                 "for an allocation: the objects the analysis saw are locals of the load";
    } else if (!Volatile.empty()) {
      H.Kind = Hint::VolatileFields;
      H.Reason = "persistent, but co-locates fields that are usually not (" +
                 joinNames(Volatile) +
                 "): they need re-initialising after a restart, e.g. behind a generation number";
    } else if (!Family.empty()) {
      H.Kind = Hint::LayoutVariant;
      H.Reason = "same fields as " + Family + " in other widths: one layout family, decide once";
    } else {
      H.Kind = Hint::LikelyPersistent;
      H.Reason = IsRoot                ? "a global used on the walk leads to it"
                 : Global              ? "the program has a global object of this type"
                 : !Holders.empty()    ? "reached from persistent " + joinNames(Holders, 3)
                 : FromPool            ? "a pointer into the persistent pool (a root, an "
                                         "allocation in it or an address computed from one) "
                                         "leads to it"
                                       : "allocated by size (sizeof) and filled by the load; "
                                         "only untyped pointers (void *, char *) lead to it";
    }
    if (H.Kind != Hint::LayoutVariant && !Family.empty())
      H.Reason += "; a layout variant of " + Family;
    Hints[Key] = std::move(H);
  }
  return Hints;
}

} // namespace nvm::infer
