// A dispatching realloc returns what it was given: a later free of its result may see a pool pointer.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// CHECK-LABEL: void release2(void *p) { pms_free(p); }
// CHECK-NEXT: char *grow(char *buf, unsigned long len) { return pms_realloc_dispatch(buf, len); }
// CHECK-LABEL: void shrink_and_drop(struct node *n) {
// CHECK-NEXT: char *copy = grow(n->name, 64);
// CHECK-NEXT: PMS_LOGGED(n->name) = 0;
// CHECK-NEXT: release2(copy);

// OUT: done
// STATS: "frees": 1,

//--- input.c
void *malloc(unsigned long);
void *realloc(void *, unsigned long);
void free(void *);
char *strdup(const char *);
long read(int fd, void *buf, unsigned long n);
struct node { int key; char *name; struct node *next; };
struct node *head;

void release2(void *p) { free(p); }
char *grow(char *buf, unsigned long len) { return realloc(buf, len); }
void shrink_and_drop(struct node *n) {
  char *copy = grow(n->name, 64);
  n->name = 0;
  release2(copy);
}
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->name = strdup("x");
    n->next = head;
    head = n;
  }
}

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
struct node { int key; char *name; struct node *next; };
void shrink_and_drop(struct node *n);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct node *n = pms_malloc(sizeof *n);
  n->name = pms_strdup("x");
  shrink_and_drop(n);
  pms_op_end();
  printf("done\n");
  return 0;
}
