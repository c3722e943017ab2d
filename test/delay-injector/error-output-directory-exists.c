// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: mkdir -p %t/out
// RUN: not %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s
// RUN: not %delay-injector -p %t --types=%di-types --out=%t/input.c/out 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not %delay-injector -p %t --types=%di-types 2>&1 | FileCheck %s --check-prefix=NOMODE
// RUN: not %delay-injector -p %t --types=%di-types --in-place --out=%t/o2 2>&1 | FileCheck %s --check-prefix=NOMODE

// Nothing the user has is overwritten: an existing output directory is refused.
// CHECK: delay-injector: error: output directory '{{.*}}out' already exists (nothing is overwritten)
// UNWRITABLE: delay-injector: error: cannot write '{{.*}}input.c/out': directory does not exist or is not writable
// NOMODE: delay-injector: error: choose exactly one of --out, --in-place and --export-fixes

//--- input.c
struct node { int key; };
int get(struct node *p) { return p->key; }
