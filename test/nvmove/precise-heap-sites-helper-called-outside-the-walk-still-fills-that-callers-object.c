// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json

// entry_fill() reads data and stores it through its parameter. The load calls it (so the
// walk visits it), and so does init_other(), which the walk never reaches: that call is not
// in the flow graph, so the write is bound there to the sites its argument may point to
// (the entry kept in other_state). report() copies that entry's field into the statistics,
// which are therefore reported. entry_set(), called by the load with loaded data and by
// serve() with a constant, still fills each entry with its own caller's value: the
// counters copied from serve()'s entry are not reported.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "counters"
// CHECK:         "name": "stats",
// CHECK-NOT:     "name": "counters"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct entry { long val; };
struct stats { long last; };
struct counters { long last; };
struct entry *load_state;
struct entry *other_state;
struct stats *stats_state;
struct counters *counters_state;
void entry_fill(struct entry *e, int fd) {
  long n;
  read(fd, &n, sizeof n);
  e->val = n;
}
void entry_set(struct entry *e, long v) { e->val = v; }
void init_other(int fd) {
  struct entry *b = xmalloc(sizeof *b);
  entry_fill(b, fd);
  other_state = b;
}
void report(struct stats *s) { s->last = other_state->val; }
void serve(const char *why) {
  (void)why;
  struct entry *c = xmalloc(sizeof *c);
  entry_set(c, 1);
  counters_state = xmalloc(sizeof *counters_state);
  counters_state->last = c->val;
  stats_state = xmalloc(sizeof *stats_state);
  report(stats_state);
}
void load(int fd) {
  long n;
  struct entry *a = xmalloc(sizeof *a);
  entry_fill(a, fd);
  read(fd, &n, sizeof n);
  entry_set(a, n);
  load_state = a;
  serve("loaded");
}
