// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/fields.json
// RUN: FileCheck %s --check-prefix=FIELDS --input-file=%t/fields.json

// Two buffers, each from its own call of the allocation wrapper, each with its own bytes
// behind 'data'. The load reads into the first buffer's bytes and copies them into the
// record; serve() writes a constant into the second buffer's bytes and copies them into
// the statistics. With the bytes behind a pointer field split by the site of the object
// holding the pointer (h:<site>#*f:buf.data), serve() reads only its own buffer's bytes:
// the statistics are not loaded.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

// With one cell for the bytes behind every buf.data, the statistics look loaded.
// FIELDS-LABEL: "types": [
// FIELDS:         "name": "rec",
// FIELDS:         "name": "stats",

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
struct stats { char last[16]; };
struct rec *rec_state;
struct stats *stats_state;
void serve(const char *why) {
  (void)why;
  struct buf *b = xmalloc(sizeof *b);
  b->data = xmalloc(64);
  b->data[0] = 'x';
  stats_state = xmalloc(sizeof *stats_state);
  memcpy(stats_state->last, b->data, 16);
}
void load(int fd) {
  struct buf *a = xmalloc(sizeof *a);
  a->data = xmalloc(64);
  read(fd, a->data, 64);
  rec_state = xmalloc(sizeof *rec_state);
  memcpy(rec_state->name, a->data, 16);
  serve("loaded");
}
