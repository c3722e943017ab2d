// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The paper's false positives: iterators over persistent types (NVMOVE
// §4.1). 'struct db_iter' holds a pointer to the persistent 'struct db' and
// is written on the walk, but the iterator itself lives on the stack and is
// never stored anywhere reachable from a root: it is touched, not persistent.
// CHECK-LABEL: "roots": [
// CHECK:         "global": "server",
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "db_iter",
// CHECK:         "reason": "touched",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "db_iter"
// CHECK:         "name": "db",
// CHECK-NOT:     "name": "db_iter"
// CHECK:         "name": "item",
// CHECK-NOT:     "name": "db_iter"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct item { long key; long val; };
struct db { struct item *items; int n; };
struct db_iter { struct db *db; int pos; };
struct db *server;
void iter_init(struct db_iter *it, struct db *db) { it->db = db; it->pos = 0; }
struct item *iter_next(struct db_iter *it) {
  if (it->pos >= it->db->n)
    return 0;
  return &it->db->items[it->pos++];
}
void load_db(int fd) {
  struct db_iter it;
  struct item *e;
  server = malloc(sizeof *server);
  read(fd, &server->n, sizeof server->n);
  server->items = malloc(server->n * sizeof(struct item));
  read(fd, server->items, server->n * sizeof(struct item));
  iter_init(&it, server);
  while ((e = iter_next(&it)))
    e->val = e->key;
}
