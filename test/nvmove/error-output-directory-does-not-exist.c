// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: not %nvmove -p %t --load-function=load_db -o %t/no/such/dir/report.json 2>&1 \
// RUN:   | FileCheck %s -DDIR=%/t
// RUN: not ls %t/no

// -o into a directory that does not exist fails up front, in one line, and
// creates nothing.
// CHECK-NOT: {{.}}
// CHECK:     {{^}}nvmove: error: cannot write output '[[DIR]]/no/such/dir/report.json': directory does not exist or is not writable{{$}}
// CHECK-NOT: {{.}}

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
struct db { int n; };
void load_db(struct db *d) { d->n = 0; }
