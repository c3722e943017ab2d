// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Lists built through a tail pointer (dpkg's dependencies: `ldopp = &dyp->list; ... *ldopp = dop;
// ldopp = &dop->next;`): the store goes into the field whose address the pointer holds. 'struct
// dep' holds the loaded alternatives that way, in the binary the root reaches. 'struct scan'
// only gives its field's address to a pointer nothing stores a loaded record through.
// CHECK-LABEL: "types": [
// CHECK:         "name": "alt",
// CHECK:         "name": "bin",
// CHECK:         "name": "dep",
// CHECK:         "evidence": "stores into 'list' a struct alt that the load allocated and filled",
// CHECK-NOT:     "name": "scan",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c deps.c", "file": "deps.c"}]
//--- deps.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct alt { char name[16]; struct alt *next; };
struct dep { struct alt *list; struct dep *next; int type; };
struct bin { char name[16]; struct dep *depends; };
struct scan { struct alt *cursor; int pos; };
struct bin *bins[4];
struct scan scanner;
void load(int fd) {
  struct bin *b = malloc(sizeof *b);
  read(fd, b->name, sizeof b->name);
  bins[0] = b;
  struct dep *d = malloc(sizeof *d);
  struct dep **ldepp = &b->depends;
  struct alt **laltp = &d->list;
  struct alt **lscan = &scanner.cursor;
  d->list = 0;
  d->next = 0;
  d->type = 1;
  for (int i = 0; i < 2; i++) {
    struct alt *a = malloc(sizeof *a);
    read(fd, a->name, sizeof a->name);
    a->next = 0;
    *laltp = a;
    laltp = &a->next;
  }
  *ldepp = d;
  scanner.pos = *lscan != 0;
}
