// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A reader that reads a record into its local and returns it by value hands
// loaded data to whatever its caller assigns the result to: the caller's
// object behind a parameter, a global, a member of a heap object, an element
// of a heap array (through a local copy), and the caller's caller in another
// TU. 'struct counters' only receives a constant.
// CHECK-LABEL: "types": [
// CHECK-DAG:     "name": "holder",
// CHECK-DAG:     "name": "a_param",
// CHECK-DAG:     "name": "b_global",
// CHECK-DAG:     "name": "c_member",
// CHECK-DAG:     "name": "d_elem",
// CHECK-DAG:     "name": "e_other_tu",
// CHECK-NOT:     "name": "counters"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"},
 {"directory": "@DIR@", "command": "cc -c rd.c", "file": "rd.c"}]
//--- rec.h
struct a_param { int version; int count; };
struct b_global { long stamp; };
struct c_member { long offset; };
struct holder { int flags; struct c_member where; };
struct d_elem { unsigned id; unsigned len; };
struct e_other_tu { long k; };
struct counters { int n; };
struct a_param read_a(int fd);
struct b_global read_b(int fd);
struct c_member read_c(int fd);
struct d_elem read_d(int fd);
struct e_other_tu read_e(int fd);
//--- rd.c
#include "rec.h"
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct a_param read_a(int fd) { struct a_param r; read(fd, &r, sizeof r); return r; }
struct b_global read_b(int fd) { struct b_global r; read(fd, &r, sizeof r); return r; }
struct c_member read_c(int fd) { struct c_member r; read(fd, &r, sizeof r); return r; }
struct d_elem read_d(int fd) { struct d_elem r; read(fd, &r, sizeof r); return r; }
static struct e_other_tu read_e_raw(int fd) { struct e_other_tu r; read(fd, &r, sizeof r); return r; }
struct e_other_tu read_e(int fd) { return read_e_raw(fd); }
//--- db.c
#include "rec.h"
typedef unsigned long size_t;
void *malloc(size_t n);

struct b_global stamp;
struct holder *the_holder;
struct d_elem *elems;
struct e_other_tu *the_e;

void load_db(int fd, struct a_param *out, struct counters *c) {
  struct d_elem d;
  *out = read_a(fd);
  stamp = read_b(fd);
  the_holder = malloc(sizeof *the_holder);
  the_holder->where = read_c(fd);
  elems = malloc(4 * sizeof *elems);
  d = read_d(fd);
  elems[d.id] = d;
  the_e = malloc(sizeof *the_e);
  *the_e = read_e(fd);
  c->n = 0;
}
