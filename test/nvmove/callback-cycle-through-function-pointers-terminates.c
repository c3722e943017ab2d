// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_list --mode=paper --follow-callbacks \
// RUN:   --format=json -o %t/once.json
// RUN: FileCheck %s --check-prefix=ONCE --input-file=%t/once.json
// RUN: %nvmove -p %t --load-function=load_list --mode=paper --follow-callbacks \
// RUN:   --each-body-once=false --format=json -o %t/per-site.json
// RUN: FileCheck %s --check-prefix=PERSITE --input-file=%t/per-site.json

// Followed callbacks can form a cycle that no direct call shows: visit_a()
// and visit_b() call each other (and themselves) through the 'visit' field.
// The walk still ends, with each body once, or, without optimization (d),
// with each function at most once on any call chain.
// ONCE-LABEL: "functions_visited": [
// ONCE:         "name": "load_list"
// ONCE:         "caller": "load_list",
// ONCE-NEXT:    "defined_at": "list.c:5",
// ONCE-NEXT:    "name": "visit_a"
// ONCE:         "caller": "load_list",
// ONCE-NEXT:    "defined_at": "list.c:4",
// ONCE-NEXT:    "name": "visit_b"
// ONCE-NOT:     "name":
// ONCE-LABEL: "incomplete": [],

// PERSITE-LABEL: "functions_visited": [
// PERSITE:         "name": "load_list"
// PERSITE:         "caller": "load_list",
// PERSITE-NEXT:    "defined_at": "list.c:5",
// PERSITE-NEXT:    "name": "visit_a"
// PERSITE:         "caller": "load_list",
// PERSITE-NEXT:    "defined_at": "list.c:4",
// PERSITE-NEXT:    "name": "visit_b"
// PERSITE:         "caller": "visit_a",
// PERSITE-NEXT:    "defined_at": "list.c:4",
// PERSITE-NEXT:    "name": "visit_b"
// PERSITE:         "caller": "visit_b",
// PERSITE-NEXT:    "defined_at": "list.c:5",
// PERSITE-NEXT:    "name": "visit_a"
// PERSITE-NOT:     "name":
// PERSITE-LABEL: "incomplete": [],

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c list.c", "file": "list.c"}]
//--- list.c
struct node { struct node *next; int depth; };
struct ops { void (*visit)(struct node *, struct ops *); };
void visit_a(struct node *n, struct ops *o);
void visit_b(struct node *n, struct ops *o) { n->depth = 2; o->visit(n->next, o); }
void visit_a(struct node *n, struct ops *o) { n->depth = 1; o->visit(n->next, o); }
struct ops table[] = { { visit_a }, { visit_b } };
void load_list(struct node *head) { table[0].visit(head, &table[1]); }
