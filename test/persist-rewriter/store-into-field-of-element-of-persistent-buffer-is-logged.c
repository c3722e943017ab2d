// Stores into fields of elements of a buffer a persistent object points to are logged.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: void set(struct store *s, int i) {
// CHECK-NEXT: PMS_LOGGED(s->heap[0]) = s->heap[3];
// CHECK-NEXT: PMS_LOGGED(s->heap[i].val) = 3;
// CHECK-NEXT: PMS_LOGGED((s->heap + i)->key) = 4;

// OUT: aborted: 0 0

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct item { long key; long val; };
struct store { unsigned long count; struct item *heap; };
struct store *db;
void set(struct store *s, int i) {
  s->heap[0] = s->heap[3];
  s->heap[i].val = 3;
  (s->heap + i)->key = 4;
}
void load(int fd) {
  db = calloc(1, sizeof *db);
  db->heap = calloc(4, sizeof *db->heap);
  read(fd, &db->count, sizeof db->count);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct item { long key; long val; };
struct store { unsigned long count; struct item *heap; };
void load(int fd);
void set(struct store *s, int i);
extern struct store *db;
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  load(-1);
  pms_op_end();
  pms_op_begin();
  set(db, 1);
  pms_tx_abort();
  pms_op_end();
  printf("aborted: %ld %ld\n", db->heap[1].val, db->heap[1].key);
  return 0;
}
