// RUN: rm -rf %t && split-file %s %t
// RUN: not %nvmove -p %t/garbage --load-function=load 2>&1 \
// RUN:   | FileCheck %s -DDIR=%/t

// A compile_commands.json that is not JSON at all is an error in one line
// that names the file.
// CHECK-NOT:  {{.}}
// CHECK:      {{^}}nvmove: error: cannot read compilation database '[[DIR]]/garbage/compile_commands.json': {{.+$}}
// CHECK-NOT:  {{.}}

//--- garbage/compile_commands.json
cc -c load.c -o load.o
