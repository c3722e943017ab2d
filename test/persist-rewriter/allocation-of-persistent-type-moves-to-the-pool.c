// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// The harness (not ported) asks the runtime where each allocation landed.
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// A site is persistent when its size is a sizeof of a persistent type, its result is cast to,
// assigned to (or initialises) or returned as a pointer to one.
// CHECK-LABEL: void *by_size(void) { return pms_malloc(sizeof(struct node)); }
// CHECK-NEXT: void *by_cast(unsigned long n) { return (struct node *)pms_malloc(n); }
// CHECK-NEXT: struct node *by_return(unsigned long n) { return pms_malloc(n); }
// CHECK-LABEL: struct node *by_assign(unsigned long n) {
// CHECK: p = pms_malloc(n);
// CHECK-LABEL: struct node *by_init(unsigned long n) {
// CHECK-NEXT: struct node *q = pms_malloc(n);
// CHECK-LABEL: struct node *by_calloc(unsigned long k) { return pms_calloc(k, sizeof(struct node)); }
// CHECK-NEXT: struct node *by_realloc(struct node *a, unsigned long k) { return pms_realloc(a, k * sizeof *a); }
// Allocations of other types stay on the libc heap.
// CHECK-NEXT: char *unrelated(unsigned long n) { return malloc(n); }
// CHECK-LABEL: int *unrelated_ints(void) {
// CHECK-NEXT: int *q = malloc(4 * sizeof(int));

// SUMMARY: "allocation": 7

// OUT: size 1 cast 1 return 1 assign 1 init 1 calloc 1 zeroed 1 realloc 1 kept 7 unrelated 0 0
// Five mallocs, the calloc and the realloc; the two unrelated mallocs are not the pool's.
// STATS: "allocs": 7,

//--- input.c
void *malloc(unsigned long);
void *calloc(unsigned long, unsigned long);
void *realloc(void *, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node { int key; struct node *next; };
struct node *head;

void *by_size(void) { return malloc(sizeof(struct node)); }
void *by_cast(unsigned long n) { return (struct node *)malloc(n); }
struct node *by_return(unsigned long n) { return malloc(n); }
struct node *by_assign(unsigned long n) {
  struct node *p;
  p = malloc(n);
  return p;
}
struct node *by_init(unsigned long n) {
  struct node *q = malloc(n);
  return q;
}
struct node *by_calloc(unsigned long k) { return calloc(k, sizeof(struct node)); }
struct node *by_realloc(struct node *a, unsigned long k) { return realloc(a, k * sizeof *a); }
char *unrelated(unsigned long n) { return malloc(n); }
int *unrelated_ints(void) {
  int *q = malloc(4 * sizeof(int));
  return q;
}
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = by_return(sizeof *n);
    n->key = k;
    n->next = head;
    head = n;
  }
}

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
void free(void *);
struct node { int key; struct node *next; };
void *by_size(void);
void *by_cast(unsigned long n);
struct node *by_return(unsigned long n);
struct node *by_assign(unsigned long n);
struct node *by_init(unsigned long n);
struct node *by_calloc(unsigned long k);
struct node *by_realloc(struct node *a, unsigned long k);
char *unrelated(unsigned long n);
int *unrelated_ints(void);
int main(void) {
  pms_port_open("unused.pool");
  struct node *a = by_calloc(2);
  int zeroed = a[1].key == 0;
  a[1].key = 7;
  int in_pool = pms_port_in_pool(a);
  a = by_realloc(a, 64);
  char *u = unrelated(8);
  int *v = unrelated_ints();
  printf("size %d cast %d return %d assign %d init %d calloc %d zeroed %d realloc %d kept %d "
         "unrelated %d %d\n",
         pms_port_in_pool(by_size()), pms_port_in_pool(by_cast(16)),
         pms_port_in_pool(by_return(16)), pms_port_in_pool(by_assign(16)),
         pms_port_in_pool(by_init(16)), in_pool, zeroed, pms_port_in_pool(a), a[1].key,
         pms_port_in_pool(u), pms_port_in_pool(v));
  free(u);
  free(v);
  return 0;
}
