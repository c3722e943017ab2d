// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_all --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// fread() and read() straight into a whole object fill every field of it: the
// caller's object behind a parameter, a global object, a record embedded in a
// heap object, an element of a global array of pointers, and the object a
// helper allocates, fills and returns, and an element of a global array.
// The holder is persistent too: its member holds loaded data.
// CHECK-LABEL: "types": [
// CHECK-DAG:     "name": "holder",
// CHECK-DAG:     "name": "a_fread_param",
// CHECK-DAG:     "name": "b_read_global",
// CHECK-DAG:     "name": "c_read_member",
// CHECK-DAG:     "name": "d_fread_slot",
// CHECK-DAG:     "name": "e_returned",
// CHECK-DAG:     "name": "f_global_elem",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c all.c", "file": "all.c"}]
//--- all.c
typedef unsigned long size_t;
typedef struct FILE FILE;
long read(int fd, void *buf, size_t n);
size_t fread(void *buf, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
int fileno(FILE *f);

struct a_fread_param { int version; int count; };
struct b_read_global { long stamp; };
struct c_read_member { long offset; };
struct holder { int flags; struct c_read_member where; };
struct d_fread_slot { unsigned id; };
struct e_returned { long k; long v; };
struct f_global_elem { int x; };

struct b_read_global last_stamp;
struct holder *the_holder;
struct d_fread_slot *slots[16];
struct e_returned *kept;
struct f_global_elem table[4];

static struct e_returned *read_one(FILE *f) {
  struct e_returned *e = malloc(sizeof *e);
  if (fread(e, sizeof *e, 1, f) != 1)
    return 0;
  return e;
}

void load_all(FILE *f, struct a_fread_param *ap) {
  int fd = fileno(f);
  int i;
  fread(ap, sizeof *ap, 1, f);
  read(fd, &last_stamp, sizeof last_stamp);
  the_holder = malloc(sizeof *the_holder);
  read(fd, &the_holder->where, sizeof the_holder->where);
  for (i = 0; i < 16; i++) {
    slots[i] = malloc(sizeof *slots[i]);
    fread(slots[i], sizeof *slots[i], 1, f);
  }
  kept = read_one(f);
  read(fd, &table[1], sizeof table[1]);
}
