// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// As with a global pointer, a container that is a global object (Redis'
// 'struct redisServer server') and whose field points to loaded items is
// persistent, and the global (or its field path) is a root.
// CHECK-LABEL: "roots": [
// CHECK:         "global": "server{{(\.items)?}}",
// CHECK-LABEL: "touched_not_loaded": [],
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "db",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK:         "name": "item",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct item { long key; long val; };
struct db { struct item *items; int n; };
struct db server;
void load_db(int fd) {
  struct item *items = malloc(4 * sizeof(struct item));
  read(fd, items, 4 * sizeof(struct item));
  server.items = items;
}
