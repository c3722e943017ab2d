// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// A whole macro use is only wrapped where it is written in the file: inside another macro's
// argument it may be expanded twice (MAX) or have its address taken (ADDR), so it is left alone.
// CHECK-LABEL: int f(struct node *p) {
// CHECK-NEXT:    int a = MAX(KEY(p), 1);
// CHECK-NEXT:    int b = ID(KEY(p));
// CHECK-NEXT:    int *c = ADDR(KEY(p));
// CHECK-NEXT:    return a + b + *c;

// MAX expands KEY(p) twice, ID once; ADDR only takes the address.
// SUMMARY: 0 sites instrumented
// SUMMARY: skipped macro-expansion: 3

//--- input.c
struct node { int key; };
#define KEY(n) ((n)->key)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define ID(x) x
#define ADDR(x) (&(x))
int f(struct node *p) {
  int a = MAX(KEY(p), 1);
  int b = ID(KEY(p));
  int *c = ADDR(KEY(p));
  return a + b + *c;
}
