// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_tree --mode=paper --format=json -o %t/once.json
// RUN: FileCheck %s --check-prefix=ONCE --input-file=%t/once.json
// RUN: %nvmove -p %t --load-function=load_tree --mode=paper --format=json \
// RUN:   --each-body-once=false -o %t/per-site.json
// RUN: FileCheck %s --check-prefix=PERSITE --input-file=%t/per-site.json

// Direct recursion (load_node -> load_node) and a cycle across two TUs
// (load_node -> load_children -> load_node) end the walk: each function is
// visited once. Without optimization (d) a body is visited once per call
// site, but never again below itself on the same chain, so the walk still
// ends.
// ONCE-LABEL: "functions_visited": [
// ONCE:         "name": "load_tree"
// ONCE:         "name": "load_node"
// ONCE:         "name": "load_children"
// ONCE-NOT:     "name": "load_
// ONCE-LABEL: "types": [
// ONCE:         "name": "node",

// PERSITE-LABEL: "functions_visited": [
// PERSITE:         "caller": null,
// PERSITE-NEXT:    "defined_at": "tree.c:3",
// PERSITE-NEXT:    "name": "load_tree"
// PERSITE:         "caller": "load_tree",
// PERSITE-NEXT:    "defined_at": "node.c:4",
// PERSITE-NEXT:    "name": "load_node"
// PERSITE:         "caller": "load_node",
// PERSITE-NEXT:    "defined_at": "children.c:3",
// PERSITE-NEXT:    "name": "load_children"
// PERSITE-NOT:     "name": "load_
// PERSITE-LABEL: "types": [
// PERSITE:         "name": "node",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c tree.c", "file": "tree.c"},
 {"directory": "@DIR@", "command": "cc -c node.c", "file": "node.c"},
 {"directory": "@DIR@", "command": "cc -c children.c", "file": "children.c"}]
//--- tree.c
struct node;
void load_node(struct node *n, int depth);
void load_tree(struct node *root) { load_node(root, 0); }
//--- node.c
struct node { struct node *left, *right; int depth; };
void load_children(struct node *n, int depth);
/* load_node -- recursion through itself and through load_children */
void load_node(struct node *n, int depth) {
  n->depth = depth;
  if (n->left)
    load_node(n->left, depth + 1);
  load_children(n, depth);
}
//--- children.c
struct node { struct node *left, *right; int depth; };
void load_node(struct node *n, int depth);
void load_children(struct node *n, int depth) { load_node(n->right, depth + 1); }
