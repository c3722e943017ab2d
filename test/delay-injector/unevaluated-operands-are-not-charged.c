// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// Operands of sizeof, _Alignof, typeof and _Generic's controlling expression are never
// evaluated, so nothing in them is charged.
// CHECK-LABEL: unsigned long f(struct node *p) {
// CHECK-NEXT:    unsigned long s = sizeof(p->key + 1) + sizeof p->next->key;
// CHECK-NEXT:    __typeof__(p->key + 0) t = 0;
// CHECK-NEXT:    int g = _Generic(p->key + 1, int: 1, default: 2);
// CHECK-NEXT:    return s + t + g + _Alignof(p->key) + __builtin_offsetof(struct node, buf);

// SUMMARY: 0 sites instrumented
// SUMMARY: skipped unevaluated: 4

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
unsigned long f(struct node *p) {
  unsigned long s = sizeof(p->key + 1) + sizeof p->next->key;
  __typeof__(p->key + 0) t = 0;
  int g = _Generic(p->key + 1, int: 1, default: 2);
  return s + t + g + _Alignof(p->key) + __builtin_offsetof(struct node, buf);
}
