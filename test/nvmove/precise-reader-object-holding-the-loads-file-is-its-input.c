// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The load opens its file and keeps the FILE * in a reader object (Redis' rio); three calls
// down, fread() reads from r->fp. A FILE * field can hold a handle, so the stream goes through
// it: 'struct entry' is loaded. A module's load callback, which the walk cannot follow, is handed
// the reader: what it returns was read from the load's input, and the module value that keeps
// it is persistent. 'struct reader' itself only holds the handle and a position.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "entry",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK:         "name": "module_value",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": [

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
typedef struct io_file FILE;
FILE *fopen(const char *path, const char *mode);
size_t fread(void *buf, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
struct reader { FILE *fp; long pos; };
struct entry { long key; long val; };
struct module_value { void *value; };
struct modtype { void *(*load)(struct reader *r); };
struct module_value *mv_slot;
static size_t reader_read(struct reader *r, void *buf, size_t n) {
  return fread(buf, 1, n, r->fp);
}
static void load_entry(struct reader *r, struct entry *e) { reader_read(r, e, sizeof *e); }
static void load_body(struct reader *r, struct entry *e) { load_entry(r, e); }
static void load_module(struct reader *r, struct modtype *mt) {
  void *v = mt->load(r);
  mv_slot = malloc(sizeof *mv_slot);
  mv_slot->value = v;
}
int load(const char *path, struct entry *e, struct modtype *mt) {
  struct reader r;
  r.fp = fopen(path, "r");
  r.pos = 0;
  load_body(&r, e);
  load_module(&r, mt);
  return 0;
}
