// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// dpkg allocates its in-core database with nfmalloc(sizeof(*dop)), which carves each block from
// an obstack instead of calling malloc: a function without pointer parameters, returning a
// pointer, that calls hand a sizeof. What it returns is a fresh object as malloc's is, so a
// 'struct dep' that holds a pointer to a loaded package the load allocated there is a holder.
// 'struct ref' gets a package from pkg_lookup, which has the same signature but is never handed
// a sizeof: an existing object, nothing the load allocated.
// CHECK-LABEL: "types": [
// CHECK:         "name": "dep",
// CHECK:         "evidence": "stores into 'target' a struct pkg that the load allocated and filled",
// CHECK:         "name": "pkg",
// CHECK-NOT:     "name": "ref",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c arena.c", "file": "arena.c"}]
//--- arena.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
struct arena { char *next; char *end; };
static struct arena pool;
struct pkg { char name[16]; };
struct dep { struct pkg *target; struct dep *next; };
struct ref { struct pkg *pkg; };
struct pkg *pkgs[4];
struct dep *deps;
struct ref *last_ref;
void *arena_alloc(size_t n) {
  char *p = pool.next;
  pool.next += n;
  return p;
}
struct pkg *pkg_lookup(void) { return pkgs[1]; }
void load(int fd) {
  struct pkg *p = arena_alloc(sizeof *p);
  read(fd, p->name, sizeof p->name);
  pkgs[0] = p;
  struct dep *d = arena_alloc(sizeof *d);
  d->target = p;
  d->next = deps;
  deps = d;
  struct ref *r = arena_alloc(sizeof *r);
  r->pkg = pkg_lookup();
  last_ref = r;
}
