// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out --summary=%t/summary.json 2>&1 \
// RUN:   | count 0
// RUN: FileCheck %s --input-file=%t/summary.json

// TWICE(p->key) expands its argument twice: two skipped loads.
// CHECK:      "files": {
// CHECK-NEXT:   "input.c": {
// CHECK-NEXT:     "reads": 3,
// CHECK-NEXT:     "sites": 4,
// CHECK-NEXT:     "writes": 1
// CHECK:      "schema": 1,
// CHECK:      "sites": 4,
// CHECK:      "skipped": {
// CHECK-NEXT:   "macro-expansion": 2,
// CHECK-NEXT:   "side-effects": 1
// CHECK-NEXT: },
// CHECK-NEXT: "skipped_total": 3,
// CHECK:      "types": {
// CHECK-NEXT:   "cell_t": 1,
// CHECK-NEXT:   "node": 3
// CHECK-NEXT: }

//--- input.c
struct node { int key; unsigned flag : 1; };
typedef struct { long v; } cell_t;
struct node *get(void);
#define TWICE(x) ((x) + (x))
long f(struct node *p, cell_t *c) {
  p->key = p->flag;
  get()->key = TWICE(1);
  (void)TWICE(p->key);
  return c->v + p->key;
}
