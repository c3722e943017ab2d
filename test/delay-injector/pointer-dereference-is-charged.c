// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// Copying a whole object through a pointer, an element of an array of them, and an element
// of an array member are charged with the size of what is copied.
// CHECK-LABEL: struct node load(struct node *p) {
// CHECK-NEXT:    struct node n = (pms_lat_read(&(*p), sizeof(*p)), *p);
// Objects are matched by type, so a local of a persistent type is charged too (as in the paper).
// CHECK-NEXT:    (pms_lat_write(&(*p), sizeof(*p)), *p = (pms_lat_read(&(n), sizeof(n)), n));
// CHECK-NEXT:    return (pms_lat_read(&(p[1]), sizeof(p[1])), p[1]);
// CHECK-LABEL: char byte(struct node *p, int i) {
// CHECK-NEXT:    return (pms_lat_read(&(p->buf[i]), sizeof(p->buf[i])), p->buf[i]);

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
struct node load(struct node *p) {
  struct node n = *p;
  *p = n;
  return p[1];
}
char byte(struct node *p, int i) {
  return p->buf[i];
}
