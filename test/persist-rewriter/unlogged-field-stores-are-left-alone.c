// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT

// `unlogged-field = type.field` names fields whose loss in a crash is harmless (an LRU clock,
// a hit counter): their stores, bit-fields included, are left as they are, every other store
// is logged. An operation that writes only such fields begins no transaction at all.
// CHECK-LABEL: static long touch__pms_op(struct rec *r, unsigned now) {
// CHECK-NEXT: r->clock = now;
// CHECK-NEXT: r->hits++;
// CHECK-NEXT: return r->value;
// CHECK-LABEL: static void update__pms_op(struct rec *r, long v) {
// CHECK-NEXT: PMS_LOGGED(r->value) = v;
// CHECK-NEXT: r->clock = 0;
// CHECK-NEXT: pms_logged_((void *)(r), sizeof(*(r))); r->flag = 1;

// One update is one transaction; 1000 touches after it are none.
// OUT: update: 1 transaction(s)
// OUT-NEXT: touches: 0 transaction(s)
// OUT-NEXT: value 7 clock 1000 hits 1000 flag 1

//--- port.conf
operation = touch, update
unlogged-field = rec.clock, rec.hits

//--- input.c
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct rec {
  long value;
  unsigned clock : 24;
  unsigned flag : 1;
  long hits;
};
struct rec *db;

long touch(struct rec *r, unsigned now) {
  r->clock = now;
  r->hits++;
  return r->value;
}
void update(struct rec *r, long v) {
  r->value = v;
  r->clock = 0;
  r->flag = 1;
}
void load(int fd) {
  db = calloc(1, sizeof *db);
  read(fd, &db->value, sizeof db->value);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct rec {
  long value;
  unsigned clock : 24;
  unsigned flag : 1;
  long hits;
};
long touch(struct rec *r, unsigned now);
void update(struct rec *r, long v);
static unsigned long committed(void) {
  struct pms_stats s;
  pms_stats_get(&s);
  return s.tx_committed;
}
int main(void) {
  pms_port_open("unused.pool");
  pms_tx_begin(); /* a committed object, so that its stores would be logged */
  struct rec *r = pms_calloc(1, sizeof *r);
  pms_tx_commit();
  unsigned long c = committed();
  update(r, 7);
  printf("update: %lu transaction(s)\n", committed() - c);
  c = committed();
  for (unsigned i = 1; i <= 1000; i++)
    touch(r, i);
  printf("touches: %lu transaction(s)\n", committed() - c);
  printf("value %ld clock %u hits %ld flag %u\n", r->value, r->clock, r->hits, r->flag);
  return 0;
}
