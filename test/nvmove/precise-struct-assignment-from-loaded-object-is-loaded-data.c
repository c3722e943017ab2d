// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_table --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A struct assignment copies every field: an object assigned from a loaded
// object (read into a local, a heap object, or bytes of a loaded buffer cast to
// the record) holds loaded data, whether it is the caller's object, a heap
// object, an element of a global array or a member embedded in another record.
// 'struct defaults' is only assigned from a constant object.
// CHECK-LABEL: "types": [
// CHECK-DAG:     "name": "holder",
// CHECK-DAG:     "name": "a_param",
// CHECK-DAG:     "name": "b_heap",
// CHECK-DAG:     "name": "c_elem",
// CHECK-DAG:     "name": "d_member",
// CHECK-DAG:     "name": "e_cast",
// CHECK-NOT:     "name": "defaults"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c table.c", "file": "table.c"}]
//--- table.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);

struct a_param { int version; int count; };
struct b_heap { long key; long val; };
struct c_elem { unsigned id; unsigned len; };
struct d_member { long offset; };
struct holder { int flags; struct d_member where; };
struct e_cast { long a; long b; };
struct defaults { int mode; };

static const struct defaults initial_defaults = { 1 };
struct b_heap *the_b;
struct c_elem elems[8];
struct holder *the_holder;
struct e_cast *the_e;

void load_table(int fd, struct a_param *out, struct defaults *d) {
  struct a_param hdr;
  struct b_heap *tmp = malloc(sizeof *tmp);
  struct c_elem e;
  struct d_member m;
  char buf[32];
  read(fd, &hdr, sizeof hdr);
  *out = hdr;
  read(fd, tmp, sizeof *tmp);
  the_b = malloc(sizeof *the_b);
  *the_b = *tmp;
  read(fd, &e, sizeof e);
  elems[e.id] = e;
  read(fd, &m, sizeof m);
  the_holder = malloc(sizeof *the_holder);
  the_holder->where = m;
  read(fd, buf, sizeof buf);
  the_e = malloc(sizeof *the_e);
  *the_e = *(struct e_cast *)buf;
  *d = initial_defaults;
}
