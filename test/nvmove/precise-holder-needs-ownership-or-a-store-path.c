// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// 'db' holds the loaded entries: the load stores entries it allocated into it
// (ownership), and the database reached from the global is the base of those
// stores. A session that merely points at the database it uses owns nothing
// and is not on the store path: it is only touched.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "session",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "db",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK:         "name": "entry",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct entry { long key; struct entry *next; };
struct db { struct entry *head; };
struct session { struct db *db; };
struct db *the_db;
struct session *current;
void add(struct db *d, struct entry *e) { e->next = d->head; d->head = e; }
void load_db(int fd) {
  struct entry *e = malloc(sizeof *e);
  read(fd, &e->key, sizeof e->key);
  add(the_db, e);
  current->db = the_db;
}
