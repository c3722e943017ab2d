// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json
// The original, run the same way, shows what an unlogged update leaves after an abort.
// RUN: %pr-cc -Werror %t/input.c %t/harness.c -o %t/original %pr-ldflags
// RUN: env PMS_POOL=%t/pool2 %t/original | FileCheck %s --check-prefix=ORIG

// Every store form into a persistent object logs the bytes first, and evaluates the l-value once.
// CHECK: #define SET_MARK(s, v) (PMS_LOGGED((s)->mark) = (v))
// CHECK-NEXT: #define STMT(x) do { x; } while (0)
// CHECK-LABEL: void update(struct store *s, struct bucket *b, int i, struct pair q) {
// CHECK-NEXT: PMS_LOGGED_IN_RUN(s->count) = 5;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(s->total) += 7;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(s->count)++;
// CHECK-NEXT: --PMS_LOGGED_IN_RUN(s->total);
// CHECK-NEXT: PMS_LOGGED_IN_RUN(s->p) = q;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(s->slots[i]) = b;
// CHECK-NEXT: PMS_LOGGED(s->slots[i++]->v) = 4;
// A bit-field has no address: the statement is preceded by a log of its whole object.
// CHECK-NEXT: pms_logged_((void *)(s), sizeof(*(s))); s->flag = 1;
// CHECK-NEXT: pms_logged_((void *)(s), sizeof(*(s))); s->level = 5;
// A macro whose definition spells the whole l-value is logged in its definition (above); a
// store spelled in a macro argument is left alone, and counted.
// CHECK-NEXT: SET_MARK(s, 9);
// CHECK-NEXT: STMT(s->other = 9);
// Stores to locals are not logged.
// CHECK-NEXT: long local = 1;
// CHECK-NEXT: local += 2;
// CHECK-LABEL: void side(void) {
// CHECK-NEXT: pick()->flag = 0;
// CHECK-NEXT: PMS_LOGGED(pick()->count) = 3;

// SUMMARY: "kinds": {
// SUMMARY: "bit-field-store": 2,
// SUMMARY: "store-in-macro-definition": 1,
// SUMMARY: "skipped": {
// SUMMARY-NEXT: "bit-field store {{.*}}": [
// SUMMARY-NEXT: "input.c:37:3"
// SUMMARY: "store inside a macro": [
// SUMMARY-NEXT: "input.c:31:3"

// The harness runs update() in an operation that aborts: every logged field is back to its
// old value (the store in STMT too, only because the bit-field logs logged all of *s), the
// bucket's v and the slot included. Then it runs it again and commits.
// OUT: aborted: count 1 total 2 p 3 4 slot 0 flag 0 level 2 mark 0 v 0 depth 0
// OUT-NEXT: committed: count 6 total 8 p 7 8 slot 1 flag 1 level 5 mark 9 v 4 depth 0
// STATS: "aborts": 1, "bytes_logged": {{[1-9][0-9]*}},
// ORIG: aborted: count 6 total 8 p 7 8 slot 1 flag 1 level 5 mark 9 v 4

//--- input.c
void *malloc(unsigned long);
void *calloc(unsigned long, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct pair { long a, b; };
struct bucket { long v; };
struct store {
  long count;
  int total;
  struct pair p;
  struct bucket **slots;
  unsigned flag : 1;
  unsigned level : 3;
  long mark;
  long other;
};
struct store *db;
#define SET_MARK(s, v) ((s)->mark = (v))
#define STMT(x) do { x; } while (0)

void update(struct store *s, struct bucket *b, int i, struct pair q) {
  s->count = 5;
  s->total += 7;
  s->count++;
  --s->total;
  s->p = q;
  s->slots[i] = b;
  s->slots[i++]->v = 4;
  s->flag = 1;
  s->level = 5;
  SET_MARK(s, 9);
  STMT(s->other = 9);
  long local = 1;
  local += 2;
}
struct store *pick(void);
void side(void) {
  pick()->flag = 0;
  pick()->count = 3;
}
void load(int fd) {
  long k;
  db = calloc(1, sizeof *db);
  db->slots = calloc(4, sizeof(struct bucket *));
  while (read(fd, &k, sizeof k) == sizeof k) {
    struct bucket *b = malloc(sizeof *b);
    b->v = k;
    db->slots[k % 4] = b;
  }
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
struct pair { long a, b; };
struct bucket { long v; };
struct store {
  long count;
  int total;
  struct pair p;
  struct bucket **slots;
  unsigned flag : 1;
  unsigned level : 3;
  long mark;
  long other;
};
void update(struct store *s, struct bucket *b, int i, struct pair q);
struct store *pick(void) { return 0; }
static void show(const char *what, struct store *s, struct bucket *b) {
  printf("%s: count %ld total %d p %ld %ld slot %d flag %u level %u mark %ld v %ld depth %d\n",
         what, s->count, s->total, s->p.a, s->p.b, s->slots[1] == b, s->flag, s->level, s->mark,
         b->v, pms_tx_depth());
}
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct store *s = pms_calloc(1, sizeof *s);
  s->slots = pms_calloc(4, sizeof *s->slots);
  struct bucket *b = pms_calloc(1, sizeof *b);
  s->count = 1, s->total = 2, s->p.a = 3, s->p.b = 4, s->level = 2;
  pms_op_end();
  struct pair q = {7, 8};
  pms_op_begin();
  update(s, b, 1, q);
  pms_tx_abort();
  pms_op_end();
  show("aborted", s, b);
  pms_op_begin();
  update(s, b, 1, q);
  pms_op_end();
  show("committed", s, b);
  return 0;
}
