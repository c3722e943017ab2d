// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_tree --format=json -o %t/report.json 2>&1 \
// RUN:   | FileCheck %s

// STYLE.md: findings in source go through clang's DiagnosticsEngine as
// 'file:line:col: warning: ... [nvmove-fnptr]', and the same record is copied
// into the JSON warnings. A user reading the terminal must see them too.
// CHECK: tree.c:5:3: warning: call through function pointer 'o->visit' {{.*}}[nvmove-fnptr]

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c tree.c", "file": "tree.c"}]
//--- tree.c
struct node { int depth; };
struct ops { void (*visit)(struct node *); };
void fill(struct node *n) { n->depth = 1; }
void load_tree(struct node *root, struct ops *o) {
  o->visit(root);
  fill(root);
}
