// The load's caller resets a counter before the load counts it down (dnsmasq's lease_init sets
// leases_left = dhcp_max, then read_leases takes one per lease). The counter is a value root, so
// a warm start restores it when the pool opens, but the caller's reset comes after that: the
// wrapper's pms_port_skip_load restores it once more, so the warm start keeps the count the
// operations left (2 slots taken by the load, one more per run), not the fresh maximum.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --value-roots=left \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/saved.txt 7 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/saved.txt 8 | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/saved.txt 9 | FileCheck %s --check-prefix=WARM2

// CHECK:      if (pms_port_skip_load()) {
// COLD: loading
// COLD-NEXT: 3 items, sum 10, 7 slots left
// WARM-NOT: loading
// WARM: 4 items, sum 18, 6 slots left
// WARM2: 5 items, sum 27, 5 slots left

//--- saved.txt
1
2
//--- input.c
#include <stdio.h>
#include <stdlib.h>
#define MAX 10
struct item { long v; struct item *next; };
static struct item *items;
static int left;
void add(long v) {
  struct item *n = malloc(sizeof *n);
  n->v = v;
  n->next = items;
  items = n;
  left--;
}
static int load(FILE *f) {
  long v;
  printf("loading\n");
  while (fscanf(f, "%ld", &v) == 1) {
    struct item *n = malloc(sizeof *n);
    n->v = v;
    n->next = items;
    items = n;
    left--;
  }
  return 0;
}
static void init(const char *path) {
  FILE *f = fopen(path, "r");
  left = MAX;
  load(f);
  fclose(f);
}
int main(int argc, char **argv) {
  init(argv[1]);
  add(atol(argv[2]));
  int n = 0;
  long sum = 0;
  for (struct item *i = items; i; i = i->next, n++)
    sum += i->v;
  printf("%d items, sum %ld, %d slots left\n", n, sum, left);
  return 0;
}
