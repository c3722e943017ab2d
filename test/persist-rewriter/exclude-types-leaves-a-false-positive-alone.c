// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=cache --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: not %persist-rewriter -p %t --types=%t/types.json --exclude-types=cahce --out=%t/bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ls %t/bad

// Both are persistent for nvmove; the user says 'cache' is not.
// TYPES: "name": "cache"
// TYPES: "name": "node"

// CHECK: struct cache { int hits; };
// CHECK: struct PMS_PERSISTENT node { int key; struct node *next; };
// CHECK-LABEL: void load(int fd) {
// CHECK: struct node *n = pms_malloc(sizeof *n);
// CHECK: struct cache *c = malloc(sizeof *c);
// CHECK-NEXT: c->hits = k;

// UNKNOWN: persist-rewriter: error: exclude-type 'cahce' is not a type of '{{.*}}types.json'

//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct cache { int hits; };
struct node { int key; struct node *next; };
struct node *head;
struct cache *cache;
void load(int fd) {
  int k;
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct node *n = malloc(sizeof *n);
    n->key = k;
    n->next = head;
    head = n;
    struct cache *c = malloc(sizeof *c);
    c->hits = k;
    cache = c;
  }
}
