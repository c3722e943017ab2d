// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: not %delay-injector -p %t --types=%di-types --out=%t/out 2>%t/err.txt
// RUN: FileCheck %s --input-file=%t/err.txt
// RUN: diff %t/input.c %t/out/input.c

// A TU with errors is copied unchanged and the exit code is 2 (completed, incomplete).
// CHECK-NOT: error generated
// CHECK: delay-injector: warning: translation unit did not parse: input.c: input.c:3:{{[0-9]+}}: use of undeclared identifier 'undeclared'
// CHECK: 0 sites instrumented

//--- input.c
struct node { int key; };
int get(struct node *p) {
  return p->key + undeclared;
}
