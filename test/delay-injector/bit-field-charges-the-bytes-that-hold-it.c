// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %di-cc %t/input.c -o %t/original %di-ldflags
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: %t/original > %t/original.txt
// RUN: %t/instrumented > %t/instrumented.txt
// RUN: diff %t/original.txt %t/instrumented.txt
// RUN: env PMS_STATS=%t/stats.json %t/instrumented
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// A bit-field has no address (Redis' robj keeps type, encoding and lru in one): the bytes
// that hold it are charged, at the offset the record layout gives.
// CHECK-LABEL: int f(struct node *p, struct node n) {
// CHECK-NEXT:    (pms_lat_write((const char *)(p) + 4, 1), p->flag = 1);
// CHECK-NEXT:    (pms_lat_read((const char *)(p) + 4, 3), pms_lat_write((const char *)(p) + 4, 3), p->lru++);
// CHECK-NEXT:    return (pms_lat_read((const char *)(p) + 4, 1), p->flag) + (pms_lat_read((const char *)&(n) + 4, 3), n.lru);

// Objects are matched by type: main's copy of 'b' and its read of a.lru count too.
// SUMMARY: 6 sites instrumented in 1 files, 0 skipped
// STATS: "reads": 5, "writes": 2,

//--- input.c
int printf(const char *, ...);
struct node { int key; unsigned flag : 1; unsigned lru : 20; };
int f(struct node *p, struct node n) {
  p->flag = 1;
  p->lru++;
  return p->flag + n.lru;
}
int main(void) {
  static struct node a, b;
  int r = f(&a, b);
  printf("%d %u\n", r, a.lru);
  return 0;
}
