// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Loaded data stored into a field of a global struct makes the struct
// persistent with reason loaded-data, just as it does for a local or a
// heap object.
// CHECK-LABEL: "touched_not_loaded": [],
// CHECK-LABEL: "types": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "n"
// CHECK-NEXT:    ],
// CHECK:         "name": "db",
// CHECK:         "statement": "db.c:8:12"
// CHECK:         "reason": "loaded-data",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct db { int n; long dirty; };
struct db server;
void load_db(int fd) {
  int n;
  read(fd, &n, sizeof n);
  server.n = n;
}
