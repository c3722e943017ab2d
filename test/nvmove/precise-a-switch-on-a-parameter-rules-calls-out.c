// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A switch on a parameter that does not change (or on its bits under a
// mask) is a guard on it: a call under `case K:` needs the parameter to be
// K, a call under `default:` (or after a switch without one) needs it to be
// none of the cases. The load passes what = 2 and mode = 6, so show (case 1),
// the default's beep and fallback (mode & 3 is 2, a case) never run. Kept:
// a case reached by falling through from a case that runs (case 2 falls into
// case 3's redraw; level 5 falls out of the inner switch into `case 4:`,
// which is the outer switch's case, not the inner one's), and a switch on a
// local the body assigns again.
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "show"
// CHECK-NEXT:    "caller": "dispatch"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "beep"
// CHECK-NEXT:    "caller": "dispatch"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "fallback"
// CHECK-NEXT:    "caller": "dispatch"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "bell"
// CHECK:         "name": "entry"
// CHECK-NOT:     "name": "screen"
// CHECK-NOT:     "name": "spare"
// CHECK:         "name": "outer"
// CHECK:         "name": "rescan"
// CHECK:         "name": "shown"
// CHECK-NOT:     "name": "spare"
// CHECK-NOT:     "name": "screen"
// CHECK-NOT:     "name": "bell"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
int busy(void);
struct entry { long v; };
struct screen { long v; };
struct bell { long v; };
struct spare { long v; };
struct shown { long v; };
struct outer { long v; };
struct rescan { long v; };
struct entry *cur;
struct screen scr;
struct bell bl;
struct spare sp;
struct shown sh;
struct outer ou;
struct rescan rs;
void show(struct entry *e) { scr.v = e->v; }
void beep(struct entry *e) { bl.v = e->v; }
void fallback(struct entry *e) { sp.v = e->v; }
void redraw(struct entry *e) { sh.v = e->v; }
void after_inner(struct entry *e) { ou.v = e->v; }
void scan(struct entry *e) { rs.v = e->v; }
void dispatch(struct entry *e, int what, unsigned mode, int level) {
  int again = what;
  switch (what) {
  case 1:
    show(e);
    break;
  case 2:
  case 3:
    redraw(e);
    break;
  default:
    beep(e);
  }
  switch (mode & 3) {
  case 0:
  case 2:
    break;
  default:
    fallback(e);
  }
  switch (level) {
  case 5:
    switch (level) {
    case 7:
      break;
    }
  case 4:
    after_inner(e);
  }
  if (busy())
    again = 9;
  switch (again) {
  case 9:
    scan(e);
  }
}
void load_db(int fd) {
  if (read(fd, &cur->v, sizeof cur->v) != sizeof cur->v)
    return;
  dispatch(cur, 2, 6, 5);
}
