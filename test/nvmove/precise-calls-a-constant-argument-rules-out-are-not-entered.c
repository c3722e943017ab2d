// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A lease the load cannot use is dropped with drop_addrs(s, 0, 0): the calls
// guarded by `if (drop)` and `if (drop && ...)` in drop_addrs and in
// free_addrs, which it passes its parameter on to, never run under the load,
// so what they store (routes, announcements) is not reported; nor does a
// call guarded by a flag bit no walked call sets (`if (flags & 4)`, flags 3).
// A guard keeps its call when any walked call passes something else
// (keep_or_save), when the function's address is taken (on_event may be
// called back with anything), when it tests the load function's own
// parameter, or when a function the walk does not enter (retry_later: only an
// int parameter) calls with another constant (stash).
// CHECK-LABEL: "skipped_calls": [
// CHECK:         "callee": "rebuild_routes"
// CHECK-NEXT:    "caller": "drop_addrs"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "write_back"
// CHECK-NEXT:    "caller": "flush_lease"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK:         "callee": "announce"
// CHECK-NEXT:    "caller": "free_addrs"
// CHECK-NEXT:    "reason": "guarded by a condition every walked call makes false"
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "announcement"
// CHECK:         "name": "event_state"
// CHECK-NOT:     "name": "flush"
// CHECK:         "name": "later"
// CHECK:         "name": "lease"
// CHECK:         "name": "option"
// CHECK-NOT:     "name": "route"
// CHECK:         "name": "saved"
// CHECK-NOT:     "name": "route"
// CHECK-NOT:     "name": "announcement"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct src { int fd; };
struct lease { long addr; };
struct route { long gw; };
struct announcement { long addr; };
struct saved { long v; };
struct event_state { long v; };
struct option { long v; };
struct lease *cur;
struct route routes;
struct announcement last_announce;
struct saved keep;
struct event_state events;
struct option opt;
struct later { long v; };
struct later pending;
struct flush { long v; };
struct flush flushed;
void (*handler)(struct src *, int);
void rebuild_routes(struct lease *l) { routes.gw = l->addr; }
void announce(struct lease *l) { last_announce.addr = l->addr; }
void free_addrs(struct lease *l, int drop, struct src *only) {
  if (only != 0 && only->fd < 0)
    return;
  if (drop && l->addr != 0)
    announce(l);
  if (drop != 2)
    l->addr = 0;
}
void drop_addrs(struct lease *l, int drop, struct src *only) {
  free_addrs(l, drop, only);
  if (drop)
    rebuild_routes(l);
}
void save(struct lease *l) { keep.v = l->addr; }
void keep_or_save(struct lease *l, int flag) {
  if (flag)
    save(l);
}
void note_event(struct lease *l) { events.v = l->addr; }
void on_event(struct src *s, int on) {
  if (on)
    note_event(cur);
}
void set_option(struct lease *l) { opt.v = l->addr; }
void remember(struct lease *l) { pending.v = l->addr; }
void stash(struct lease *l, int now) {
  if (now)
    remember(l);
}
void write_back(struct lease *l) { flushed.v = l->addr; }
void flush_lease(struct lease *l, unsigned flags) {
  if (flags & 4)
    write_back(l);
}
void retry_later(int n) {
  if (n > 0)
    stash(cur, 1);
}
void load_db(struct src *s, int with_options) {
  long n;
  handler = on_event;
  if (read(s->fd, &cur->addr, sizeof cur->addr) != sizeof cur->addr) {
    drop_addrs(cur, 0, 0);
    return;
  }
  n = cur->addr;
  keep_or_save(cur, 0);
  keep_or_save(cur, n > 1);
  on_event(s, 0);
  stash(cur, 0);
  flush_lease(cur, 3);
  retry_later(3);
  if (with_options)
    set_option(cur);
}
