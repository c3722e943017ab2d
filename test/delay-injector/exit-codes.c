// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %di-exit-code 0 %delay-injector -p %t --types=%di-types --out=%t/ok %t/good.c
// RUN: %di-exit-code 2 %delay-injector -p %t --types=%di-types --out=%t/incomplete
// RUN: %di-exit-code 1 %delay-injector -p %t --types=%t/missing.json --out=%t/bad
// RUN: %di-exit-code 1 %delay-injector -p %t --types=%di-types --out=%t/ok
// RUN: %di-exit-code 1 %delay-injector -p %t/nowhere --types=%di-types --out=%t/bad
// RUN: %di-exit-code 1 %delay-injector -p %t --types=%di-types --out=%t/bad %t/not-in-db.c

// 0: success; 2: done, but a TU did not parse (it is copied unchanged); 1: error, nothing
// written (missing type list, existing output directory, no compile database, unknown file).

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c input.c", "file": "input.c"},
 {"directory": "@DIR@", "command": "cc -c good.c", "file": "good.c"}]
//--- input.c
int broken(void) { return undeclared; }
//--- good.c
struct node { int key; };
int get(struct node *p) { return p->key; }
