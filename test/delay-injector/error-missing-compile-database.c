// RUN: rm -rf %t && mkdir -p %t
// RUN: not %delay-injector -p %t --types=%di-types --out=%t/out 2>&1 | FileCheck %s
// RUN: not test -e %t/out

// CHECK: delay-injector: error: no compilation database: '{{.*}}compile_commands.json' not found
