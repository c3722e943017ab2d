// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c

// A read-modify-write is charged as a read and a write of the l-value, evaluated once.
// CHECK-LABEL: int bump(struct node *p) {
// CHECK-NEXT:    (pms_lat_read(&(p->key), sizeof(p->key)), pms_lat_write(&(p->key), sizeof(p->key)), p->key++);
// CHECK-NEXT:    (pms_lat_read(&(p->key), sizeof(p->key)), pms_lat_write(&(p->key), sizeof(p->key)), --p->key);
// CHECK-NEXT:    (pms_lat_read(&(p->key), sizeof(p->key)), pms_lat_write(&(p->key), sizeof(p->key)), p->key += 3);
// CHECK-NEXT:    return (pms_lat_read(&(p->key), sizeof(p->key)), pms_lat_write(&(p->key), sizeof(p->key)), p->key <<= 1);

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
int bump(struct node *p) {
  p->key++;
  --p->key;
  p->key += 3;
  return p->key <<= 1;
}
