// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/port 2> /dev/null
// RUN: %pr-cdb %t/port input.c
// RUN: %pr-exit-code 0 %persist-rewriter -p %t/port --types=%t/types.json --check
// New code lands in the committed port: a store and an allocation of a persistent type.
// RUN: cat %t/new-code.c >> %t/port/input.c
// RUN: %pr-exit-code 3 %persist-rewriter -p %t/port --types=%t/types.json --check > %t/diff.txt
// RUN: FileCheck %s --input-file=%t/diff.txt

// Only the new lines are missing edits.
// CHECK: --- a/input.c
// CHECK-NEXT: +++ b/input.c
// CHECK-NEXT: @@
// CHECK-NOT: PMS_PERSISTENT
// CHECK-NOT: load
// CHECK: -  struct node *n = malloc(sizeof *n);
// CHECK-NEXT: -  n->key = k;
// CHECK-NEXT: +  struct node *n = pms_malloc(sizeof *n);
// CHECK-NEXT: +  PMS_LOGGED(n->key) = k;
// CHECK-NOT: {{^[-+]}}

//--- new-code.c
struct node *push(int k) {
  struct node *n = malloc(sizeof *n);
  n->key = k;
  return n;
}
//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node { int key; struct node *next; };
struct node *head;
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->next = head;
    head = n;
  }
}
