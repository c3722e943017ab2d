// Atomic read-modify-write on persistent fields becomes the runtime's transactional form (lesson 9).
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT

// CHECK-LABEL: unsigned long bump(struct counter *c) {
// CHECK-NEXT: pms_tx_fetch_add_u32(&c->hits, 1);
// CHECK-NEXT: return pms_tx_fetch_add_u64(&c->total, 2);

// An aborted operation takes both increments back.
// OUT: before 1 hits 0 total 0

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct counter { unsigned int hits; unsigned long total; };
struct counter *ctr;
unsigned long bump(struct counter *c) {
  __atomic_fetch_add(&c->hits, 1, __ATOMIC_SEQ_CST);
  return __sync_fetch_and_add(&c->total, 2);
}
void load(int fd) {
  ctr = calloc(1, sizeof *ctr);
  read(fd, &ctr->total, sizeof ctr->total);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct counter { unsigned int hits; unsigned long total; };
extern struct counter *ctr;
void load(int fd);
unsigned long bump(struct counter *c);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  load(-1);
  pms_op_end();
  pms_op_begin();
  int before = bump(ctr) == 0 && ctr->total == 2;
  pms_tx_abort();
  pms_op_end();
  printf("before %d hits %u total %lu\n", before, ctr->hits, ctr->total);
  return 0;
}
