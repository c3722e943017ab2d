// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_tree --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// NVMOVE does not follow initialization through function pointers (§3), so
// every call through one is reported as a warning with its location and the
// flag nvmove-fnptr. A local pointer that is only ever given one function is
// followed anyway (and still reported); a callback passed in as a parameter
// or read from a struct cannot be, and the walk goes on without it.
// CHECK-LABEL: "functions_visited": [
// CHECK:         "caller": "load_tree",
// CHECK-NEXT:    "defined_at": "tree.c:3",
// CHECK-NEXT:    "name": "fill"
// CHECK-NOT:     "name": "other"
// CHECK-LABEL: "warnings": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "flag": "nvmove-fnptr",
// CHECK-NEXT:      "location": "tree.c:8:3",
// CHECK-NEXT:      "message": "call through function pointer 'f' followed to 1 possible target(s) (in load_tree)"
// CHECK-NEXT:    },
// CHECK-NEXT:    {
// CHECK-NEXT:      "flag": "nvmove-fnptr",
// CHECK-NEXT:      "location": "tree.c:9:3",
// CHECK-NEXT:      "message": "call through function pointer 'o->visit' cannot be followed statically (in load_tree)"
// CHECK-NEXT:    },
// CHECK-NEXT:    {
// CHECK-NEXT:      "flag": "nvmove-fnptr",
// CHECK-NEXT:      "location": "tree.c:10:3",
// CHECK-NEXT:      "message": "call through function pointer 'cb' cannot be followed statically (in load_tree)"
// CHECK-NEXT:    }
// CHECK-NEXT:  ]

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c tree.c", "file": "tree.c"}]
//--- tree.c
struct node { int depth; };
struct ops { void (*visit)(struct node *); };
void fill(struct node *n) { n->depth = 1; }
void other(struct node *n) { n->depth = 2; }
typedef void (*visit_fn)(struct node *);
void load_tree(struct node *root, struct ops *o, visit_fn cb) {
  visit_fn f = fill;
  f(root);
  o->visit(root);
  cb(root);
}
