// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A call the guards rule out never runs: it has no flows at all. Left as a
// call into a body the walk does not enter, it would be wired like a library
// call, its result made of its arguments, and leaving it out would make
// loaded data reach what its result is stored into (note.v, through rank,
// which only that call calls); nor does a call of a function the walk enters
// elsewhere bind to its body (score into note.v). The same
// callee called where it does run (tally.v) still carries the loaded entry;
// so does a call the guards keep (`mode == 0`).
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "score"
// CHECK-NEXT:    "caller": "handle"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "rank"
// CHECK-NEXT:    "caller": "handle"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry"
// CHECK:         "name": "kept"
// CHECK-NOT:     "name": "note"
// CHECK:         "name": "tally"
// CHECK-NOT:     "name": "note"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct entry { long v; };
struct note { long v; };
struct tally { long v; };
struct kept { long v; };
struct entry *cur;
struct note *notes;
struct tally *tallies;
struct kept *kepts;
long score(struct entry *e) { return e->v * 2; }
long weigh(struct entry *e) { return e->v + 1; }
long rank(struct entry *e) { return e->v - 1; }
void handle(struct entry *e, int mode) {
  if (mode == 1)
    notes->v = score(e);
  if (mode == 2)
    notes->v = rank(e);
  if (mode == 0)
    kepts->v = weigh(e);
  tallies->v = score(e);
}
void load_db(int fd) {
  if (read(fd, &cur->v, sizeof cur->v) != sizeof cur->v)
    return;
  handle(cur, 0);
}
