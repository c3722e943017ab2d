// An allocation stored through a pointer to a persistent field (`pp = &s->tail; *pp = strdup(t)`) is persistent.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: void set_tail(struct node *s, const char *t) {
// CHECK-NEXT: char **pp = &s->tail;
// CHECK-NEXT: PMS_LOGGED(*pp) = pms_strdup(t);

// OUT: tail in pool 1 text abc

//--- input.c
void *malloc(unsigned long);
char *strdup(const char *);
long read(int fd, void *buf, unsigned long n);
struct node { int key; char *tail; struct node *next; };
struct node *head;
void set_tail(struct node *s, const char *t) {
  char **pp = &s->tail;
  *pp = strdup(t);
}
void load(int fd) {
  struct node *n = malloc(sizeof *n);
  read(fd, &n->key, sizeof n->key);
  n->next = head;
  head = n;
}

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
struct node { int key; char *tail; struct node *next; };
void set_tail(struct node *s, const char *t);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct node *n = pms_calloc(1, sizeof *n);
  set_tail(n, "abc");
  pms_op_end();
  printf("tail in pool %d text %s\n", pms_port_in_pool(n->tail), n->tail);
  return 0;
}
