// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// An access that is a whole macro use is wrapped at the use. One inside a macro argument or
// body has no single place in the file to wrap (the macro may use its argument twice, or take
// its address): it is skipped and counted. Macros inside a wrapped access are kept as written.
// CHECK-LABEL: int f(struct node *p) {
// CHECK-NEXT:    int a = (pms_lat_read(&(KEY(p)), sizeof(KEY(p))), KEY(p));
// CHECK-NEXT:    int b = TWICE(p->key);
// CHECK-NEXT:    (pms_lat_write(&(p->key), sizeof(p->key)), p->key = ZERO);
// CHECK-NEXT:    SET(p);
// CHECK-NEXT:    return a + b;

// SUMMARY: skipped macro-expansion: 3

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
#define KEY(n) ((n)->key)
#define TWICE(x) ((x) + (x))
#define ZERO 0
#define SET(n) ((n)->key = 0)
int f(struct node *p) {
  int a = KEY(p);
  int b = TWICE(p->key);
  p->key = ZERO;
  SET(p);
  return a + b;
}
