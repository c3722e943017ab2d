// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: not %nvmove -p %t --load-function=load_db 2>&1 | FileCheck %s -DDIR=%/t

// A compile database cut off half-way (an interrupted 'bear' run) is not
// valid JSON. It is rejected, in one line naming the file, before any
// analysis: the entries that happen to precede the cut are not a result.
// CHECK-NOT:  {{.}}
// CHECK:      {{^}}nvmove: error: cannot read compilation database '[[DIR]]/compile_commands.json': {{.+$}}
// CHECK-NOT:  {{.}}

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c
//--- load.c
struct db { int n; };
void load_db(struct db *d) { d->n = 0; }
