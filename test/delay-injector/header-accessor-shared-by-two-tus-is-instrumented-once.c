// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/include/node.h

// An inline accessor in a project header is seen by both TUs: it is edited once, the copy of
// the header goes to the output directory, and its site is counted once.
// CHECK:      static inline void pms_lat_read(
// CHECK-NEXT: #line 1
// CHECK:      static inline int node_key(struct node *p) { return (pms_lat_read(&(p->key), sizeof(p->key)), p->key); }
// CHECK-NEXT: #include <pmem_shim/latency.h>

// SUMMARY: 3 sites instrumented in 3 files
// SUMMARY: file a.c: 1 sites
// SUMMARY: file b.c: 1 sites
// SUMMARY: file include/node.h: 1 sites

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -Iinclude -c a.c", "file": "a.c"},
 {"directory": "@DIR@", "command": "cc -Iinclude -c b.c", "file": "b.c"}]
//--- include/node.h
struct node { int key; struct node *next; };
static inline int node_key(struct node *p) { return p->key; }
//--- a.c
#include "node.h"
void a(struct node *p) { p->key = node_key(p); }
//--- b.c
#include "node.h"
void b(struct node *p) { p->next = 0; }
