// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The global container is filled by a helper that receives its address:
// 'struct db' is still reachable from the root 'server' and persistent.
// CHECK-LABEL: "roots": [
// CHECK:         "global": "server",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "db",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK:         "name": "item",
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
void db_attach(struct db *d, struct item *items) { d->items = items; }
void load_db(int fd) {
  struct item *items = malloc(4 * sizeof(struct item));
  read(fd, items, 4 * sizeof(struct item));
  db_attach(&server, items);
}
