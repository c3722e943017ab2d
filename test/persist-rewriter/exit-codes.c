// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t good.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %pr-cdb %t good.c bad.c
// 0: success.
// RUN: %pr-exit-code 0 %persist-rewriter -p %t --types=%t/types.json --out=%t/ok %t/good.c
// 2: done, but a unit did not parse: it is copied unchanged and listed as incomplete.
// RUN: %pr-exit-code 2 %persist-rewriter -p %t --types=%t/types.json --out=%t/partial \
// RUN:   --summary=%t/partial.json
// RUN: diff %t/bad.c %t/partial/bad.c
// RUN: FileCheck %s --input-file=%t/partial.json
// RUN: FileCheck %s --check-prefix=PORTED --input-file=%t/partial/good.c
// 3: --check found missing edits.
// RUN: %pr-exit-code 3 %persist-rewriter -p %t --types=%t/types.json --check %t/good.c
// 1: error, nothing written (missing type list, existing output directory, no compile
// database, a file that is not in it).
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/missing.json --out=%t/bad1
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json --out=%t/ok
// RUN: %pr-exit-code 1 %persist-rewriter -p %t/nowhere --types=%t/types.json --out=%t/bad2
// RUN: %pr-exit-code 1 %persist-rewriter -p %t --types=%t/types.json --out=%t/bad3 %t/not-in-db.c
// RUN: not ls %t/bad1 %t/bad2 %t/bad3

// CHECK: "incomplete": [
// CHECK-NEXT: "bad.c: bad.c:2:49: use of undeclared identifier 'undeclared'"
// PORTED: struct PMS_PERSISTENT node

//--- good.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node { int key; struct node *next; };
struct node *head;
void load(int fd) {
  struct node *n = malloc(sizeof *n);
  read(fd, &n->key, sizeof n->key);
  n->next = head;
  head = n;
}
//--- bad.c
struct node { int key; struct node *next; };
int broken(struct node *n) { n->key = 1; return undeclared; }
//--- not-in-db.c
int x;
