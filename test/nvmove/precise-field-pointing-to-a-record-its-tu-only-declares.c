// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The table that keeps the loaded entries is defined in a file that only declares the entry
// (`struct entry;`, an opaque type, as C headers often do): its field still points to the
// program's one struct entry, so the table is a holder of loaded data and its global a root.
// CHECK-LABEL: "roots": [
// CHECK:         "global": "table{{(\.last)?}}",
// CHECK-LABEL: "touched_not_loaded": [],
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry",
// CHECK:         "reason": "loaded-data",
// CHECK:         "name": "table",
// CHECK:         "reason": "pointer-to-loaded",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c store.c", "file": "store.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct entry { int key; long value; };
void store(struct entry *e);
void load(void) {
  struct entry *e = malloc(sizeof *e);
  read(0, e, sizeof *e);
  store(e);
}
//--- store.c
struct entry;
struct table { struct entry *last; int n; };
struct table table;
void store(struct entry *e) {
  table.last = e;
  table.n++;
}
