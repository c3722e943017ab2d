// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_store --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A whole object filled by memcpy() or memmove() from bytes the load read holds
// loaded data, whatever the destination is: a heap object kept in a global, the
// caller's object behind a parameter, an element of a heap array, a record
// embedded in a global, an object a loaded pointer is copied over, or an
// element of a global array.
// 'struct scratch' is only cleared with a constant.
// CHECK-LABEL: "types": [
// CHECK-DAG:     "name": "holder",
// CHECK-DAG:     "name": "a_heap",
// CHECK-DAG:     "name": "b_param",
// CHECK-DAG:     "name": "c_elem",
// CHECK-DAG:     "name": "d_member",
// CHECK-DAG:     "name": "e_moved",
// CHECK-DAG:     "name": "f_from_loaded_object",
// CHECK-DAG:     "name": "g_global_elem",
// CHECK-NOT:     "name": "scratch"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c store.c", "file": "store.c"}]
//--- store.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);

struct a_heap { long key; long val; };
struct b_param { int version; int count; };
struct c_elem { unsigned id; unsigned len; };
struct d_member { long offset; };
struct holder { int flags; struct d_member where; };
struct e_moved { char tag[8]; };
struct f_from_loaded_object { long seq; };
struct scratch { char tmp[16]; };
struct g_global_elem { int x; };

struct a_heap *the_a;
struct c_elem *elems;
struct holder the_holder;
struct e_moved *moved;
struct f_from_loaded_object *copy_of_f;
struct g_global_elem global_elems[4];

void load_store(int fd, struct b_param *bp, struct scratch *s) {
  char buf[64];
  struct f_from_loaded_object *raw = malloc(sizeof *raw);
  read(fd, buf, sizeof buf);
  the_a = malloc(sizeof *the_a);
  memcpy(the_a, buf, sizeof *the_a);
  memcpy(bp, buf + 16, sizeof *bp);
  elems = malloc(4 * sizeof *elems);
  memcpy(&elems[1], buf + 24, sizeof elems[1]);
  memcpy(&the_holder.where, buf + 32, sizeof the_holder.where);
  moved = malloc(sizeof *moved);
  memmove(moved, buf + 40, sizeof *moved);
  read(fd, raw, sizeof *raw);
  copy_of_f = malloc(sizeof *copy_of_f);
  memcpy(copy_of_f, raw, sizeof *copy_of_f);
  memcpy(&global_elems[2], buf + 48, sizeof global_elems[2]);
  memset(s, 0, sizeof *s);
}
