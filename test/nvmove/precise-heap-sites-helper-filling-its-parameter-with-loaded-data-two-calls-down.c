// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json

// Soundness of the per-call-site binding: entry_fill() reads data itself and has the
// setter entry_set() store it through the parameter; the load reaches it through
// entry_init(), which only passes its own parameter on. The write is bound at each call,
// up through both parameters, to the load's entry (kept in a global): the entry is loaded data, and so is the
// record the load fills from it with a direct read. serve() gives the same setter, through
// entry_put(), another entry and a constant: the statistics copied from that entry are not
// reported.
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK-NOT:     "name": "stats"
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
struct rec { long size; };
struct stats { long last; };
struct rec *rec_state;
struct stats *stats_state;
struct entry *entry_state;
void entry_set(struct entry *e, long v) { e->val = v; }
void entry_fill(struct entry *e, int fd) {
  long n;
  read(fd, &n, sizeof n);
  entry_set(e, n);
}
void entry_init(struct entry *e, int fd) { entry_fill(e, fd); }
void entry_put(struct entry *e, long v) { entry_set(e, v); }
void serve(const char *why) {
  (void)why;
  struct entry *b = xmalloc(sizeof *b);
  entry_put(b, 1);
  stats_state = xmalloc(sizeof *stats_state);
  stats_state->last = b->val;
}
void load(int fd) {
  struct entry *a = xmalloc(sizeof *a);
  entry_init(a, fd);
  entry_state = a;
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->size = a->val;
  serve("loaded");
}
