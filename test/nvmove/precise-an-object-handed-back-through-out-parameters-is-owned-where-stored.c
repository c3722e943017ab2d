// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_leases --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// ISC DHCP's shape: objects are allocated through an out-parameter (`value_allocate(&nv)` does
// `*vp = calloc(...)`) and stored by reference-counting helpers that write through the address
// of the caller's field (`value_reference(&b->value, nv)` does `*ptr = v`). The binding then
// owns a fresh value the load filled, and the scope owns the binding: both are persistent,
// as they are when the same stores are written out in the load itself.
// CHECK-LABEL: "types": [
// CHECK:         "name": "binding",
// CHECK:         "name": "lease",
// CHECK:         "name": "scope",
// CHECK:         "name": "value",
// CHECK-LABEL: "warnings"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *p, const char *m);
int fscanf(FILE *f, const char *fmt, ...);
void *calloc(size_t n, size_t s);

struct value { int refcnt; long number; };
struct binding { struct binding *next; struct value *value; };
struct scope { struct binding *bindings; };
struct lease { struct scope *scope; long ends; struct lease *next; };
struct lease *leases;

static int value_allocate(struct value **vp) {
  struct value *v = calloc(1, sizeof(*v));
  if (!v)
    return 0;
  *vp = v;
  v->refcnt = 1;
  return 1;
}

static int value_reference(struct value **ptr, struct value *v) {
  *ptr = v;
  v->refcnt++;
  return 1;
}

void load_leases(const char *path) {
  FILE *f = fopen(path, "r");
  struct lease *l = calloc(1, sizeof(*l));
  struct binding *b = calloc(1, sizeof(*b));
  struct value *nv = 0;
  fscanf(f, "%ld", &l->ends);
  l->scope = calloc(1, sizeof(*l->scope));
  value_allocate(&nv);
  fscanf(f, "%ld", &nv->number);
  value_reference(&b->value, nv);
  b->next = l->scope->bindings;
  l->scope->bindings = b;
  l->next = leases;
  leases = l;
}
