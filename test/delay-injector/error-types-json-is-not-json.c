// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: not %delay-injector -p %t --types=%t/bad.json --out=%t/out 2>&1 | FileCheck %s
// RUN: not %delay-injector -p %t --types=%t/missing.json --out=%t/out 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %delay-injector -p %t --types=%t/notypes.json --out=%t/out 2>&1 | FileCheck %s --check-prefix=NOTYPES
// RUN: not test -e %t/out

// CHECK: delay-injector: error: cannot read persistent-type list '{{.*}}bad.json': not valid JSON
// MISSING: delay-injector: error: cannot read persistent-type list '{{.*}}missing.json': {{[Nn]}}o such file or directory
// NOTYPES: delay-injector: error: cannot read persistent-type list '{{.*}}notypes.json': no 'types' array

//--- bad.json
{"schema": 1, "types": [
//--- notypes.json
{"schema": 1}
//--- input.c
int x;
