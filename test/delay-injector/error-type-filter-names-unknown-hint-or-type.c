// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: not %delay-injector -p %t --types=%t/types.json --exclude-hint=volatile-field --out=%t/a 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HINT
// RUN: not %delay-injector -p %t --types=%t/types.json --only-types=nodes --out=%t/b 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY
// RUN: not %delay-injector -p %t --types=%t/types.json --exclude-types=zzzzzz --out=%t/c 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXCL
// RUN: not test -e %t/a
// RUN: %di-exit-code 1 %delay-injector -p %t --types=%t/types.json --exclude-hint=bogus --out=%t/d

// A misspelt hint or type name is an error (exit 1, nothing written), not a silent no-op filter.
// HINT: delay-injector: error: unknown verdict hint 'volatile-field' in --exclude-hint; did you mean 'volatile-fields'?
// ONLY: delay-injector: error: type 'nodes' in --only-types is not in the persistent-type list '{{.*}}types.json'; did you mean 'node'?
// EXCL: delay-injector: error: type 'zzzzzz' in --exclude-types is not in the persistent-type list '{{.*}}types.json'{{$}}

//--- types.json
{"schema": 1, "types": [{"name": "node", "tag": "node", "kind": "struct", "verdict_hint": "likely-persistent"}]}
//--- input.c
struct node { int key; };
int get(struct node *p) { return p->key; }
