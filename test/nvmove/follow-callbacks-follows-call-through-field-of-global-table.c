// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_tree --follow-callbacks --mode=paper \
// RUN:   --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// With --follow-callbacks the walk follows a call through a struct field to
// every function whose address the program stores in that field, here the
// one in the static initializer of the global table 'default_ops'.
// CHECK-LABEL: "functions_visited": [
// CHECK:         "caller": "load_tree",
// CHECK-NEXT:    "defined_at": "tree.c:3",
// CHECK-NEXT:    "name": "fill_depth"
// CHECK-LABEL: "types": [
// CHECK:         "name": "node",
// CHECK-LABEL: "warnings": [
// CHECK:         "location": "tree.c:6:3",
// CHECK-NEXT:    "message": "call through function pointer 'default_ops.visit' followed to 1 possible target(s) (in load_tree)"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c tree.c", "file": "tree.c"}]
//--- tree.c
struct node { int depth; };
struct ops { void (*visit)(struct node *); };
void fill_depth(struct node *n) { n->depth = 1; }
struct ops default_ops = { fill_depth };
void load_tree(struct node *root) {
  default_ops.visit(root);
}
