// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported 5 | FileCheck %s --check-prefix=FIRST
// RUN: env PMS_POOL=%t/pool %t/ported 2 | FileCheck %s --check-prefix=WARM
// A second run of the rewriter over its own output changes nothing.
// RUN: %pr-cdb %t/out input.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --config=%t/port.conf --check \
// RUN:   --source-root=%t/out --summary=%t/check.json
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/check.json

// Every store into the static value root `stats` (element, member, increment, memset of an
// element) is marked, so the root is tracked: an operation's end copies only the lines those
// stores changed. `heads` lets its address escape (`p = &heads[i]`): it keeps the whole
// comparison, and the summary says why. Both come back at a warm start.
// CHECK: static struct stat stats[64]; {{.*}}pms_port_value("stats"{{.*}} __attribute__((constructor)) static void pms_value_tracked_stats(void) { pms_port_value_tracked("stats"); }
// CHECK-NOT: pms_value_tracked_heads
// CHECK-LABEL: static void bump__pms_op(int i, long n) {
// CHECK-NEXT: PMS_VALUE_STORE(stats[i].hits) += n;
// CHECK-NEXT: PMS_VALUE_STORE(stats[i].last) = n;
// CHECK-NEXT: ++PMS_VALUE_STORE(total);
// CHECK-NEXT: long *p = &heads[i % 8];
// CHECK-NEXT: *p = n;
// CHECK-LABEL: static void reset__pms_op(int i) {
// CHECK-NEXT: pms_value_memset(&stats[i], 0, sizeof(stats[i]));

// SUMMARY: value root 'heads' is compared whole at every operation's end: input.c:{{[0-9]+}}:{{[0-9]+}}: address taken

// FIRST: hits 0 5 10 15 20 total 5 heads 20 15
// WARM: before: hits 0 5 10 15 20 total 5 heads 20 15
// WARM-NEXT: hits 0 5 14 15 20 total 7 heads 0 15

//--- port.conf
operation = bump, reset
value-root = stats, heads, total

//--- input.c
long read(int fd, void *buf, unsigned long n);
void *memset(void *, int, unsigned long);
struct stat { long hits, last; char pad[48]; };
static struct stat stats[64];
static long heads[8];
static long total;
struct rec { long v; };
struct rec *db;

void bump(int i, long n) {
  stats[i].hits += n;
  stats[i].last = n;
  ++total;
  long *p = &heads[i % 8];
  *p = n;
}
void reset(int i) {
  memset(&stats[i], 0, sizeof(stats[i]));
}
long hits(int i) { return stats[i].hits; }
long head(int i) { return heads[i]; }
long count(void) { return total; }
void load(int fd) {
  read(fd, &db, sizeof db);
}

//--- harness.c
#include <pmem_shim/port.h>
#include <stdio.h>
#include <stdlib.h>
void bump(int i, long n);
void reset(int i);
long hits(int i);
long head(int i);
long count(void);
static void show(const char *what) {
  printf("%shits", what);
  for (int i = 0; i < 5; i++)
    printf(" %ld", hits(i * 12));
  printf(" total %ld heads", count());
  printf(" %ld %ld", head(0), head(4));
  printf("\n");
}
int main(int argc, char **argv) {
  pms_port_open("unused.pool");
  if (pms_port_warm())
    show("before: ");
  else
    pms_port_loaded();
  int n = atoi(argv[1]);
  if (n == 5) {
    for (int i = 0; i < 5; i++)
      bump(i * 12, i * 5);
  } else {
    bump(24, 4);
    reset(0);
    bump(0, 0);
  }
  show("");
  return 0;
}
