// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// 'struct db' is persistent because its field 'items' is given the loaded
// items: that store writes 'items', so the field is listed as written, as
// paper mode lists it for the same program.
// CHECK-LABEL: "types": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "items"
// CHECK-NEXT:    ],
// CHECK-NEXT:    "kind": "struct",
// CHECK-NEXT:    "name": "db",
// CHECK:         "reason": "pointer-to-loaded",

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
