// A store into persistent data that no operation and not the load reaches runs outside a
// transaction after a warm start. The rewriter lists them (here: a close-down helper main
// calls, and a callback main calls through a pointer), not the stores that an operation or
// the load reaches, directly or through a function pointer of the right type an operation
// calls. Strict mode at
// run time stops at the first of them, which confirms the note.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=apply --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/summary.json
// RUN: %pr-cc -g %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt
// RUN: not --crash env PMS_POOL=%t/p.pool PMS_STRICT_TX=1 %t/ported %t/data.txt 2> %t/strict.txt
// RUN: FileCheck %s --check-prefix=STRICT --input-file=%t/strict.txt
// PMS_STRICT_TX=report runs on and lists the places by source line at exit: the same two.
// RUN: env PMS_POOL=%t/p.pool PMS_STRICT_TX=report %t/ported %t/data.txt 2> %t/report.txt
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t/report.txt

// CHECK:      "stores_outside_operations": [
// CHECK-NEXT:   "input.c:{{[0-9]+}}:3: store into account.audits in audit(), which no operation and not the load reaches (it is called through a function pointer: check who calls it): it runs outside a transaction (name its caller with 'operation =')",
// CHECK-NEXT:   "input.c:{{[0-9]+}}:5: store into account.open in close_all(), which no operation and not the load reaches: it runs outside a transaction (name its caller with 'operation =')"
// CHECK-NEXT: ]
// STRICT: pmem_shim: store of 4 bytes to pool address 0x{{[0-9a-f]+}} outside a transaction (PMS_STRICT_TX=1; PMS_STRICT_TX=report lists every place)
// REPORT: ported: pmem_shim: PMS_STRICT_TX=report: 4 unlogged store(s) into the pool outside any operation, at 2 place(s)
// REPORT-DAG: {{.*}}input.c:{{[0-9]+}} (audit): 1 store(s)
// REPORT-DAG: {{.*}}input.c:{{[0-9]+}} (close_all): 3 store(s)

//--- data.txt
10 20 30
//--- input.c
#include <stdio.h>
#include <stdlib.h>
struct account { long balance; int open; int audits; struct account *next; };
struct account *all;
static void credit(struct account *a, long v) {
  a->balance += v;
}
static void bonus(struct account *a) {
  a->balance += 1;
}
static void (*hooks[])(struct account *) = {bonus};
void apply(long v) {
  for (struct account *a = all; a; a = a->next) {
    credit(a, v);
    hooks[0](a);
  }
}
static void audit(struct account *a, int n) {
  a->audits += n;
}
static void close_all(void) {
  for (struct account *a = all; a; a = a->next)
    a->open = 0;
}
int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  long v;
  while (fscanf(f, "%ld", &v) == 1) {
    struct account *a = calloc(1, sizeof *a);
    a->balance = v;
    a->open = 1;
    a->next = all;
    all = a;
  }
  fclose(f);
  return 0;
}
int main(int argc, char **argv) {
  void (*check)(struct account *, int) = audit;
  load(argv[1]);
  apply(5);
  check(all, 1);
  close_all();
  return 0;
}
