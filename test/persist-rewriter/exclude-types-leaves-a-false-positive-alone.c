// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=cache --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: not %persist-rewriter -p %t --types=%t/types.json --exclude-types=cahce --out=%t/bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ls %t/bad
// A type nvmove saw and did not report (touched, not loaded) needs no exclusion: a warning,
// and the port is made as without it (a port.conf written for an older nvmove keeps working).
// RUN: FileCheck %s --check-prefix=TOUCHED --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --exclude-types=cache,counters --out=%t/old 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// RUN: diff -r %t/out %t/old
// A type the program defines that nvmove never reached (a newer nvmove stopped walking the code
// that used it) is not in the list at all: a warning too, and the same port; a name the
// program does not define either stays an error.
// RUN: %persist-rewriter -p %t --types=%t/types.json "--exclude-types=cache,struct (anonymous at input.c:23),unused" --out=%t/older 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNREACHED
// RUN: diff -r %t/out %t/older

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
// TOUCHED: "touched_not_loaded"
// TOUCHED: "name": "counters"
// WARN: warning: excluded type 'counters' is not reported as persistent by '{{.*}}types.json' (touched, not loaded): nothing to exclude
// UNREACHED-DAG: warning: excluded type 'unused' is not among the types of '{{.*}}types.json' (nvmove did not reach it): nothing to exclude
// UNREACHED-DAG: warning: excluded type 'struct (anonymous at input.c:23)' is not among the types of '{{.*}}types.json' (nvmove did not reach it): nothing to exclude

//--- input.c
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct cache { int hits; };
struct node { int key; struct node *next; };
struct node *head;
struct cache *cache;
struct counters { int loads; };
struct counters counters;
void load(int fd) {
  int k;
  counters.loads = 0;
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
struct unused { long u; };
struct { int a; } anon_state;
