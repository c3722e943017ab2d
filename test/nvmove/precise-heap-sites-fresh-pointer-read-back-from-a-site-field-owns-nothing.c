// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/fields.json
// RUN: FileCheck %s --input-file=%t/fields.json

// The load allocates an item, fills it and stores it into the list it allocated: the list
// owns a persistent object. The mark is then given the list's head, read back from the
// list's field. A pointer read from memory is no longer known to be fresh (the heap mixes
// old and new objects), so the mark owns nothing: its field cell per allocation site is
// storage like the record's field cell, and freshness does not go through either.
// CHECK-LABEL: "types": [
// CHECK:         "name": "item",
// CHECK:         "name": "list",
// CHECK:         "evidence": "stores into 'head' a struct item that the load allocated and filled",
// CHECK-NOT:     "name": "mark"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct item { long v; };
struct list { struct item *head; };
struct mark { struct item *last; };
struct list *items;
struct mark *marks;
void load(int fd) {
  struct item *it = xmalloc(sizeof *it);
  read(fd, &it->v, sizeof it->v);
  items = xmalloc(sizeof *items);
  items->head = it;
  marks = xmalloc(sizeof *marks);
  marks->last = items->head;
}
