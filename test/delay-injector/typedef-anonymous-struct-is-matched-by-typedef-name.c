// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// nvmove names an anonymous struct by its typedef (tag null): records are matched through
// nvm::recordKey, so 'cell_t' is found; a struct of another name is not.
// CHECK-LABEL: long f(cell_t *c, struct other *o) {
// CHECK-NEXT:    return (pms_lat_read(&(c->v), sizeof(c->v)), c->v) + o->z;

// SUMMARY: type cell_t: 1 sites
// SUMMARY-NOT: type

//--- input.c
typedef struct { long v; } cell_t;
struct other { int z; };
long f(cell_t *c, struct other *o) {
  return c->v + o->z;
}
