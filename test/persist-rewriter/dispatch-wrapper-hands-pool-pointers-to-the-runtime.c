// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --dispatch=myfree:free \
// RUN:   --dispatch=myrealloc:realloc --dispatch=mysize:usable_size --alloc=mymalloc:malloc \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// The program's own free/realloc/usable-size wrappers get a prologue on the line of their
// brace (line numbers do not move): a pool pointer goes to the runtime, anything else on to
// the wrapper's body as before.
// CHECK-LABEL: void myfree(void *ptr) { if (pms_port_in_pool(ptr)) { pms_free(ptr); return; }
// CHECK-NEXT: freed++;
// CHECK-NEXT: free(ptr);
// CHECK-LABEL: void *myrealloc(void *ptr, unsigned long size) { if (pms_port_in_pool(ptr)) return pms_realloc(ptr, size);
// CHECK-NEXT: grown++;
// CHECK-NEXT: return realloc(ptr, size);
// CHECK-LABEL: unsigned long mysize(void *p) { if (pms_port_in_pool(p)) return pms_malloc_usable_size(p); return p ? 1 : 0; }
// An allocation wrapper named with --alloc is an allocator like malloc.
// CHECK-LABEL: void load(int fd) {
// CHECK-NEXT: head = pms_malloc(sizeof *head);
// CHECK-LABEL: char *scratch(void) { return mymalloc(8); }

// SUMMARY: "dispatch": 3,

// Pool pointers never reach the wrappers' bodies (counts stay 0), libc pointers do.
// OUT: pool: realloc 1 kept 42 size 1 counts 0
// OUT-NEXT: libc: realloc 0 size 1 counts 1
// OUT-NEXT: after libc free: counts 101
// Two pms_malloc, one pms_realloc; one pool free (a).
// STATS: "allocs": 3, "frees": 1,

//--- input.c
void *malloc(unsigned long);
void *realloc(void *, unsigned long);
void free(void *);
long read(int fd, void *buf, unsigned long n);
void *mymalloc(unsigned long n) { return malloc(n); }
struct node { int key; char *name; };
struct node *head;
static long freed, grown;
void myfree(void *ptr) {
  freed++;
  free(ptr);
}
void *myrealloc(void *ptr, unsigned long size) {
  grown++;
  return realloc(ptr, size);
}
unsigned long mysize(void *p) { return p ? 1 : 0; }
long counts(void) { return freed * 100 + grown; }
void load(int fd) {
  head = mymalloc(sizeof *head);
  read(fd, &head->key, sizeof head->key);
}
char *scratch(void) { return mymalloc(8); }

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
void *malloc(unsigned long);
void myfree(void *ptr);
void *myrealloc(void *ptr, unsigned long size);
unsigned long mysize(void *p);
long counts(void);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  int *a = pms_malloc(sizeof *a), *b = pms_malloc(sizeof *b);
  *b = 42;
  myfree(a);
  b = myrealloc(b, 4096);
  printf("pool: realloc %d kept %d size %d counts %ld\n", pms_port_in_pool(b), *b,
         mysize(b) >= 4096, counts());
  char *c = myrealloc(malloc(8), 64);
  printf("libc: realloc %d size %lu counts %ld\n", pms_port_in_pool(c), mysize(c), counts());
  myfree(c);
  printf("after libc free: counts %ld\n", counts());
  pms_op_end();
  return 0;
}
