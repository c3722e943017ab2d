// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// Taking a member's address, or letting an array member decay to a pointer, reads nothing.
// CHECK-LABEL: char *f(struct node *p, int **out) {
// CHECK-NEXT:    *out = &p->key;
// CHECK-NEXT:    struct node *self = &*p;
// CHECK-NEXT:    (void)self;
// CHECK-NEXT:    return p->buf;

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
char *f(struct node *p, int **out) {
  *out = &p->key;
  struct node *self = &*p;
  (void)self;
  return p->buf;
}
