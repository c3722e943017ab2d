// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_tree --mode=paper --format=json -o %t/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t/default.json
// RUN: %nvmove -p %t --load-function=load_tree --follow-callbacks --mode=paper \
// RUN:   --format=json -o %t/follow.json
// RUN: FileCheck %s --check-prefix=FOLLOW --input-file=%t/follow.json

// By default a call through a struct field is not followed. With
// --follow-callbacks it goes to every function whose address is stored in
// that field anywhere, here by the static initializer of a global table.
// DEFAULT-LABEL: "functions_visited": [
// DEFAULT-NOT:     "name": "fill_depth"
// DEFAULT-LABEL: "types": [
// DEFAULT-NOT:     "name": "node"
// DEFAULT-LABEL: "warnings": [
// DEFAULT:         "location": "tree.c:7:3",
// DEFAULT-NEXT:    "message": "call through function pointer 'o->visit' cannot be followed statically (in load_tree)"

// FOLLOW-LABEL: "functions_visited": [
// FOLLOW:         "caller": "load_tree",
// FOLLOW-NEXT:    "defined_at": "tree.c:3",
// FOLLOW-NEXT:    "name": "fill_depth"
// FOLLOW-LABEL: "types": [
// FOLLOW:         "name": "node",
// FOLLOW-LABEL: "warnings": [
// FOLLOW:         "location": "tree.c:7:3",
// FOLLOW-NEXT:    "message": "call through function pointer 'o->visit' followed to 1 possible target(s) (in load_tree)"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c tree.c", "file": "tree.c"}]
//--- tree.c
struct node { int depth; };
struct ops { void (*visit)(struct node *); };
void fill_depth(struct node *n) { n->depth = 1; }
struct ops default_ops = { fill_depth };
void load_tree(struct node *root) {
  struct ops *o = &default_ops;
  o->visit(root);
}
