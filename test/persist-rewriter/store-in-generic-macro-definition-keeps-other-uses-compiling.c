// A macro that assigns to whatever its argument is keeps its definition: other uses (bit-fields, registers) must compile.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out 2> /dev/null
// RUN: %pr-cc -c %t/input.c -o %t/original.o
// RUN: %pr-cc -c %t/out/input.c -o %t/ported.o
// RUN: FileCheck %s --input-file=%t/out/input.c

// CHECK: #define ASSIGN(lv, v) ((lv) = (v))

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct store { long count; long mark; };
struct flags { unsigned on : 1; };
struct store *db;
#define ASSIGN(lv, v) ((lv) = (v))
int update(struct store *s) {
  ASSIGN(s->count, 3);
  struct flags f;
  ASSIGN(f.on, 1);
  register int r;
  ASSIGN(r, 2);
  return f.on + r;
}
void load(int fd) {
  db = calloc(1, sizeof *db);
  read(fd, &db->count, sizeof db->count);
}
