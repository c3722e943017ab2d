// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_bindings --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// ISC DHCP's shape: a binding's value keeps what the load parsed in an anonymous union
// (value.intval, value.data), and no field of the binding value's own record is given loaded
// data. An anonymous member lives only inside its container: the binding value holds the
// loaded data, and is persistent with its union.
// CHECK-LABEL: "types": [
// CHECK:         "name": "binding",
// CHECK:         "name": "binding_value",
// CHECK:         "name": "option",
// CHECK:         "name": "payload",
// CHECK:         "name": "struct binding_value::value",
// CHECK-LABEL: "warnings"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c bind.c", "file": "bind.c"}]
//--- bind.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *p, const char *m);
int fscanf(FILE *f, const char *fmt, ...);
void *calloc(size_t n, size_t s);

struct binding_value {
  int refcnt;
  int type;
  union {
    long intval;
    char text[32];
  } value;
};
struct option {
  int kind;
  union payload { long n; char s[16]; } payload;
};
struct binding {
  struct binding *next;
  char name[16];
  struct binding_value *value;
  struct option *option;
};
struct binding *bindings;

void load_bindings(const char *path) {
  FILE *f = fopen(path, "r");
  struct binding *b = calloc(1, sizeof(*b));
  fscanf(f, "%15s", b->name);
  b->value = calloc(1, sizeof(*b->value));
  b->value->type = 1;
  fscanf(f, "%ld", &b->value->value.intval);
  b->option = calloc(1, sizeof(*b->option));
  fscanf(f, "%ld", &b->option->payload.n);
  b->next = bindings;
  bindings = b;
}
