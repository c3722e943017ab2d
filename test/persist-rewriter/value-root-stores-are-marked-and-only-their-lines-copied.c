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
// stores changed. `heads` keeps an element's address in a local pointer that only reads and
// stores through itself (`p = &heads[i]; *p = n;`): its stores become PMS_LOGGED, which tells
// the runtime the lines as PMS_VALUE_STORE does, so `heads` is tracked too; so is `tails`,
// whose element's address goes to a function of the file that only stores through its
// parameter (`put(q, n)`). `marks` lets its address go where its stores are not seen (a
// global copy): it keeps the whole comparison, and the summary says why. All of them come
// back at a warm start.
// CHECK: static struct stat stats[64]; {{.*}}pms_port_value("stats"{{.*}} __attribute__((constructor)) static void pms_value_tracked_stats(void) { pms_port_value_tracked("stats"); }
// CHECK: static long heads[8]; {{.*}} pms_value_tracked_heads(void)
// CHECK: static long tails[8]; {{.*}} pms_value_tracked_tails(void)
// CHECK-NOT: pms_value_tracked_marks
// CHECK: static void put(long *to, long v) { PMS_LOGGED(*to) = v; }
// CHECK-LABEL: static void bump__pms_op(int i, long n) {
// CHECK-NEXT: PMS_VALUE_STORE(stats[i].hits) += n;
// CHECK-NEXT: PMS_VALUE_STORE(stats[i].last) = n;
// CHECK-NEXT: ++PMS_VALUE_STORE(total);
// CHECK-NEXT: long *p = &heads[i % 8];
// CHECK-NEXT: if (p && *p != n)
// CHECK-NEXT: PMS_LOGGED(*p) = n;
// CHECK-NEXT: long *q = &tails[i % 8];
// CHECK-NEXT: put(q, n + 1);
// CHECK-NEXT: long *m = &marks[i % 8];
// CHECK-NEXT: seen = m;
// CHECK-LABEL: static void reset__pms_op(int i) {
// CHECK-NEXT: pms_value_memset(&stats[i], 0, sizeof(stats[i]));

// SUMMARY: value root 'marks' is compared whole at every operation's end: input.c:{{[0-9]+}}:{{[0-9]+}}: address taken: 'm' is passed or copied where its stores are not seen

// FIRST: hits 0 5 10 15 20 total 5 heads 20 15 tails 21 16 marks 22 17
// WARM: before: hits 0 5 10 15 20 total 5 heads 20 15 tails 21 16 marks 22 17
// WARM-NEXT: hits 0 5 14 15 20 total 7 heads 0 15 tails 1 16 marks 2 17

//--- port.conf
operation = bump, reset
value-root = stats, heads, tails, marks, total

//--- input.c
long read(int fd, void *buf, unsigned long n);
void *memset(void *, int, unsigned long);
struct stat { long hits, last; char pad[48]; };
static struct stat stats[64];
static long heads[8];
static long tails[8];
static long marks[8];
static long *seen;
static long total;
static void put(long *to, long v) { *to = v; }
struct rec { long v; };
struct rec *db;

void bump(int i, long n) {
  stats[i].hits += n;
  stats[i].last = n;
  ++total;
  long *p = &heads[i % 8];
  if (p && *p != n)
    *p = n;
  long *q = &tails[i % 8];
  put(q, n + 1);
  long *m = &marks[i % 8];
  seen = m;
  *seen = n + 2;
}
void reset(int i) {
  memset(&stats[i], 0, sizeof(stats[i]));
}
long hits(int i) { return stats[i].hits; }
long head(int i) { return heads[i]; }
long tail(int i) { return tails[i]; }
long mark(int i) { return marks[i]; }
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
long tail(int i);
long mark(int i);
long count(void);
static void show(const char *what) {
  printf("%shits", what);
  for (int i = 0; i < 5; i++)
    printf(" %ld", hits(i * 12));
  printf(" total %ld heads", count());
  printf(" %ld %ld tails", head(0), head(4));
  printf(" %ld %ld marks", tail(0), tail(4));
  printf(" %ld %ld", mark(0), mark(4));
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
