// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_pair --mode=paper --format=json -o %t/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/default.json
// RUN: %nvmove -p %t --load-function=load_pair --mode=paper --format=json \
// RUN:   --each-body-once=false -o %t/off.json
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off.json

// Optimization (d): a body is analysed once however often it is called.
// Without it, read_slot() is visited once per call site (two in load_pair,
// one in load_half), each visit with its own caller.
// DEFAULT-LABEL: "functions_visited": [
// DEFAULT:         "name": "load_pair"
// DEFAULT:         "name": "read_slot"
// DEFAULT:         "name": "load_half"
// DEFAULT-NOT:     "name": "read_slot"
// DEFAULT-LABEL: "incomplete": [],

// OFF-LABEL: "functions_visited": [
// OFF:         "caller": null,
// OFF-NEXT:    "defined_at": "pair.c:5",
// OFF-NEXT:    "name": "load_pair"
// OFF:         "caller": "load_pair",
// OFF-NEXT:    "defined_at": "pair.c:3",
// OFF-NEXT:    "name": "read_slot"
// OFF:         "caller": "load_pair",
// OFF-NEXT:    "defined_at": "pair.c:3",
// OFF-NEXT:    "name": "read_slot"
// OFF:         "caller": "load_pair",
// OFF-NEXT:    "defined_at": "pair.c:4",
// OFF-NEXT:    "name": "load_half"
// OFF:         "caller": "load_half",
// OFF-NEXT:    "defined_at": "pair.c:3",
// OFF-NEXT:    "name": "read_slot"
// OFF-NOT:     "name": "read_slot"
// OFF-LABEL: "incomplete": [],

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c pair.c", "file": "pair.c"}]
//--- pair.c
struct slot { int v; };
struct pair { struct slot a, b; };
void read_slot(struct slot *s, int v) { s->v = v; }
void load_half(struct pair *p) { read_slot(&p->b, 2); }
void load_pair(struct pair *p) {
  read_slot(&p->a, 1);
  read_slot(&p->b, 1);
  load_half(p);
}
