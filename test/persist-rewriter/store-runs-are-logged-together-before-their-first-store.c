// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: cat %t/port.conf %t/no-runs.conf > %t/port-no-runs.conf
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port-no-runs.conf --out=%t/out-no-runs
// RUN: FileCheck %s --check-prefix=NORUNS --input-file=%t/out-no-runs/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/runs %pr-ldflags
// RUN: %pr-cc -Werror %t/out-no-runs/input.c %t/harness.c -o %t/no-runs %pr-ldflags
// RUN: env PMS_POOL_SIZE=64M PMS_POOL=%t/pool1 %t/runs | FileCheck %s --check-prefix=RUNS-OUT
// RUN: env PMS_POOL_SIZE=64M PMS_POOL=%t/pool2 %t/no-runs | FileCheck %s --check-prefix=SINGLE-OUT
// A second run over the port adds nothing, and the CI check passes a port made without runs.
// RUN: %pr-cdb %t/out input.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --config=%t/port.conf --out=%t/again 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN
// AGAIN: persist-rewriter: 0 edits in 0 files
// RUN: %pr-cdb %t/out-no-runs input.c
// RUN: %persist-rewriter -p %t/out-no-runs --types=%t/types.json --config=%t/port.conf --check

// Straight-line stores into one object (an item's header filled field by field) are logged
// together: one PMS_LOGGED_RUN before the first names every target the run will store, so the
// runtime writes their undo entries back once and fences once. Fields of one object no more
// than 16 bytes apart are one range, from the first to the end of the last (one undo entry). Each store the run covers is
// PMS_LOGGED_IN_RUN, which calls the runtime only when the run was not logged in a transaction;
// a store in the run's stretch whose target the run could not name keeps PMS_LOGGED.
// CHECK-LABEL: void fill__pms_op(struct item *it, int n, long e, const char *k) {
// CHECK-NEXT: int id = 1;
// CHECK-NEXT: PMS_LOGGED_RUN({(void *)&((it)->next), (__SIZE_TYPE__)((char *)&((it)->nkey) + sizeof((it)->nkey) - (char *)&((it)->next))}, {(void *)&(it->key[0]), sizeof(it->key[0])}); PMS_LOGGED_IN_RUN(it->next) = PMS_LOGGED_IN_RUN(it->prev) = 0;
// CHECK-NEXT: if (n > 4)
// CHECK-NEXT: id |= 2;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->cls) = id;
// CHECK-NEXT: TRACE(it);
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->nkey) = n, PMS_LOGGED_IN_RUN(it->exptime) = e;
// CHECK-NEXT: pms_port_memcpy(it->key + 1, k, 3);
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->key[0]) = k[0];
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->nkey)++;

// A call that may unlock (or not return), or a loop, ends a run (not a macro's `do ... while
// (0)`); a store through a pointer the run reassigns or whose address is taken is not hoisted;
// a run of one store gets nothing. A global pointer no store of the run can reach (`head`: the
// run stores only into fields of struct item) is read before the run as at its stores.
// CHECK-LABEL: void split__pms_op(struct item *it, struct item *other, int i) {
// CHECK-NEXT: PMS_LOGGED_RUN({(void *)&((it)->cls), (__SIZE_TYPE__)((char *)&((it)->nkey) + sizeof((it)->nkey) - (char *)&((it)->cls))}); PMS_LOGGED_IN_RUN(it->cls) = 1;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->nkey) = 2;
// CHECK-NEXT: unlock();
// CHECK-NEXT: PMS_LOGGED(it->exptime) = 3;
// CHECK-NEXT: while (i > 8)
// CHECK-NEXT: i--;
// CHECK-NEXT: PMS_LOGGED_RUN({(void *)&(it->nkey), sizeof(it->nkey)}, {(void *)&((head)->cls), (__SIZE_TYPE__)((char *)&((head)->nkey) + sizeof((head)->nkey) - (char *)&((head)->cls))}); PMS_LOGGED_IN_RUN(it->nkey) = 7;
// CHECK-NEXT: it = other;
// CHECK-NEXT: PMS_LOGGED(it->cls) = 4;
// CHECK-NEXT: PMS_LOGGED(it->key[i]) = 'x';
// CHECK-NEXT: PMS_LOGGED_IN_RUN(head->cls) = 5;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(head->nkey) = 6;
// CHECK-LABEL: void taken__pms_op(struct item *it) {
// CHECK-NEXT: struct item **where = &it;
// CHECK-NEXT: PMS_LOGGED(it->cls) = 1;
// CHECK-NEXT: PMS_LOGGED((*where)->nkey) = 2;
// CHECK-NEXT: PMS_LOGGED(it->exptime) = 3;
// Another rule may wrap the first l-value before this one runs (a pointer into a value root):
// the run still comes first.
// CHECK-LABEL: void touch__pms_op(int i) {
// CHECK-NEXT: struct item *p = &slots[i];
// CHECK-NEXT: PMS_LOGGED_RUN({(void *)&((p)->cls), (__SIZE_TYPE__)((char *)&((p)->nkey) + sizeof((p)->nkey) - (char *)&((p)->cls))}); PMS_LOGGED_IN_RUN(p->cls) = 1;
// ... also when the stores are in a block nested below the statement that takes the root's
// address: the run's form, one wrapper (the compile with -Werror below checks the parentheses).
// CHECK-LABEL: void nested__pms_op(int i, int n) {
// CHECK: PMS_LOGGED_RUN({(void *)&((p)->cls), (__SIZE_TYPE__)((char *)&((p)->nkey) + sizeof((p)->nkey) - (char *)&((p)->cls))}); PMS_LOGGED_IN_RUN(p->cls) = n;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(p->nkey) = n + 1;
// Fields further apart than that, and fields of another object, stay ranges of their own.
// CHECK-LABEL: void apart__pms_op(struct item *it, struct item *other) {
// CHECK-NEXT: PMS_LOGGED_RUN({(void *)&(it->next), sizeof(it->next)}, {(void *)&(it->tail), sizeof(it->tail)}, {(void *)&((other)->cls), (__SIZE_TYPE__)((char *)&((other)->nkey) + sizeof((other)->nkey) - (char *)&((other)->cls))}); PMS_LOGGED_IN_RUN(it->next) = 0;
// NORUNS-NOT: PMS_LOGGED_RUN

// The run's six targets cost one barrier where the single stores cost one each (both also pay
// one for the memcpy's entry and two for the commit), and an abort or a SIGKILL after the run's
// stores still restores every field.
// RUNS-OUT: fill: 4 barriers
// RUNS-OUT-NEXT: abort: restored 1
// RUNS-OUT-NEXT: killed: restored 1
// SINGLE-OUT: fill: 9 barriers
// SINGLE-OUT-NEXT: abort: restored 1
// SINGLE-OUT-NEXT: killed: restored 1

//--- port.conf
operation = fill, split, taken, touch, nested, apart
value-root = slots

//--- no-runs.conf
log-runs = no

//--- input.c
void *calloc(unsigned long, unsigned long);
void *memcpy(void *, const void *, unsigned long);
long read(int fd, void *buf, unsigned long n);
void unlock(void);
#define TRACE(it) do { } while (0)
struct item {
  struct item *next, *prev;
  long exptime;
  int cls, nkey;
  char key[16];
  long tail;
};
struct item *head;

void fill(struct item *it, int n, long e, const char *k) {
  int id = 1;
  it->next = it->prev = 0;
  if (n > 4)
    id |= 2;
  it->cls = id;
  TRACE(it);
  it->nkey = n, it->exptime = e;
  memcpy(it->key + 1, k, 3);
  it->key[0] = k[0];
  it->nkey++;
}
void split(struct item *it, struct item *other, int i) {
  it->cls = 1;
  it->nkey = 2;
  unlock();
  it->exptime = 3;
  while (i > 8)
    i--;
  it->nkey = 7;
  it = other;
  it->cls = 4;
  it->key[i] = 'x';
  head->cls = 5;
  head->nkey = 6;
}
void taken(struct item *it) {
  struct item **where = &it;
  it->cls = 1;
  (*where)->nkey = 2;
  it->exptime = 3;
}
static struct item slots[4];
void touch(int i) {
  struct item *p = &slots[i];
  p->cls = 1;
  p->nkey = 2;
}
void nested(int i, int n) {
  struct item *p = &slots[i];
  if (n > 0) {
    p->cls = n;
    p->nkey = n + 1;
  }
}
void apart(struct item *it, struct item *other) {
  it->next = 0;
  it->tail = 1;
  other->nkey = 2;
  other->cls = 3;
}
void load(int fd) {
  head = calloc(1, sizeof *head);
  read(fd, head, sizeof *head);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
struct item {
  struct item *next, *prev;
  long exptime;
  int cls, nkey;
  char key[16];
  long tail;
};
void fill(struct item *it, int n, long e, const char *k);
void unlock(void) {}
static unsigned long barriers(void) {
  struct pms_stats s;
  pms_stats_get(&s);
  return s.barriers;
}
/* a committed item whose stores are logged (a fresh one's are not), carved from a large pool
 * object as memcached carves items from its slab pages (inside the runtime's own small slots a
 * logged range is widened to its cache lines, and the first store logs them all) */
static struct item *committed_item(void) {
  pms_tx_begin();
  struct item *it = (struct item *)((char *)pms_calloc(1, 64 * 1024) + 8);
  it->next = it->prev = it;
  it->exptime = 7, it->cls = 8, it->nkey = 9;
  strcpy(it->key, "old");
  pms_root_set("item", it);
  pms_tx_commit();
  return it;
}
static int intact(const struct item *it) {
  return it->next == it && it->prev == it && it->exptime == 7 && it->cls == 8 &&
         it->nkey == 9 && strcmp(it->key, "old") == 0;
}
int main(void) {
  pms_port_open("unused.pool");
  struct item *it = committed_item();
  unsigned long b = barriers();
  fill(it, 5, 100, "keys");
  printf("fill: %lu barriers\n", barriers() - b);
  it = committed_item();
  pms_tx_begin();
  fill(it, 5, 100, "keys");
  pms_tx_abort();
  printf("abort: restored %d\n", intact(it));
  it = committed_item();
  pms_pool_close(pms_pool_current());
  pid_t pid = fork();
  if (pid == 0) {
    pms_pool_open(getenv("PMS_POOL"), 0, NULL);
    pms_tx_begin();
    fill(pms_root_get("item"), 5, 100, "keys");
    kill(getpid(), SIGKILL); /* the stores made, the transaction open */
  }
  waitpid(pid, NULL, 0);
  if (!pms_pool_open(getenv("PMS_POOL"), 0, NULL))
    return 1;
  printf("killed: restored %d\n", intact(pms_root_get("item")));
  return 0;
}
