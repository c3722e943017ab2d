// The state of this program is a value root (an array of counters). The load reads into a
// scratch buffer the program maps before it (mmap), so nvmove lists that global as a root too;
// bound as a root, the port refuses to start (its pointer is outside the pool at the cold start:
// memcached's mmap_base under -e is the real case). 'root = none' says the value roots are the
// whole state: no root is bound and the counters come back warm.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=NVMOVE --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --value-roots=counts \
// RUN:   --out=%t/bound
// RUN: %pr-cc %t/bound/input.c -o %t/bound.exe %pr-ldflags
// RUN: env PMS_POOL=%t/b.pool not %t/bound.exe %t/saved.txt 1 2> %t/bound.err
// RUN: FileCheck %s --check-prefix=BOUND --input-file=%t/bound.err
// RUN: printf 'root = none\nvalue-root = counts\noperation = add\n' > %t/port.conf
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/saved.txt 1 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/saved.txt 2 | FileCheck %s --check-prefix=WARM
// RUN: printf 'root = none\nroot = scratch\n' > %t/both.conf
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/both.conf --out=%t/both \
// RUN:   2> %t/both.err
// RUN: FileCheck %s --check-prefix=BOTH --input-file=%t/both.err

// NVMOVE: "global": "scratch"
// BOUND: pms_port_root: global 'scratch' holds 0x{{[0-9a-f]+}}, outside the pool
// CHECK:      if (pms_port_skip_load()) {
// CHECK-NOT:  pms_port_root(
// CHECK:      return 0;
// COLD: loading
// COLD-NEXT: counts 3 4 1
// WARM-NOT: loading
// WARM: counts 3 4 2
// BOTH: persist-rewriter: error: port configuration: 'root = none' and 'root = scratch' contradict each other

//--- saved.txt
3 4
//--- input.c
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
static long counts[3];
char *scratch;
void add(int i) {
  counts[2] += i;
}
int load(FILE *f) {
  printf("loading\n");
  if (fscanf(f, "%15s", scratch) == 1)
    counts[0] = atol(scratch);
  if (fscanf(f, "%15s", scratch) == 1)
    counts[1] = atol(scratch);
  return 0;
}
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r");
  scratch = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  load(f);
  fclose(f);
  add(atoi(argv[2]) - counts[2]);
  printf("counts %ld %ld %ld\n", counts[0], counts[1], counts[2]);
  return 0;
}
