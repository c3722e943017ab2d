// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t/src input.c
// RUN: %nvmove -p %t/src --load-function=load --format=json -o %t/types.json
// By default the root is the deepest directory holding every source (src/): the header in
// inc/ is read but not written.
// RUN: %persist-rewriter -p %t/src --types=%t/types.json --out=%t/out1 2> /dev/null
// RUN: FileCheck %s --check-prefix=SRC --input-file=%t/out1/input.c
// RUN: not ls %t/out1/inc %t/out1/types.h
// With --source-root above both, the header is ported too, under its path relative to the root.
// RUN: %persist-rewriter -p %t/src --types=%t/types.json --source-root=%t --out=%t/out2 2> /dev/null
// RUN: FileCheck %s --check-prefix=SRC --input-file=%t/out2/src/input.c
// RUN: FileCheck %s --check-prefix=HDR --input-file=%t/out2/inc/types.h
// Both compile (the port's include of ../inc/types.h finds the ported header).
// RUN: %pr-cc -Werror -c %t/out2/src/input.c -o %t/input.o
// --root, the option's first name, still works (hidden: 'root =' in a config names a global).
// RUN: %persist-rewriter -p %t/src --types=%t/types.json --root=%t --out=%t/out3 2> /dev/null
// RUN: diff %t/out2/inc/types.h %t/out3/inc/types.h

// SRC: #include "../inc/types.h"
// SRC: struct node *n = pms_malloc(sizeof *n);
// SRC: PMS_LOGGED(n->next) = head;

// HDR: #include <pmem_shim/port.h>
// HDR: struct PMS_PERSISTENT node { int key; struct node *next; };
// HDR-NEXT: static inline void set_key(struct node *n, int k) { PMS_LOGGED(n->key) = k; }

//--- inc/types.h
struct node { int key; struct node *next; };
static inline void set_key(struct node *n, int k) { n->key = k; }
//--- src/input.c
#include "../inc/types.h"
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node *head;
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    set_key(n, k);
    n->next = head;
    head = n;
  }
}
