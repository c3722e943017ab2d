// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// The matcher sees an initializer list's elements twice (syntactic and semantic form): the
// load is charged once and is not reported as a clash.
// CHECK-LABEL: int f(struct node *p) {
// CHECK-NEXT:    struct pair q = { 1, (pms_lat_read(&(p->key), sizeof(p->key)), p->key) };

// SUMMARY-NOT: warning
// SUMMARY: 1 sites instrumented in 1 files, 0 skipped

//--- input.c
struct node { int key; };
struct pair { int a, b; };
int f(struct node *p) {
  struct pair q = { 1, p->key };
  return q.b;
}
