// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// load_db() is in load.c and only calls table_open(), which is defined in
// table.c: the walk follows the call into the other TU, where the table and
// its entries are filled from the file, so both are persistent. 'scratch' is
// defined in the same TU but never written on the walk.
// CHECK-LABEL: "functions_visited": [
// CHECK:         "name": "load_db"
// CHECK:         "caller": "load_db",
// CHECK-NEXT:    "defined_at": "table.c:12",
// CHECK-NEXT:    "name": "table_open"
// CHECK-LABEL: "types": [
// CHECK:         "name": "entry"
// CHECK:         "reason": "loaded-data"
// CHECK:         "name": "table"
// CHECK:         "reason": "loaded-data"
// CHECK-NOT:     "name": "scratch"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- load.c
struct table *table_open(const char *path);
struct table *db;
void load_db(const char *path) { db = table_open(path); }
//--- table.c
typedef unsigned long size_t;
int open(const char *path, int flags);
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);

struct entry { int k, v; };
struct table { struct entry *slots; unsigned n; };
struct scratch { char buf[64]; };

/* table_open -- reads the table header, then its entries */
struct table *
table_open(const char *path) {
  int fd = open(path, 0);
  struct table *t = malloc(sizeof *t);
  read(fd, &t->n, sizeof t->n);
  t->slots = malloc(t->n * sizeof(struct entry));
  read(fd, t->slots, t->n * sizeof(struct entry));
  return t;
}
