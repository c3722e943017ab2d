// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json 2> %t/stderr.txt
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/stderr.txt

// A compile database of two programs (a server in src/ and a dump tool in apps/ that links the
// server's loader against stubs, as mosquitto's db_dump does) defines store() twice. The load
// in src/ calls the server's store(), nearest to it, which keeps the loaded entry in a table;
// following the stub would miss struct table. Each command names its file relative to its
// own directory, so locations are made absolute before they are compared. nvmove says which
// definition it followed.
// CHECK-LABEL: "roots": [
// CHECK:         "global": "table{{(\.last)?}}",
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry",
// CHECK:         "name": "table",
// WARN: src/load.c:{{[0-9]+}}:{{[0-9]+}}: warning: 'store' is defined in 2 files of the compile database (apps/stubs.c, src/store.c); following src/store.c, the nearest to its caller: record only the program you port under bear [nvmove-duplicate-definition]

//--- cdb.json.in
[{"directory": "@DIR@/apps", "command": "cc -c ../src/load.c", "file": "../src/load.c"},
 {"directory": "@DIR@/apps", "command": "cc -c stubs.c", "file": "stubs.c"},
 {"directory": "@DIR@/src", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@/src", "command": "cc -c store.c", "file": "store.c"}]
//--- src/load.c
typedef unsigned long size_t;
size_t fread(void *p, size_t s, size_t n, void *f);
void *malloc(size_t n);
struct entry { int key; long value; };
void store(struct entry *e);
void load(void *f) {
  struct entry *e = malloc(sizeof *e);
  fread(e, sizeof *e, 1, f);
  store(e);
}
//--- src/store.c
struct entry { int key; long value; };
struct table { struct entry *last; int n; };
struct table table;
void store(struct entry *e) {
  table.last = e;
  table.n++;
}
//--- apps/stubs.c
struct entry;
void store(struct entry *e) { (void)e; }
