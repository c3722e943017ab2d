// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json

// Frees of a persistent object, of a pointer read from a persistent field, and of a parameter
// that receives one become pms_free (which also takes libc pointers).
// CHECK-LABEL: void drop(struct node *n) {
// CHECK-NEXT: pms_free(n->name);
// CHECK-NEXT: pms_free(n);
// CHECK-LABEL: void release(void *p) { pms_free(p); }
// A realloc whose result stays volatile but which may be handed a pool pointer asks the
// runtime which heap the pointer is in.
// CHECK-NEXT: char *grow(char *buf, unsigned long len) { return pms_realloc_dispatch(buf, len); }
// CHECK-LABEL: void forget(struct node *n) {
// CHECK-NEXT: char *c = n->name;
// CHECK-NEXT: release(c);
// Volatile buffers keep libc's free.
// CHECK-LABEL: void scratch(void) {
// CHECK-NEXT: char *s = malloc(16);
// CHECK-NEXT: free(s);

// SUMMARY: "free": 3,
// SUMMARY: "realloc-dispatch": 1,

// OUT: grown 1 fresh 0 text x
// Three pool objects freed by pms_free (libc never sees them: it would abort on them).
// STATS: "allocs": 5, "frees": 3,

//--- input.c
void *malloc(unsigned long);
void *realloc(void *, unsigned long);
void free(void *);
char *strdup(const char *);
long read(int fd, void *buf, unsigned long n);
struct node { int key; char *name; struct node *next; };
struct node *head;

struct node *new_node(const char *s) {
  struct node *n = malloc(sizeof *n);
  n->name = strdup(s);
  return n;
}
void drop(struct node *n) {
  free(n->name);
  free(n);
}
void release(void *p) { free(p); }
char *grow(char *buf, unsigned long len) { return realloc(buf, len); }
char *regrow(struct node *n) { return grow(n->name, 64); }
void forget(struct node *n) {
  char *c = n->name;
  release(c);
  n->name = 0;
}
void scratch(void) {
  char *s = malloc(16);
  free(s);
}
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = new_node("x");
    n->key = k;
    n->next = head;
    head = n;
  }
}

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
void free(void *);
struct node { int key; char *name; struct node *next; };
struct node *new_node(const char *s);
void drop(struct node *n);
void forget(struct node *n);
void scratch(void);
char *grow(char *buf, unsigned long len);
char *regrow(struct node *n);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct node *a = new_node("x"), *b = new_node("y");
  char *g = regrow(a);
  char *v = grow(0, 8);
  a->name = g;
  printf("grown %d fresh %d text %s\n", pms_port_in_pool(g), pms_port_in_pool(v), g);
  free(v);
  scratch();
  forget(b);
  drop(a);
  pms_op_end();
  return 0;
}
