// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --all-tus --format=json -o %t/fields.json
// RUN: FileCheck %s --input-file=%t/fields.json

// Soundness of the bytes behind a pointer field per allocation site: fill() gives a second
// buffer object the first one's bytes (b->data = data_of(a), a pointer that is not fresh
// memory of fill's own) and reads into them through the second object. Those bytes are
// both objects' own, so buf.data keeps one cell for every object's bytes, and the copy the
// load makes from the first object's bytes into the record is loaded data.
// CHECK-LABEL: "types": [
// CHECK:         "name": "rec",
// CHECK:         "evidence": "loaded data is stored into rec.name: {{.*}}*buf.data -> rec.name"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct buf { char *data; size_t len; };
struct rec { char name[16]; };
struct rec *rec_state;
struct buf *shared;
char *data_of(struct buf *x) { return x->data; }
void fill(int fd, struct buf *a) {
  struct buf *b = xmalloc(sizeof *b);
  b->data = data_of(a);
  read(fd, b->data, 16);
}
void load(int fd) {
  struct buf *a = xmalloc(sizeof *a);
  a->data = xmalloc(64);
  shared = a;
  fill(fd, a);
  rec_state = xmalloc(sizeof *rec_state);
  memcpy(rec_state->name, a->data, 16);
}
