// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: not %nvmove -p %t --load-function=load_bd 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CLOSE
// RUN: not %nvmove -p %t --load-function=rdbLoad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAR
// RUN: not %nvmove -p %t --load-function=load_db --load-function=table_opn 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SECOND

// A load function defined in no TU is an error, with the closest defined
// name as a suggestion when there is one; every load function named is checked.
// CLOSE-NOT: {{.}}
// CLOSE:     {{^}}nvmove: error: load function 'load_bd' is not defined in any translation unit; did you mean 'load_db'?{{$}}
// CLOSE-NOT: {{.}}

// FAR-NOT:   {{.}}
// FAR:       {{^}}nvmove: error: load function 'rdbLoad' is not defined in any translation unit{{$}}
// FAR-NOT:   {{.}}

// SECOND:    {{^}}nvmove: error: load function 'table_opn' is not defined in any translation unit; did you mean 'table_open'?{{$}}

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"},
 {"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- load.c
struct table *table_open(const char *path);
void load_db(const char *path) { (void)table_open(path); }
//--- table.c
struct table { unsigned n; };
struct table *table_open(const char *path) { (void)path; return 0; }
