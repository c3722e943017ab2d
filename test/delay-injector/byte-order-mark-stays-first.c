// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %di-cc -fsyntax-only %t/out/input.c

// A byte-order mark is skipped by compilers only at the start of a file: the runtime's
// declarations go after it.
// CHECK: {{^}}﻿static inline void pms_lat_read(
// CHECK: return (pms_lat_read(&(p->key), sizeof(p->key)), p->key);

//--- input.c
﻿struct node { int key; };
int f(struct node *p) { return p->key; }
