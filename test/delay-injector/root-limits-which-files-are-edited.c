// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %delay-injector -p %t --root=%t/src --types=%di-types --out=%t/out 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --input-file=%t/out/main.c
// RUN: not test -e %t/out/lib.h

// Only files under --root are edited or copied: the accessor in a header outside it is
// counted, and left alone.
// CHECK: int f(struct node *p) { return (pms_lat_read(&(p->key), sizeof(p->key)), p->key) + get(p); }

// SUMMARY: file main.c: 1 sites
// SUMMARY: skipped outside-source-root: 1

//--- cdb.json.in
[{"directory": "@DIR@/src", "command": "cc -I../inc -c main.c", "file": "main.c"}]
//--- inc/lib.h
struct node { int key; };
static inline int get(struct node *p) { return p->key; }
//--- src/main.c
#include "lib.h"
int f(struct node *p) { return p->key + get(p); }
