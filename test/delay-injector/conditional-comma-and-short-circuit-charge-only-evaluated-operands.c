// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --check-prefix=SOURCE --input-file=%t/out/input.c
// RUN: %di-cc %t/input.c -o %t/original %di-ldflags
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: %t/original > %t/original.txt
// RUN: %t/instrumented > %t/instrumented.txt
// RUN: diff %t/original.txt %t/instrumented.txt
// RUN: FileCheck %s --input-file=%t/instrumented.txt
// RUN: env PMS_STATS=%t/stats.json %t/instrumented
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// Charges sit inside the operands, so an operand that is not evaluated (the other arm of ?:,
// the right side of a short-circuited && or ||) charges nothing; a comma keeps its order.
// SOURCE-LABEL: int main(void) {
// SOURCE:         int c = ((pms_lat_write(&(a->key), sizeof(a->key)), a->key = 4), (pms_lat_read(&(a->key), sizeof(a->key)), a->key) + 1);
// SOURCE-NEXT:    int d = (pms_lat_read(&(a->next), sizeof(a->next)), a->next) ? (pms_lat_read(&(a->next->key), sizeof(a->next->key)), (pms_lat_read(&(a->next), sizeof(a->next)), a->next)->key) : -1;

// CHECK: 4 5 -1 1 0

// c: 1 write, 1 read; d: a->next (null); e: a->next (null), then a->key; f: a->key only.
// STATS: "reads": 5, "writes": 1,

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
int printf(const char *, ...);
static struct node nodes[2];
int main(void) {
  struct node *a = &nodes[0];
  int c = (a->key = 4, a->key + 1);
  int d = a->next ? a->next->key : -1;
  int e = (a->next && a->next->key) || a->key;
  int f = a->key > 10 && a->next->key;
  printf("%d %d %d %d %d\n", 4, c, d, e, f);
  return 0;
}
