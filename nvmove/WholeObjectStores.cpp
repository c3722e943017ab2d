// Precise mode: the record filled by one whole-object copy (a struct assignment, memcpy, a
// read) into storage that is itself a record: a member embedded by value or a global object.
#include "PreciseAnalysis.h"
#include "QualifiedCells.h"
#include "nvm/RecordNames.h"

using namespace llvm;

namespace nvm::infer {

/// The cell's own storage is a whole record besides (or instead of) a field of its container:
/// "f:holder.where" and "g:cfg.where" (a member embedded by value, or an array of them),
/// "g:stamp" and "g:elems" (a global object, or an array of them). A pointer is not: what it
/// holds is an address.
std::string PreciseAnalysis::wholeRecordOfCell(StringRef Cell) const {
  if (Cell.startswith(cell::Global) && !Cell.contains('.')) {
    StringRef Name = Cell.drop_front(cell::Global.size());
    auto G = GlobalRecords.find(Name.str());
    return G != GlobalRecords.end() && GlobalObjects.count(Name.str()) ? G->second : "";
  }
  auto [Key, Field] = fieldOfCell(Cell);
  const FieldInfo *F = Key.empty() ? nullptr : field(Key, Field);
  if (!F || F->PointeeRecord.empty() || StringRef(F->Type).contains('*'))
    return {};
  return F->PointeeRecord;
}

/// Loaded data stored into a whole member or global object fills every field of its record
/// (memcpy(&h->where, buf, n), g = *loaded, fread(&stamp, ...)): that record is loaded too.
void PreciseAnalysis::addWholeObjectStore(unsigned N, StringRef Cell) {
  std::string Rec = wholeRecordOfCell(Cell);
  if (Rec.empty())
    return;
  if (Cell.startswith(cell::Global))
    FilledInGlobals.insert(Rec);
  if (TypeFinding *T = add(Rec, "loaded-data"))
    if (T->Provenances.size() < 6)
      T->Provenances.push_back(provenanceOf(
          N, "loaded data is stored into a whole " + displayKey(Rec) + " (" + prettyCell(Cell) + ")"));
  addEmbeddedInWholeObject(N, Rec);
}

/// Loaded data stored into a whole object fills the records it embeds by value, at any depth
/// (LMDB's `*meta = *m` from the meta page read also fills the two database records in
/// mm_dbs): they are loaded too. A union holds one of its members at a time: only bytes an
/// input call reads into the whole union (LMDB preads a meta page into a page-or-meta union)
/// are every member's; a union assigned from other storage (vim's instruction argument) fills
/// only the member the code uses, which its field accesses already say.
void PreciseAnalysis::addEmbeddedInWholeObject(unsigned N, const std::string &Key,
                                               bool ReadIn) {
  ReadIn = ReadIn || llvm::any_of(Graph.inEdges(N), [&](unsigned E) {
    return isSourceCell(Graph.name(Graph.edge(E).From)) && isTainted(Graph.edge(E).From);
  });
  std::set<std::string> Seen{Key};
  std::vector<std::string> Work{Key};
  while (!Work.empty()) {
    std::string Outer = Work.back();
    Work.pop_back();
    auto Rec = Records.find(Outer);
    if (Rec == Records.end() || (Rec->second.Kind == "union" && !ReadIn))
      continue;
    for (const FieldInfo &F : Rec->second.Fields) {
      if (F.PointeeRecord.empty() || StringRef(F.Type).contains('*') ||
          !Seen.insert(F.PointeeRecord).second)
        continue;
      Work.push_back(F.PointeeRecord);
      if (TypeFinding *T = add(F.PointeeRecord, "loaded-data"))
        if (T->Provenances.size() < 6)
          T->Provenances.push_back(provenanceOf(
              N, "loaded data is stored into a whole " + displayKey(Outer) + ", which embeds " +
                     displayKey(F.PointeeRecord) + " (" + F.Name + ")"));
    }
  }
}

} // namespace nvm::infer
