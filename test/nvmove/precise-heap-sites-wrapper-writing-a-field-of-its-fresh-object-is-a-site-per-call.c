// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/fields.json
// RUN: FileCheck %s --check-prefix=FIELDS --input-file=%t/fields.json

// make_obj() allocates an object and sets its field from its parameter (Redis'
// createObject(type, ptr)). The load makes one from what it read, serve() one from a
// constant, and each copies its object's field into a record of its own. Each call of
// the wrapper is its own site, and the wrapper's store into its fresh object is bound to
// that call's object: the statistics filled from serve()'s object are not loaded, the
// record filled from the load's object is.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

// With one cell for obj.val shared by every object, the statistics look loaded.
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
struct obj { int type; long val; };
struct rec { long size; };
struct stats { long last; };
struct rec *rec_state;
struct stats *stats_state;
struct obj *make_obj(int type, long val) {
  struct obj *o = xmalloc(sizeof *o);
  o->type = type;
  o->val = val;
  return o;
}
void serve(const char *why) {
  (void)why;
  struct obj *b = make_obj(2, 1);
  stats_state = xmalloc(sizeof *stats_state);
  stats_state->last = b->val;
}
void load(int fd) {
  long n;
  read(fd, &n, sizeof n);
  struct obj *a = make_obj(1, n);
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->size = a->val;
  serve("loaded");
}
