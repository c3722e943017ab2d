// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A guard may test a local the body sets only where it declares it, from a
// parameter that does not change (`int notify = !(flags & NO_NOTIFY)`,
// `int copy = flags`, `int m = mode & 4` then `m == 4`): it is the same
// guard on the parameter. A local set once to a constant, or to a parameter,
// passes that on as an argument (`int quiet = 1; add_entry(l, quiet)`).
// The load passes flags and modes whose bits rule out publish, log_it,
// audit and notify_all, so what they store is not reported. Kept: a local
// assigned again after its declaration (`again`), one whose address is
// taken (`seen`), one converted to a narrower type on the way (`low`: 256
// is 0 as a char), and one set from something else than a parameter
// (`dirty`).
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "publish"
// CHECK-NEXT:    "caller": "create_consumer"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "log_it"
// CHECK-NEXT:    "caller": "create_consumer"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "audit"
// CHECK-NEXT:    "caller": "create_consumer"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "notify_all"
// CHECK-NEXT:    "caller": "add_entry"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "audit_log"
// CHECK:         "name": "counters"
// CHECK:         "name": "entry"
// CHECK-NOT:     "name": "journal"
// CHECK:         "name": "marks"
// CHECK-NOT:     "name": "journal"
// CHECK-NOT:     "name": "pubsub"
// CHECK:         "name": "replay"
// CHECK:         "name": "stats"
// CHECK-NOT:     "name": "pubsub"
// CHECK-NOT:     "name": "watchers"
// CHECK-NOT:     "name": "audit_log"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void mark_seen(int *seen);
int busy(void);
struct entry { long v; };
struct pubsub { long v; };
struct journal { long v; };
struct audit_log { long v; };
struct watchers { long v; };
struct stats { long v; };
struct replay { long v; };
struct marks { long v; };
struct counters { long v; };
struct entry *cur;
struct pubsub channel;
struct journal jl;
struct audit_log al;
struct watchers w;
struct stats st;
struct replay rp;
struct marks mk;
struct counters ct;
void publish(struct entry *e) { channel.v = e->v; }
void log_it(struct entry *e) { jl.v = e->v; }
void audit(struct entry *e) { al.v = e->v; }
void notify_all(struct entry *e) { w.v = e->v; }
void count(struct entry *e) { st.v = e->v; }
void redo(struct entry *e) { rp.v = e->v; }
void remember(struct entry *e) { mk.v = e->v; }
void tally(struct entry *e) { ct.v = e->v; }
void create_consumer(struct entry *e, int flags, int mode) {
  int notify = !(flags & 1);
  int copy = flags;
  int m = mode & 4;
  int again = !(flags & 1);
  int seen = !(flags & 1);
  char low = mode;
  int dirty = busy();
  if (notify)
    publish(e);
  if (copy == 5)
    log_it(e);
  if (m == 4)
    audit(e);
  if (busy())
    again = 1;
  if (again)
    count(e);
  mark_seen(&seen);
  if (seen)
    redo(e);
  if (low == 0)
    remember(e);
  if (dirty)
    tally(e);
}
void add_entry(struct entry *e, int quiet) {
  if (!quiet)
    notify_all(e);
}
void load_db(int fd) {
  int quiet = 1;
  if (read(fd, &cur->v, sizeof cur->v) != sizeof cur->v)
    return;
  create_consumer(cur, 3, 256);
  add_entry(cur, quiet);
}
