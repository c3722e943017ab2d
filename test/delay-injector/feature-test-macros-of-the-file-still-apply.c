// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: %di-cc %t/input.c -o %t/original %di-ldflags
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: %t/instrumented | FileCheck %s

// The runtime's header includes <stdio.h>: were it inserted above the file's '#define
// _GNU_SOURCE', GNU-only declarations (memcached needs IOV_MAX, pthread_setname_np) would
// vanish. The file keeps compiling with -Werror, and __LINE__ is unchanged.
// CHECK: 7 line 11

//--- input.c
#define _GNU_SOURCE
#include <string.h>
#include <stdio.h>
struct node { int key; char name[8]; };
static struct node n;
int main(void) {
  /* mempcpy is declared only under _GNU_SOURCE */
  char *end = mempcpy(n.name, "abc", 3);
  *end = 0;
  n.key = 7;
  printf("%d line %d\n", n.key, __LINE__);
  return 0;
}
