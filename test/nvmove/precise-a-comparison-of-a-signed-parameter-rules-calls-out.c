// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// An ordering test of a signed parameter that does not change against a
// constant (`n > 0`, `3 <= level`, and the branch not taken of each) is a
// guard on it. The load passes n = 0 and level = 2, so retry (n > 0),
// verbose (3 <= level) and the else of `level < 5` never run. Kept: a test
// of an unsigned parameter (`size > 0` with size = (unsigned long)-1 passes:
// -1 is the largest value there), a signed parameter compared as unsigned
// (`n < sizeof(long)`: -1 is not less), and a test a walked call passes
// another value for (`n > 0` in warn, called with 0 and 1).
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "retry"
// CHECK-NEXT:    "caller": "handle"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "verbose"
// CHECK-NEXT:    "caller": "handle"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "deep"
// CHECK-NEXT:    "caller": "handle"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "deep_log"
// CHECK:         "name": "entry"
// CHECK:         "name": "line"
// CHECK:         "name": "notes"
// CHECK-NOT:     "name": "retries"
// CHECK:         "name": "shallow"
// CHECK:         "name": "sized"
// CHECK:         "name": "small"
// CHECK-NOT:     "name": "verbose_log"
// CHECK-NOT:     "name": "deep_log"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct entry { long v; };
struct retries { long v; };
struct verbose_log { long v; };
struct deep_log { long v; };
struct shallow { long v; };
struct sized { long v; };
struct small { long v; };
struct notes { long v; };
struct line { long v; };
struct entry *cur;
struct retries rt;
struct verbose_log vl;
struct deep_log dl;
struct shallow sh;
struct sized sz;
struct small sm;
struct notes nt;
struct line ln;
void retry(struct entry *e) { rt.v = e->v; }
void verbose(struct entry *e) { vl.v = e->v; }
void deep(struct entry *e) { dl.v = e->v; }
void shallow_copy(struct entry *e) { sh.v = e->v; }
void sized_copy(struct entry *e) { sz.v = e->v; }
void small_copy(struct entry *e) { sm.v = e->v; }
void note(struct entry *e) { nt.v = e->v; }
void add_line(struct entry *e) { ln.v = e->v; }
void handle(struct entry *e, int n, int level, unsigned long size, int m) {
  if (n > 0)
    retry(e);
  if (3 <= level)
    verbose(e);
  if (level < 5)
    shallow_copy(e);
  else
    deep(e);
  if (size > 0)
    sized_copy(e);
  if (m < sizeof(long))
    ;
  else
    small_copy(e);
}
void warn(struct entry *e, int n) {
  if (n > 0)
    note(e);
  add_line(e);
}
void load_db(int fd) {
  if (read(fd, &cur->v, sizeof cur->v) != sizeof cur->v)
    return;
  handle(cur, 0, 2, (unsigned long)-1, -1);
  warn(cur, 0);
  warn(cur, 1);
}
