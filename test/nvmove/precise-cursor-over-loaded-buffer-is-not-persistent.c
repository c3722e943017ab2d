// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_entries --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A parsing cursor over a loaded buffer is an iterator too: it only holds
// pointers into loaded data and lives on the stack, reachable from no root,
// so it is touched, not persistent (the design note in Inference.h: types that
// only hold pointers to loaded objects must be reachable from a root). The
// entries decoded through it are persistent.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "cursor",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "entry",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c entries.c", "file": "entries.c"}]
//--- entries.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct cursor { const char *pos; const char *end; };
struct entry { long key; };
long next_key(struct cursor *c) {
  long k = *(const long *)c->pos;
  c->pos += sizeof(long);
  return k;
}
void load_entries(int fd, struct entry *e) {
  char *buf = malloc(4096);
  struct cursor c;
  read(fd, buf, 4096);
  c.pos = buf;
  c.end = buf + 4096;
  e->key = next_key(&c);
}
