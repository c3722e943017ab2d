// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/lazy.json
// RUN: FileCheck %s --input-file=%t/lazy.json
// RUN: %nvmove -p %t --load-function=load_db --all-tus --format=json -o %t/all.json
// RUN: FileCheck %s --input-file=%t/all.json

// A program and a library it bundles each have a dict.c with a static
// fill(), and each defines its own 'struct entry' (Redis and hiredis do).
// Clang names both statics "c:dict.c@F@fill"; they must not be mixed up, and
// the two records are different types. The result is the same whether only
// the needed TUs are parsed or all of them.
// CHECK-LABEL: "functions_visited": [
// CHECK:         "defined_at": "src/dict.c:2",
// CHECK-NEXT:    "name": "fill"
// CHECK-NOT:     "defined_at": "deps/dict.c
// CHECK-LABEL: "types": [
// CHECK:         "defined_at": "src/dict.h:1",
// CHECK:         "fields_written": [
// CHECK-NEXT:      "key",
// CHECK-NEXT:      "value"
// CHECK-NEXT:    ],
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "entry",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c deps/dict.c", "file": "deps/dict.c"},
 {"directory": "@DIR@", "command": "cc -c src/dict.c", "file": "src/dict.c"},
 {"directory": "@DIR@", "command": "cc -c src/load.c", "file": "src/load.c"}]
//--- deps/dict.h
struct entry { char *name; struct entry *next; };
//--- deps/dict.c
#include "dict.h"
static void fill(struct entry *e, char *name) { e->name = name; }
void deps_add(struct entry *e, char *name) { fill(e, name); }
//--- src/dict.h
struct entry { long key; long value; };
void dict_add(struct entry *e, long k, long v);
//--- src/dict.c
#include "dict.h"
static void fill(struct entry *e, long k, long v) { e->key = k; e->value = v; }
void dict_add(struct entry *e, long k, long v) { fill(e, k, v); }
//--- src/load.c
#include "dict.h"
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void load_db(int fd, struct entry *table) {
  long kv[2];
  read(fd, kv, sizeof kv);
  dict_add(table, kv[0], kv[1]);
}
