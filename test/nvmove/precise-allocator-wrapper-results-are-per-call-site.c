// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Both strings come from one copying allocator (Redis' sdsnewlen). Only the
// first copies loaded bytes; what the wrapper returns is traced back to its
// parameters and bound per call site, so the copy of a literal kept in
// 'logbuf' does not look loaded too.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "logbuf",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "item",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
char *dup(const char *s, size_t n) {
  char *p = malloc(n);
  memcpy(p, s, n);
  return p;
}
struct item { char *bytes; };
struct logbuf { char *line; };
struct item *items;
struct logbuf *logs;
void load_db(int fd) {
  char buf[64];
  read(fd, buf, sizeof buf);
  items->bytes = dup(buf, sizeof buf);
  logs->line = dup("-", 2);
}
