// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A generic list keeps loaded records and client sessions behind one void *
// field. Reading a node's value back as a client must not make the client
// look loaded: a void * is a handle, not bytes.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "client",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "client"
// CHECK:         "name": "record",
// CHECK-NOT:     "name": "client"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct node { void *value; struct node *next; };
struct record { long key; };
struct client { int flags; };
struct node *records, *clients;
void push(struct node **head, void *v) {
  struct node *n = malloc(sizeof *n);
  n->value = v;
  n->next = *head;
  *head = n;
}
void load_db(int fd) {
  struct record *r = malloc(sizeof *r);
  read(fd, &r->key, sizeof r->key);
  push(&records, r);
  struct client *c = clients->value;
  c->flags = c->flags | 1;
}
