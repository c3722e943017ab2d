// An allocator spelled inside macro definitions (uthash's `uthash_malloc(sz)` used by
// HASH_ADD for its table) is renamed in its definition when some expansion allocates a
// persistent type, and so is the matching free: a warm start then finds the table in the pool.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --pool=t.pool \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/table.h
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror -I%t/out %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=COLD
// RUN: rm %t/data.txt
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt z | FileCheck %s --check-prefix=WARM

// CHECK: #define tbl_malloc(sz) pms_malloc(sz)
// CHECK: #define tbl_free(p) pms_free(p)
// The other macro's allocations (a volatile buffer) stay as they are.
// CHECK: #define buf_malloc(sz) malloc(sz)

// SUMMARY: "kinds": {
// SUMMARY: "allocation-in-macro-definition": 1,
// SUMMARY: "free-in-macro-definition": 1,
// SUMMARY: "skipped": {
// SUMMARY-NOT: allocation inside a macro
// SUMMARY: "stores_outside_operations"

// COLD: loading
// COLD-NEXT: 3 keys in a table of 3: c b a
// WARM-NOT: loading
// WARM: 4 keys in a table of 4: z c b a

//--- data.txt
abc
//--- table.h
void *malloc(unsigned long);
void free(void *);
#define tbl_malloc(sz) malloc(sz)
#define tbl_free(p) free(p)
#define buf_malloc(sz) malloc(sz)
struct table { int n; };
/* Adds e at the head of the list; the first entry makes the table all entries share. */
#define TBL_ADD(head, e)                                                        \
  do {                                                                          \
    if (!(head)) {                                                              \
      (e)->tbl = (struct table *)tbl_malloc(sizeof(struct table));             \
      (e)->tbl->n = 0;                                                          \
    } else {                                                                    \
      (e)->tbl = (head)->tbl;                                                   \
    }                                                                           \
    (e)->next = (head);                                                         \
    (head) = (e);                                                               \
    (e)->tbl->n++;                                                              \
  } while (0)
#define TBL_CLEAR(head)                                                         \
  do {                                                                          \
    if (head)                                                                   \
      tbl_free((head)->tbl);                                                    \
    (head) = 0;                                                                 \
  } while (0)
//--- input.c
#include "table.h"
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
struct node { char key; struct table *tbl; struct node *next; };
struct node *head;
void add(struct node *n) { TBL_ADD(head, n); }
int load(const char *path) {
  printf("loading\n");
  int fd = open(path, 0);
  if (fd < 0)
    return -1;
  for (;;) {
    struct node *n = malloc(sizeof *n);
    if (read(fd, &n->key, 1) != 1)
      break;
    if (n->key != '\n')
      TBL_ADD(head, n);
  }
  return 0;
}
int main(int argc, char **argv) {
  char *line = buf_malloc(64);
  load(argv[1]);
  if (argc > 2) {
    struct node *n = malloc(sizeof *n);
    n->key = argv[2][0];
    add(n);
  }
  int k = 0;
  for (struct node *n = head; n; n = n->next)
    line[k++] = ' ', line[k++] = n->key;
  line[k] = 0;
  printf("%d keys in a table of %d:%s\n", k / 2, head->tbl->n, line);
  free(line);
  if (argc > 3)
    TBL_CLEAR(head);
  return 0;
}
