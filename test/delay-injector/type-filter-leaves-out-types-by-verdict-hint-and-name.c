// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%t/types.json --out=%t/all 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %delay-injector -p %t --types=%t/types.json --exclude-hint=volatile-fields,likely-iterator \
// RUN:   --out=%t/hint --summary=%t/hint.json
// RUN: FileCheck %s --check-prefix=HINT --input-file=%t/hint/input.c
// RUN: FileCheck %s --check-prefix=HINT-SUMMARY --input-file=%t/hint.json
// RUN: %delay-injector -p %t --types=%t/types.json --only-types=conn_t,iter --out=%t/only 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY
// RUN: %delay-injector -p %t --types=%t/types.json --exclude-types=struct_entry --exclude-types=iter \
// RUN:   --out=%t/excl 2>&1 | FileCheck %s --check-prefix=EXCL

// A type is left out by its verdict hint, or by its name, tag or typedef name; a type without
// a hint ('plain') is kept by --exclude-hint. An access to a kept type through a left-out one
// (c->e->key) is charged for the kept part only: the write of 'key', not the load of 'c->e'.

// ALL: delay-injector: 5 sites instrumented in 1 files, 0 skipped
// ALL-DAG: type conn_t: 2 sites
// ALL-DAG: type entry: 1 sites
// ALL-DAG: type iter: 1 sites
// ALL-DAG: type plain: 1 sites

// HINT-LABEL: int use(conn_t *c, struct iter *it, struct plain *p) {
// HINT-NEXT:    c->fd = 1;
// HINT-NEXT:    (pms_lat_write(&(c->e->key), sizeof(c->e->key)), c->e->key = 2);
// HINT-NEXT:    return it->pos + (pms_lat_read(&(p->v), sizeof(p->v)), p->v);
// HINT-NEXT:  }

// HINT-SUMMARY:      "excluded_types": {
// HINT-SUMMARY-NEXT:   "conn_t": "volatile-fields",
// HINT-SUMMARY-NEXT:   "iter": "likely-iterator"
// HINT-SUMMARY-NEXT: },
// HINT-SUMMARY:      "sites": 2,
// HINT-SUMMARY:      "types": {
// HINT-SUMMARY-NEXT:   "entry": 1,
// HINT-SUMMARY-NEXT:   "plain": 1
// HINT-SUMMARY-NEXT: }

// ONLY: delay-injector: 3 sites instrumented in 1 files, 0 skipped
// ONLY-NEXT: file input.c: 3 sites (2 reads, 1 writes)
// ONLY-NEXT: type conn_t: 2 sites
// ONLY-NEXT: type iter: 1 sites
// ONLY-NEXT: excluded type entry: not-in-only-types
// ONLY-NEXT: excluded type plain: not-in-only-types

// EXCL: delay-injector: 3 sites instrumented in 1 files, 0 skipped
// EXCL: type conn_t: 2 sites
// EXCL-NEXT: type plain: 1 sites
// EXCL-NEXT: excluded type entry: exclude-types
// EXCL-NEXT: excluded type iter: exclude-types

//--- types.json
{"schema": 1, "types": [
  {"name": "conn_t", "tag": "conn", "typedef_names": ["conn_t"], "kind": "struct", "verdict_hint": "volatile-fields"},
  {"name": "entry", "tag": "entry", "typedef_names": ["struct_entry"], "kind": "struct", "verdict_hint": "likely-persistent"},
  {"name": "iter", "tag": "iter", "typedef_names": [], "kind": "struct", "verdict_hint": "likely-iterator"},
  {"name": "plain", "tag": "plain", "typedef_names": [], "kind": "struct"}
]}
//--- input.c
struct entry { int key; };
typedef struct entry struct_entry;
typedef struct conn { int fd; struct entry *e; } conn_t;
struct iter { int pos; };
struct plain { int v; };
int use(conn_t *c, struct iter *it, struct plain *p) {
  c->fd = 1;
  c->e->key = 2;
  return it->pos + p->v;
}
