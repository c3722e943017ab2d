// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --all-tus --heap=sites --format=json -o %t/sites.json
// RUN: FileCheck %s --input-file=%t/sites.json
// RUN: %nvmove -p %t --load-function=load --all-tus --format=json -o %t/fields.json
// RUN: FileCheck %s --input-file=%t/fields.json

// The context (one allocation site, kept in a global) holds a dict; the load hands the
// context to link_lib(), which passes c->libs to dict_add(), which stores loaded entries
// through it. The pointer in ctx.libs is the base of stores of loaded data, so ctx holds
// persistent objects (Redis' functionsLibCtx and its 'libraries'). With field cells per
// allocation site the field is read through link_lib's parameter cell, bound to the
// context's site cell: both name the field ctx.libs like the record's cell does.
// CHECK-LABEL: "types": [
// CHECK:         "name": "ctx",
// CHECK:         "evidence": "the pointer in 'libs' is the base of stores of loaded data",
// CHECK:         "name": "dict",
// CHECK:         "name": "entry",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *xmalloc(size_t n) {
  void *p = malloc(n);
  return p;
}
struct entry { long key; struct entry *next; };
struct dict { struct entry *first; };
struct ctx { struct dict *libs; long count; };
struct ctx *curr_ctx;
struct dict *dict_create(void) {
  struct dict *d = xmalloc(sizeof *d);
  d->first = 0;
  return d;
}
struct ctx *ctx_create(void) {
  struct ctx *c = xmalloc(sizeof *c);
  c->libs = dict_create();
  c->count = 0;
  return c;
}
void dict_add(struct dict *d, long key) {
  struct entry *e = xmalloc(sizeof *e);
  e->key = key;
  e->next = d->first;
  d->first = e;
}
void link_lib(struct ctx *c, long key) { dict_add(c->libs, key); }
void load_lib(int fd, struct ctx *c) {
  long key;
  read(fd, &key, sizeof key);
  link_lib(c, key);
}
void load(int fd) { load_lib(fd, curr_ctx); }
void init(void) { curr_ctx = ctx_create(); }
