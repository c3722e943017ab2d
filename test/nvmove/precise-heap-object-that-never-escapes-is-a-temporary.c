// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The load allocates a scan state, copies loaded fields into it and frees it:
// no pointer to it is ever stored anywhere or returned from the load, so it is
// a temporary (reported as touched), while the entries it was built from,
// which are linked into the global table, stay persistent.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "scan",
// CHECK:         "reason": "temporary",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "scan"
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "scan"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void free(void *p);
struct entry { long key; struct entry *next; };
struct scan { long last; int count; };
struct entry *head;
struct scan *scan_start(void) { struct scan *s = malloc(sizeof *s); s->count = 0; return s; }
void scan_step(struct scan *s, struct entry *e) { s->last = e->key; s->count++; }
void load_db(int fd) {
  struct scan *s = scan_start();
  struct entry *e = malloc(sizeof *e);
  read(fd, &e->key, sizeof e->key);
  e->next = head;
  head = e;
  scan_step(s, e);
  free(s);
}
