// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/input.c

// Loads through '->' and '.' of a persistent struct, and of a persistent union, are charged
// as reads of the member's address and size; the value of the expression is unchanged.
// The runtime is declared first (its header, which pulls in system headers, is included last,
// after the file's own feature-test macros); '#line 1' keeps line numbers.
// CHECK:       static inline void pms_lat_read(const void *, __SIZE_TYPE__); static inline void pms_lat_write(const void *, __SIZE_TYPE__);
// CHECK-NEXT:  #line 1
// CHECK-LABEL: int arrow(struct node *p) {
// CHECK-NEXT:    return (pms_lat_read(&(p->key), sizeof(p->key)), p->key);
// CHECK-LABEL: int dot(struct node n) {
// CHECK-NEXT:    return (pms_lat_read(&(n.key), sizeof(n.key)), n.key);
// CHECK-LABEL: long in_union(union val *v) {
// CHECK-NEXT:    return (pms_lat_read(&(v->l), sizeof(v->l)), v->l);
// CHECK-NEXT:  }
// CHECK-NEXT:  #include <pmem_shim/latency.h>

// SUMMARY: delay-injector: 3 sites instrumented in 1 files, 0 skipped
// SUMMARY: file input.c: 3 sites (3 reads, 0 writes)
// SUMMARY: type node: 2 sites
// SUMMARY: type val: 1 sites

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
union val { long l; double d; };
int arrow(struct node *p) {
  return p->key;
}
int dot(struct node n) {
  return n.key;
}
long in_union(union val *v) {
  return v->l;
}
