// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_config --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// In paper mode a store with '=' into a field, on the walk from the load
// function, makes the record type of the written l-value persistent. A struct
// that is only read on the walk, and one that is written only by a function
// the load function never calls, are not reported.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "fields_written": [
// CHECK-NEXT:      "port"
// CHECK-NEXT:    ],
// CHECK:         "name": "config",
// CHECK:         "evidence": "= c->port (constant)",
// CHECK-NEXT:    "function": "load_config",
// CHECK-NEXT:    "statement": "config.c:7:11"
// CHECK:         "reason": "assigned",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c config.c", "file": "config.c"}]
//--- config.c
struct config { int port; };
struct limits { int max; };
struct unrelated { int x; };
int port_limit(const struct limits *l) { return l->max; }
void reset(struct unrelated *u) { u->x = 0; }
void load_config(struct config *c, const struct limits *l) {
  c->port = 6379;
  if (c->port > port_limit(l))
    c->port = 0;
}
