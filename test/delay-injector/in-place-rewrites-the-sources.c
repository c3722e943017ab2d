// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: cp %t/input.c %t/before.c
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: diff %t/input.c %t/before.c
// RUN: %delay-injector -p %t --types=%di-types --in-place 2>/dev/null
// RUN: diff %t/input.c %t/out/input.c
// RUN: FileCheck %s --input-file=%t/input.c
// RUN: %delay-injector -p %t --types=%di-types --in-place 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: diff %t/input.c %t/out/input.c

// --out leaves the sources alone; --in-place writes the same result over them.
// CHECK: return (pms_lat_read(&(p->key), sizeof(p->key)), p->key);

// A second run finds the file instrumented and leaves it alone.
// AGAIN: 0 sites instrumented
// AGAIN: skipped already-instrumented-file: 1

//--- input.c
struct node { int key; };
int get(struct node *p) {
  return p->key;
}
