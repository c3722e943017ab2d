// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A parser state set up by an initializer list, `struct cursor c = { buf, sizeof buf }`, points
// its field where buf points, as `c.pos = buf` does: the bytes read into buf later are what the
// field's readers see, and the record they are copied into is loaded.
// CHECK-LABEL: "types": [
// CHECK:         "name": "record",
// CHECK:         "reason": "loaded-data",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c cursor.c", "file": "cursor.c"}]
//--- cursor.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct cursor { const char *pos; size_t left; };
struct record { char key; char value; };
struct record *records[8];
static char next_char(struct cursor *c) {
  c->left--;
  return *c->pos++;
}
void load(int fd) {
  char buf[64];
  struct cursor c = { buf, sizeof buf };
  read(fd, buf, sizeof buf);
  struct record *r = malloc(sizeof *r);
  r->key = next_char(&c);
  r->value = next_char(&c);
  records[0] = r;
}
