// warm-skip = fn guards the calls of fn in main before the load call, and caller:fn the calls
// in caller; a later call (the 'reset' command) still runs after a warm start. The summary
// lists the guarded calls and counts the one left alone.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt add 5 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt add 2 | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt reset 0 | FileCheck %s --check-prefix=RESET
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt add 0 | FileCheck %s --check-prefix=AFTER

// CHECK:      static void reset__pms_op(void) {
// CHECK-NEXT:   counters_zero();
// CHECK:      static void setup(void) {
// CHECK-NEXT:   if (!pms_port_warm()) limits_default();
// CHECK:      int main(int argc, char **argv) { pms_port_open("pmem_shim.pool");
// CHECK-NEXT:   if (!pms_port_warm()) counters_zero();
// CHECK-NEXT:   setup();
// CHECK-NEXT:   pms_warm_load(argv[1]);
// CHECK-NEXT:   counters_zero_late();

// SUMMARY: "warm-skip call outside start-up (name it caller:counters_zero to skip it)": [
// SUMMARY-NEXT: "input.c:{{[0-9]+}}:3"
// SUMMARY: "skipped_calls": [
// SUMMARY-NEXT: "input.c:{{[0-9]+}}:3: limits_default() in setup",
// SUMMARY-NEXT: "input.c:{{[0-9]+}}:3: counters_zero() in main"

// COLD: total 3 added 5 limit 9
// WARM: total 3 added 7 limit 9
// RESET: total 3 added 0 limit 9
// AFTER: total 3 added 0 limit 9

//--- port.conf
operation = add, reset
value-root = added, limit
warm-skip = counters_zero, setup:limits_default
//--- data.txt
abc
//--- input.c
#include <stdio.h>
#include <stdlib.h>
struct node { char key; struct node *next; };
struct node *head;
long added;
long limit;
void counters_zero(void) {
  added = 0;
}
void counters_zero_late(void) {
}
void limits_default(void) {
  limit = 9;
}
int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  int c;
  while ((c = fgetc(f)) != EOF) {
    if (c == '\n')
      continue;
    struct node *n = malloc(sizeof *n);
    n->key = (char)c;
    n->next = head;
    head = n;
  }
  fclose(f);
  return 0;
}
void add(long n) {
  added += n;
}
void reset(void) {
  counters_zero();
}
static void setup(void) {
  limits_default();
}
int main(int argc, char **argv) {
  counters_zero();
  setup();
  load(argv[1]);
  counters_zero_late();
  if (argv[2][0] == 'r')
    reset();
  else
    add(atol(argv[3]));
  int total = 0;
  for (struct node *n = head; n; n = n->next)
    total++;
  printf("total %d added %ld limit %ld\n", total, added, limit);
  return 0;
}
