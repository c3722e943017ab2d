// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT

// A buffer that ends up in a field of a persistent object must be in the pool too (lesson 1),
// whichever way it gets there: returned by a helper...
// CHECK-LABEL: static char *copy(const char *s) {
// CHECK-NEXT: char *r = pms_malloc(strlen(s) + 1);
// CHECK-NEXT: pms_tx_strcpy(r, s);
// CHECK-LABEL: struct node *make(const char *s, unsigned long hdr) {
// CHECK-NEXT: struct node *n = pms_malloc(sizeof *n);
// ...stored directly...
// CHECK-NEXT: PMS_LOGGED(n->name) = pms_malloc(strlen(s) + 1);
// CHECK-NEXT: pms_tx_strcpy(n->name, s);
// ...through a local...
// CHECK-NEXT: char *b = pms_malloc(strlen(s) + 1);
// CHECK-NEXT: pms_tx_strcpy(b, s);
// CHECK-NEXT: PMS_LOGGED(n->alias) = b;
// CHECK-NEXT: PMS_LOGGED(n->tag) = copy(s);
// ...through the parameter of a helper that stores it...
// CHECK-NEXT: char *l = pms_malloc(8);
// CHECK-NEXT: set_label(n, l);
// ...and past a header, through pointer arithmetic.
// CHECK-NEXT: void *raw = pms_malloc(hdr + 8);
// CHECK-NEXT: PMS_LOGGED_IN_RUN(n->data) = (char *)raw + hdr;
// CHECK-LABEL: char *dup_name(struct node *n, const char *s) { return PMS_LOGGED(n->name) = pms_strdup(s); }
// A buffer that never reaches persistent data stays volatile.
// CHECK-NEXT: char *scratch(void) { return malloc(32); }
// Where the flow leaves the program, the tool does not guess: the sites stay as they are and
// are listed as undecided.
// CHECK-LABEL: void escape(void) {
// CHECK-NEXT: char *x = malloc(8);
// CHECK-NEXT: ext_register(x);
// CHECK-NEXT: char *y = malloc(8);
// CHECK-NEXT: sink(y);

// SUMMARY: "undecided_allocations": [
// SUMMARY-NEXT: "input.c:[[#X:]]:13: {{.*}}ext_register{{.*}}",
// SUMMARY-NEXT: "input.c:[[#X+2]]:13: its result is passed to an indirect call at input.c:{{[0-9]+}}:{{[0-9]+}}"
// SUMMARY-NEXT: ]

// OUT: name 1 alias 1 tag 1 label 1 data 1 dup 1 scratch 0 text hello hello x
// OUT-NEXT: escape 0 0

//--- input.c
void *malloc(unsigned long);
char *strdup(const char *);
unsigned long strlen(const char *);
char *strcpy(char *, const char *);
long read(int fd, void *buf, unsigned long n);
void ext_register(char *p);
struct node { int key; char *name; char *alias; char *label; char *data; char *tag; struct node *next; };
struct node *head;
void (*sink)(char *);

static char *copy(const char *s) {
  char *r = malloc(strlen(s) + 1);
  strcpy(r, s);
  return r;
}
static void set_label(struct node *n, char *s) { n->label = s; }

struct node *make(const char *s, unsigned long hdr) {
  struct node *n = malloc(sizeof *n);
  n->name = malloc(strlen(s) + 1);
  strcpy(n->name, s);
  char *b = malloc(strlen(s) + 1);
  strcpy(b, s);
  n->alias = b;
  n->tag = copy(s);
  char *l = malloc(8);
  set_label(n, l);
  void *raw = malloc(hdr + 8);
  n->data = (char *)raw + hdr;
  n->next = 0;
  return n;
}
char *dup_name(struct node *n, const char *s) { return n->name = strdup(s); }
char *scratch(void) { return malloc(32); }
void escape(void) {
  char *x = malloc(8);
  ext_register(x);
  char *y = malloc(8);
  sink(y);
}
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = make("x", 8);
    n->key = k;
    n->next = head;
    head = n;
  }
}

//--- harness.c
#include <pmem_shim/port.h>
int printf(const char *, ...);
void free(void *);
struct node { int key; char *name; char *alias; char *label; char *data; char *tag; struct node *next; };
struct node *make(const char *s, unsigned long hdr);
char *dup_name(struct node *n, const char *s);
char *scratch(void);
void escape(void);
extern void (*sink)(char *);
static int escaped[2], nescaped;
void ext_register(char *p) { escaped[nescaped++] = pms_port_in_pool(p); free(p); }
static void sink_fn(char *p) { escaped[nescaped++] = pms_port_in_pool(p); free(p); }
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct node *n = make("hello", 16);
  char *s = scratch();
  int name = pms_port_in_pool(n->name);
  int dup = pms_port_in_pool(dup_name(n, "x"));
  printf("name %d alias %d tag %d label %d data %d dup %d scratch %d text %s %s %s\n", name,
         pms_port_in_pool(n->alias), pms_port_in_pool(n->tag), pms_port_in_pool(n->label),
         pms_port_in_pool(n->data), dup, pms_port_in_pool(s), n->alias, n->tag, n->name);
  pms_op_end();
  free(s);
  sink = sink_fn;
  escape();
  printf("escape %d %d\n", escaped[0], escaped[1]);
  return 0;
}
