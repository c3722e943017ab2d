// The wrapper's result variable never clashes with a parameter name.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=name --out=%t/out 2> /dev/null
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s

// CHECK: n 5 depth 0

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct acct { long bal; };
struct acct *acct;
const char *name(int pms_ret) {
  acct->bal = pms_ret;
  return "n";
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
const char *name(int pms_ret);
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  acct = pms_calloc(1, sizeof *acct);
  pms_op_end();
  const char *s = name(5);
  printf("%s %ld depth %d\n", s, acct->bal, pms_tx_depth());
  return 0;
}
