// An operation returning a pointer to function gets a wrapper whose declarator is valid C.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=pick --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT

// CHECK: long (*pick__pms_op(int k))(long) {
// CHECK: long (*pick(int k))(long) {
// CHECK-NEXT: pms_op_begin();

// OUT: 14 depth 0

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct acct { long bal; };
struct acct *acct;
static long twice(long x) { return 2 * x; }
long (*pick(int k))(long) {
  acct->bal = k;
  return twice;
}
void load(int fd) {
  acct = calloc(1, sizeof *acct);
  read(fd, &acct->bal, sizeof acct->bal);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct acct { long bal; };
extern struct acct *acct;
long (*pick(int k))(long);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  acct = pms_calloc(1, sizeof *acct);
  pms_op_end();
  printf("%ld depth %d\n", pick(7)(acct->bal), pms_tx_depth());
  return 0;
}
