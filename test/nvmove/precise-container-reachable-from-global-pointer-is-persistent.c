// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// 'struct db' holds no loaded bytes itself, only a pointer to the loaded
// items. It is persistent because it is reachable from a root, the global
// 'server', which is listed under roots.
// CHECK-LABEL: "roots": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "evidence": "{{.+}}",
// CHECK-NEXT:      "global": "server",
// CHECK-NEXT:      "record": "struct db"
// CHECK-NEXT:    }
// CHECK-NEXT:  ],
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
struct db *server;
void load_db(int fd) {
  struct item *items = malloc(4 * sizeof(struct item));
  read(fd, items, 4 * sizeof(struct item));
  server = malloc(sizeof *server);
  server->items = items;
}
