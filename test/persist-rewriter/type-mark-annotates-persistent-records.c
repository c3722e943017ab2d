// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: clang-16 -fsyntax-only -Xclang -ast-dump -I%pr-src/runtime/pmem_shim/include %t/out/input.c \
// RUN:   | FileCheck %s --check-prefix=AST
// gcc has no annotate attribute: PMS_PERSISTENT is empty there, and the port still compiles.
// RUN: gcc -std=gnu11 -Wall -Werror -c -I%pr-src/runtime/pmem_shim/include %t/out/input.c -o %t/input.o

// The persistent types (nvmove: loaded data reaches node and entry) are marked where they are
// defined; a typedef of an anonymous struct gets the mark after 'struct'. The volatile type is
// left as it is.
// CHECK: #include <pmem_shim/port.h>
// CHECK: typedef struct PMS_PERSISTENT {
// CHECK-NEXT: long v;
// CHECK-NEXT: } entry;
// CHECK-NEXT: struct PMS_PERSISTENT node { int key; struct node *next; entry *e; };
// CHECK: struct scratch { int tmp; };

// SUMMARY: "type-mark": 2

// AST: RecordDecl {{.*}} struct definition
// AST-NEXT: AnnotateAttr {{.*}} "pms_persistent"
// AST: RecordDecl {{.*}} struct node definition
// AST-NEXT: AnnotateAttr {{.*}} "pms_persistent"
// AST: RecordDecl {{.*}} struct scratch definition
// AST-NOT: AnnotateAttr
// AST: FieldDecl {{.*}} tmp 'int'

//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
typedef struct {
  long v;
} entry;
struct node { int key; struct node *next; entry *e; };
struct scratch { int tmp; };
struct node *head;
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof(struct node));
    n->key = k;
    n->e = malloc(sizeof(entry));
    n->e->v = k;
    n->next = head;
    head = n;
  }
}
int main(void) {
  struct scratch s;
  s.tmp = 0;
  load(0);
  return s.tmp;
}
