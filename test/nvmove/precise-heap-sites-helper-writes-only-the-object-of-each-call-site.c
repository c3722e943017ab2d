// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/fields.json
// RUN: FileCheck %s --check-prefix=FIELDS --input-file=%t/fields.json

// A setter and a getter reach the entry's field through their pointer parameter, and are
// called with two entries (two allocation sites). The load stores what it read into the
// first through entry_set(); serve() stores a constant into the second, reads it back
// through entry_get() and copies it into the statistics. Bound per call site, the setter's
// write of the loaded value goes only to the first entry, and the getter called on the
// second reads only the second: the statistics are not loaded, while the record filled
// from the first entry through the getter is.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

// With one cell for entry.val shared by every entry, the statistics look loaded.
// FIELDS-LABEL: "types": [
// FIELDS:         "name": "stats",

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
void entry_set(struct entry *e, long v) { e->val = v; }
long entry_get(struct entry *e) { return e->val; }
void serve(const char *why) {
  (void)why;
  struct entry *b = xmalloc(sizeof *b);
  entry_set(b, 1);
  stats_state = xmalloc(sizeof *stats_state);
  stats_state->last = entry_get(b);
}
void load(int fd) {
  long n;
  struct entry *a = xmalloc(sizeof *a);
  read(fd, &n, sizeof n);
  entry_set(a, n);
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->size = entry_get(a);
  serve("loaded");
}
