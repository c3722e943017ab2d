// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: not %delay-injector -p %t --types=%t/types.json --out=%t/out 2>&1 | FileCheck %s
// RUN: not test -e %t/out

// CHECK: delay-injector: error: cannot read persistent-type list '{{.*}}types.json': schema 2 is not supported (expected 1)
// CHECK-NOT: {{.}}

//--- types.json
{"schema": 2, "types": []}
//--- input.c
int x;
