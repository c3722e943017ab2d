// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// C forbids taking the address of a 'register' object, so its members cannot be charged.
// CHECK-LABEL: int f(struct node *p) {
// CHECK-NEXT:    register struct node n = (pms_lat_read(&(*p), sizeof(*p)), *p);
// CHECK-NEXT:    n.key = 2;
// CHECK-NEXT:    return n.key;

// SUMMARY: skipped register-variable: 2

//--- input.c
struct node { int key; };
int f(struct node *p) {
  register struct node n = *p;
  n.key = 2;
  return n.key;
}
