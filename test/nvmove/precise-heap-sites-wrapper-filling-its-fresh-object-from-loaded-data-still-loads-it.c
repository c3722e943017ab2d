// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json

// Soundness of the wrapper's stores bound per call: make_obj() fills its fresh object
// from its parameter (and one field from another it just wrote). The load hands it loaded
// data through a wrapper of the wrapper (make_from(), whose call of make_obj() is the
// site), keeps the object in a global, and later code reads it back: every record filled
// from those fields is loaded data, and so is the object itself. The provenance names the
// wrapper's store into the object it returns.
// CHECK-LABEL: "types": [
// CHECK:         "name": "copy",
// CHECK:         "name": "obj",
// CHECK:         "name": "rec",
// CHECK:         "evidence": "loaded data is stored into rec.size: {{.*}} -> make_obj: obj.val of the object it returns -> {{.*}}"
// CHECK:         "name": "twin",
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
struct obj { int type; long val; long twice; };
struct rec { long size; };
struct twin { long size; };
struct copy { long size; };
struct rec *rec_state;
struct twin *twin_state;
struct copy *copy_state;
struct obj *kept;
struct obj *make_obj(int type, long val) {
  struct obj *o = xmalloc(sizeof *o);
  o->type = type;
  o->val = val;
  o->twice = o->val * 2;
  return o;
}
struct obj *make_from(long val) { return make_obj(1, val); }
void use_kept(const char *why) {
  (void)why;
  copy_state = xmalloc(sizeof *copy_state);
  copy_state->size = kept->val;
}
void load(int fd) {
  long n;
  read(fd, &n, sizeof n);
  struct obj *a = make_from(n);
  rec_state = xmalloc(sizeof *rec_state);
  rec_state->size = a->val;
  twin_state = xmalloc(sizeof *twin_state);
  twin_state->size = a->twice;
  kept = make_obj(3, n);
  use_kept("kept");
}
