// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: cat %t/port.conf %t/no-runs.conf > %t/port-no-runs.conf
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port-no-runs.conf --out=%t/out-no-runs
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/runs %pr-ldflags
// RUN: %pr-cc -Werror %t/out-no-runs/input.c %t/harness.c -o %t/no-runs %pr-ldflags
// RUN: env PMS_POOL_SIZE=64M PMS_POOL=%t/pool1 %t/runs | FileCheck %s --check-prefix=RUNS-OUT
// RUN: env PMS_POOL_SIZE=64M PMS_POOL=%t/pool2 %t/no-runs | FileCheck %s --check-prefix=SINGLE-OUT

// A list link (memcached's do_item_link_q): the new head's old neighbour is stored through
// `it->next` right after `it->next` was assigned `*head`; the run logs `(*head)->prev` in its
// place, only when it is not null (the store's own condition, read before the run the same way).
// `*head` stays the same over the run: `head` points into the global array `heads`, which no
// field store can reach.
// CHECK-LABEL: static void push__pms_op(struct node *it, int id) {
// The store into `*head` (a pointer that may hold a pool address; the whole program's flow
// decides whether its own store is logged) joins the run: outside the pool it costs a compare.
// CHECK: PMS_LOGGED_RUN({(void *)&((it)->next), (__SIZE_TYPE__)((char *)&((it)->prev) + sizeof((it)->prev) - (char *)&((it)->next))}, {(((struct node *)(*head))) ? (void *)&(((struct node *)(*head))->prev) : (void *)0, sizeof(it->next->prev)}, {(void *)&(*head), sizeof(*head)}); PMS_LOGGED_IN_RUN(it->prev) = 0;
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->next) = *head;
// CHECK-NEXT: if (it->next)
// CHECK-NEXT: PMS_LOGGED_IN_RUN(it->next->prev) = it;

// An unlink: `it->prev` is read after a store into a `prev` field, which is its own when
// it->next == it: the run reads it as what that store leaves there, the stored value when the
// store's condition held and it->next is it, the old `it->prev` otherwise.
// CHECK-LABEL: static void drop__pms_op(struct node *it) {
// CHECK: PMS_LOGGED_RUN({(it->next) ? (void *)&(it->next->prev) : (void *)0, sizeof(it->next->prev)}, {((((it->next) && (it->next) == (it)) ? (struct node *)(it->prev) : (struct node *)(it->prev))) ? (void *)&((((it->next) && (it->next) == (it)) ? (struct node *)(it->prev) : (struct node *)(it->prev))->next) : (void *)0, sizeof(it->prev->next)}); if (it->next)
// CHECK: PMS_LOGGED_IN_RUN(it->prev->next) = it->next;

// A free-list pop: a field of another record type (struct pool) cannot hold a node's `next`,
// so `it->next` is the same before and after `p->slots = it->next`, and `b->first` the same
// after a store into a node.
// CHECK-LABEL: static void take__pms_op(struct pool *p, struct bucket *b) {
// CHECK: PMS_LOGGED_RUN({(void *)&(p->slots), sizeof(p->slots)}, {(it->next) ? (void *)&(it->next->prev) : (void *)0, sizeof(it->next->prev)}, {(void *)&(b->first->size), sizeof(b->first->size)}); p->slots = it->next;

// A value read through the l-value it replaces: `it->next` after `it->next = it->next->next` is
// the old `it->next->next`, read before the run.
// CHECK-LABEL: static void skip__pms_op(struct node *it) {
// CHECK: PMS_LOGGED_RUN({(void *)&(it->next), sizeof(it->next)}, {(void *)&(((struct node *)(it->next->next))->size), sizeof(it->next->size)}); PMS_LOGGED_IN_RUN(it->next) = it->next->next;

// A memcpy may write anything: a load after it is not hoisted.
// CHECK-LABEL: static void copy__pms_op(struct node *it, struct node *from) {
// CHECK-NOT: PMS_LOGGED_RUN
// CHECK: PMS_LOGGED(it->next->size) = 3;

// A branch hint (`likely()` in many programs) is no call that could write: the run goes on.
// CHECK-LABEL: static void hint__pms_op(struct node *it) {
// CHECK: PMS_LOGGED_RUN({(void *)&(it->cls), sizeof(it->cls)}, {(__builtin_expect(it->next != 0, 1)) ? (void *)&(it->next->prev) : (void *)0, sizeof(it->next->prev)}); PMS_LOGGED_IN_RUN(it->cls) = 1;

// Linking a node in front of a committed one costs one barrier for the three ranges where
// single stores cost one each; an abort and a SIGKILL after the stores restore both nodes.
// Unlinking the middle one of three committed nodes: one barrier for both neighbours, and an
// abort restores them.
// RUNS-OUT: push: 3 barriers
// RUNS-OUT-NEXT: abort: restored 1
// RUNS-OUT-NEXT: killed: restored 1
// RUNS-OUT-NEXT: drop: 3 barriers, unlinked 1
// RUNS-OUT-NEXT: drop abort: restored 1
// SINGLE-OUT: push: 5 barriers
// SINGLE-OUT-NEXT: abort: restored 1
// SINGLE-OUT-NEXT: killed: restored 1
// SINGLE-OUT-NEXT: drop: 4 barriers, unlinked 1
// SINGLE-OUT-NEXT: drop abort: restored 1

//--- port.conf
operation = push, drop, take, skip, copy, hint

//--- no-runs.conf
log-runs = no

//--- input.c
void *calloc(unsigned long, unsigned long);
void *memcpy(void *, const void *, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct node {
  struct node *next, *prev;
  int cls;
  long size;
};
struct bucket {
  struct node *first;
  long count;
};
struct pool {
  int n;
  void *slots;
};
struct node *heads[8];
struct node *root;

void push(struct node *it, int id) {
  struct node **head;
  head = &heads[id];
  it->prev = 0;
  it->next = *head;
  if (it->next)
    it->next->prev = it;
  *head = it;
}
void drop(struct node *it) {
  if (it->next)
    it->next->prev = it->prev;
  if (it->prev)
    it->prev->next = it->next;
}
void take(struct pool *p, struct bucket *b) {
  struct node *it = p->slots;
  p->slots = it->next;
  if (it->next)
    it->next->prev = 0;
  b->first->size = 1;
}
void skip(struct node *it) {
  it->next = it->next->next;
  it->next->size = 4;
}
void copy(struct node *it, struct node *from) {
  it->cls = 2;
  memcpy(it, from, sizeof *it);
  it->next->size = 3;
}
void hint(struct node *it) {
  it->cls = 1;
  if (__builtin_expect(it->next != 0, 1))
    it->next->prev = it;
}
void load(int fd) {
  root = calloc(1, sizeof *root);
  read(fd, root, sizeof *root);
  root->next = calloc(1, sizeof *root);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
struct node {
  struct node *next, *prev;
  int cls;
  long size;
};
extern struct node *heads[8];
void push(struct node *it, int id);
void drop(struct node *it);
static unsigned long barriers(void) {
  struct pms_stats s;
  pms_stats_get(&s);
  return s.barriers;
}
/* two committed nodes carved from a large pool object (as memcached carves items from its slab
 * pages: inside the runtime's own small slots a logged range is widened to its cache lines),
 * 128 bytes apart so that no two fields share a line; b is alone on list 0 */
static struct node *a, *b;
static void committed(void) {
  pms_tx_begin();
  char *page = pms_calloc(1, 64 * 1024);
  a = (struct node *)(page + 64), b = (struct node *)(page + 192);
  a->next = a->prev = a, a->cls = 7;
  b->next = b->prev = 0, b->cls = 8;
  pms_root_set("page", page);
  pms_tx_commit();
  heads[0] = b;
}
static int intact(void) {
  return a->next == a && a->prev == a && a->cls == 7 && !b->next && !b->prev && b->cls == 8;
}
int main(void) {
  pms_port_open("unused.pool");
  committed();
  unsigned long n = barriers();
  push(a, 0);
  printf("push: %lu barriers\n", barriers() - n);
  committed();
  pms_tx_begin();
  push(a, 0);
  pms_tx_abort();
  printf("abort: restored %d\n", intact());
  committed();
  pms_pool_close(pms_pool_current());
  pid_t pid = fork();
  if (pid == 0) {
    pms_pool_open(getenv("PMS_POOL"), 0, NULL);
    pms_tx_begin();
    push(a, 0);
    kill(getpid(), SIGKILL); /* the stores made, the transaction open */
  }
  waitpid(pid, NULL, 0);
  if (!pms_pool_open(getenv("PMS_POOL"), 0, NULL))
    return 1;
  char *page = pms_root_get("page");
  a = (struct node *)(page + 64), b = (struct node *)(page + 192);
  printf("killed: restored %d\n", intact());
  /* x <-> y <-> z, 128 bytes apart */
  pms_tx_begin();
  struct node *x = (struct node *)(page + 320), *y = x + 4, *z = y + 4;
  x->prev = 0, x->next = y, y->prev = x, y->next = z, z->prev = y, z->next = 0;
  pms_tx_commit();
  n = barriers();
  drop(y);
  printf("drop: %lu barriers, unlinked %d\n", barriers() - n, x->next == z && z->prev == x);
  pms_tx_begin();
  x->next = y, z->prev = y;
  pms_tx_commit();
  pms_tx_begin();
  drop(y);
  pms_tx_abort();
  printf("drop abort: restored %d\n", x->next == y && z->prev == y);
  return 0;
}
