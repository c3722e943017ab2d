// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// A plain assignment is wrapped whole, so the expression keeps its value; the stored value's
// own loads are charged inside it.
// CHECK-LABEL: void set(struct node *p, cell_t *c, int k) {
// CHECK-NEXT:    (pms_lat_write(&(p->key), sizeof(p->key)), p->key = k);
// CHECK-NEXT:    (pms_lat_write(&(c->v), sizeof(c->v)), c->v = (pms_lat_read(&(p->key), sizeof(p->key)), p->key));
// CHECK-NEXT:    int r = ((pms_lat_write(&(p->key), sizeof(p->key)), p->key = 2)) + 1;
// CHECK-LABEL: void scratch(struct other *o) {
// CHECK-NEXT:    o->z = 1;

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
typedef struct { long v; } cell_t;
struct other { int z; };
void set(struct node *p, cell_t *c, int k) {
  p->key = k;
  c->v = p->key;
  int r = (p->key = 2) + 1;
  (void)r;
}
void scratch(struct other *o) {
  o->z = 1;
}
