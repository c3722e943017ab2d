// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT
// RUN: not %persist-rewriter -p %t --types=%t/types.json --config=%t/bad.conf --out=%t/out2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// `unlogged-bits = type.field: NAME ...` names flag bits whose loss in a crash is harmless
// (memcached's ITEM_FETCHED and ITEM_ACTIVE): a store that only sets them (`f |= A`,
// `f |= (A | B)`) or only clears them (`f &= ~A`) is left as it is, by macro or enumerator
// name. A store that also touches another bit, or assigns the field, stays logged, and its
// undo restores the whole field. A read that only marks an item as fetched begins no
// transaction.
// CHECK-LABEL: static long get__pms_op(struct item *it) {
// CHECK-NEXT: it->flags |= FETCHED;
// CHECK-NEXT: it->flags |= (FETCHED | ACTIVE);
// CHECK-NEXT: it->flags &= ~ACTIVE;
// CHECK-NEXT: it->flags |= SEEN;
// CHECK-NEXT: return it->value;
// CHECK-LABEL: static void attach__pms_op(struct item *it, long v) {
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->value) = v;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->flags) |= LINKED;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->flags) |= FETCHED | 1;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->flags) &= ~(ACTIVE | LINKED);
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->flags) = FETCHED;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->other) |= FETCHED;

// OUT: attach: 1 transaction(s)
// OUT-NEXT: gets: 0 transaction(s)
// OUT-NEXT: value 7 flags 0x12

// BAD: bad.conf:1: 'item.flags' is not type.field: NAME ...

//--- port.conf
operation = get, attach
unlogged-bits = item.flags: FETCHED ACTIVE SEEN

//--- bad.conf
unlogged-bits = item.flags

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
#define LINKED 1
#define FETCHED 2
#define ACTIVE (1 << 2)
enum { SEEN = 16 };
struct item {
  long value;
  unsigned short flags, other;
};
struct item *db;

long get(struct item *it) {
  it->flags |= FETCHED;
  it->flags |= (FETCHED | ACTIVE);
  it->flags &= ~ACTIVE;
  it->flags |= SEEN;
  return it->value;
}
void attach(struct item *it, long v) {
  it->value = v;
  it->flags |= LINKED;
  it->flags |= FETCHED | 1;
  it->flags &= ~(ACTIVE | LINKED);
  it->flags = FETCHED;
  it->other |= FETCHED;
}
void load(int fd) {
  db = calloc(1, sizeof *db);
  read(fd, &db->value, sizeof db->value);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct item {
  long value;
  unsigned short flags, other;
};
long get(struct item *it);
void attach(struct item *it, long v);
static unsigned long committed(void) {
  struct pms_stats s;
  pms_stats_get(&s);
  return s.tx_committed;
}
int main(void) {
  pms_port_open("unused.pool");
  pms_tx_begin(); /* a committed object, so that its stores would be logged */
  struct item *it = pms_calloc(1, sizeof *it);
  pms_tx_commit();
  unsigned long c = committed();
  attach(it, 7);
  printf("attach: %lu transaction(s)\n", committed() - c);
  c = committed();
  for (int i = 0; i < 1000; i++)
    get(it);
  printf("gets: %lu transaction(s)\n", committed() - c);
  printf("value %ld flags %#x\n", it->value, it->flags);
  return 0;
}
