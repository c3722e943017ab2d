// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/fields.json
// RUN: FileCheck %s --check-prefix=FIELDS --input-file=%t/fields.json

// Two entries, each from its own call of the allocation wrapper xmalloc (the wrapper's caller
// names the site). The load stores what it read into the first; serve() stores a constant
// into the second and copies it into the statistics. With field cells per allocation site,
// serve()'s read of b->val reads only its own entry's cell: the statistics are not loaded.
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
void serve(const char *why) {
  (void)why;
  struct entry *b = xmalloc(sizeof *b);
  b->val = 1;
  stats_state = xmalloc(sizeof *stats_state);
  stats_state->last = b->val;
}
void load(int fd) {
  long n;
  struct entry *a = xmalloc(sizeof *a);
  read(fd, &n, sizeof n);
  a->val = n;
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->size = a->val;
  serve("loaded");
}
