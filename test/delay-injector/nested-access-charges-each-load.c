// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// 'p->next->key' loads p->next, then key: both are charged, the inner one inside the outer
// one's evaluated operand; the address computations in the charges are not charged again.
// CHECK-LABEL: int second(struct node *p) {
// CHECK-NEXT:    return (pms_lat_read(&(p->next->key), sizeof(p->next->key)), (pms_lat_read(&(p->next), sizeof(p->next)), p->next)->key);
// CHECK-LABEL: void link(struct node *p, struct node *q) {
// CHECK-NEXT:    (pms_lat_write(&(p->next->next), sizeof(p->next->next)), (pms_lat_read(&(p->next), sizeof(p->next)), p->next)->next = q);
// A member of an anonymous member struct lies in the persistent object too.
// CHECK-LABEL: int inner(struct node *p) {
// CHECK-NEXT:    return (pms_lat_read(&(p->in.a), sizeof(p->in.a)), p->in.a);

//--- input.c
struct node { int key; struct node *next; char buf[16]; struct { int a; } in; };
int second(struct node *p) {
  return p->next->key;
}
void link(struct node *p, struct node *q) {
  p->next->next = q;
}
int inner(struct node *p) {
  return p->in.a;
}
