// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: %di-cc %t/input.c -o %t/original %di-ldflags
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: %t/original > %t/original.txt
// RUN: %t/instrumented > %t/instrumented.txt
// RUN: diff %t/original.txt %t/instrumented.txt
// RUN: FileCheck %s --input-file=%t/instrumented.txt
// RUN: env PMS_STATS=%t/stats.json %t/instrumented
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// Increments, calls in the l-value or in the stored value, and index side effects happen
// exactly once and in the original order: 'calls' counts every call of get() and g().
// CHECK: 3 5 1 11 3

// 'get(1)->key = g()' and 'nodes[i++].key = 3' are skipped, not charged.
// SUMMARY: skipped side-effects: 2
// 2 read-modify-writes, 3 loads in the printf.
// STATS: "reads": 5, "writes": 2,

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
int printf(const char *, ...);
static struct node nodes[4];
static int calls;
static struct node *get(int i) { calls++; return &nodes[i]; }
static int g(void) { calls += 10; return 5; }
int main(void) {
  struct node *a = &nodes[0];
  int i = 0;
  a->key++;              /* read and write */
  get(1)->key = g();     /* skipped */
  nodes[i++].key = 3;    /* skipped */
  a->key += 0;           /* read and write */
  printf("%d %d %d %d %d\n", a->key, nodes[1].key, i, calls, nodes[0].key == 3 ? 3 : 0);
  return 0;
}
