// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --all-tus --format=json -o %t/fields.json
// RUN: FileCheck %s --check-prefix=FIELDS --input-file=%t/fields.json

// An appender (strbuf_add's shape) copies its argument into the bytes behind b->data. The
// load appends what it read to its buffer and copies the buffer's bytes into the record;
// serve() appends a constant to a buffer of its own and copies those bytes into the
// statistics. The appender's write through its parameter is bound at each call to that
// call's buffer (buf_add|p0#w#*f:buf.data): the record is still loaded (two helpers'
// worth of flow, through the load's own buffer), the statistics are not.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "rec",
// CHECK:         "evidence": "loaded data is stored into rec.name: <data read from storage> -> load: tmp -> buf_add: *buf.data through parameter 0 -> {{.*}} -> rec.name"
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

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
void buf_add(struct buf *b, const char *s, size_t n) {
  memcpy(b->data + b->len, s, n);
  b->len += n;
}
void serve(const char *why) {
  struct buf *b = xmalloc(sizeof *b);
  b->data = xmalloc(64);
  b->len = 0;
  buf_add(b, why, 6);
  stats_state = xmalloc(sizeof *stats_state);
  memcpy(stats_state->last, b->data, 16);
}
void load(int fd) {
  char tmp[16];
  struct buf *a = xmalloc(sizeof *a);
  a->data = xmalloc(64);
  a->len = 0;
  read(fd, tmp, sizeof tmp);
  buf_add(a, tmp, sizeof tmp);
  rec_state = xmalloc(sizeof *rec_state);
  memcpy(rec_state->name, a->data, 16);
  serve("loaded");
}
