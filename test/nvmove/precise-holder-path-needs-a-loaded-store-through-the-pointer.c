// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The "path" holder rule: a record holds persistent objects when the pointer read from its
// field is the base of a store of loaded data. The store made through that pointer must
// itself carry loaded data (or an object the load owns): pin() sets the reference count of a
// shared integer object, and 'refcount' is a field that loaded data reaches elsewhere, but
// pin() stores a constant, so 'shared' is no holder.
// 'table', whose slots receive the loaded objects, is.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "shared"
// CHECK:         "name": "obj",
// CHECK-NOT:     "name": "shared"
// CHECK:         "name": "table",
// CHECK-NOT:     "name": "shared"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct obj { int refcount; long value; };
struct shared { struct obj *ints[4]; };
struct table { struct obj **slots; int n; };

struct shared shared_objs;
struct table *db;

void pin(struct obj *o) { o->refcount = 1000; }

static struct obj *make(long v, int rc) {
  struct obj *o = malloc(sizeof *o);
  o->value = v;
  o->refcount = rc;
  return o;
}

void load(int fd) {
  long v;
  int rc;
  read(fd, &v, sizeof v);
  read(fd, &rc, sizeof rc);
  db->slots[db->n++] = make(v, rc);
  pin(shared_objs.ints[1]);
}
