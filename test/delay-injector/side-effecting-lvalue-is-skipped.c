// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// Charging needs the l-value's address a second time: when computing it has side effects
// (a call, an increment, a volatile load) the access is skipped and counted, and the code
// is left exactly as it was. The stored value may have side effects: it is evaluated once.
// CHECK-LABEL: void f(struct node *p, struct node **pp) {
// CHECK-NEXT:    get(p)->key = next_value();
// CHECK-NEXT:    (*pp++)->key = 1;
// CHECK-NEXT:    (pms_lat_write(&(p->key), sizeof(p->key)), p->key = next_value());
// CHECK-NEXT:    int k = get(p)->key;

// SUMMARY: skipped side-effects: 3

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
struct node *get(struct node *p);
int next_value(void);
void f(struct node *p, struct node **pp) {
  get(p)->key = next_value();
  (*pp++)->key = 1;
  p->key = next_value();
  int k = get(p)->key;
  (void)k;
}
