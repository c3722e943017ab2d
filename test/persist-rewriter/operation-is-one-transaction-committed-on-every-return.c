// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=withdraw --operation=deposit \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool PMS_STATS=%t/stats.json %t/ported > %t/ported.txt
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t/ported.txt
// The generated wrappers carry #line: the line numbers the compiler sees are the original ones
// (line_here() is on line 33 of input.c in both).
// RUN: %pr-cc -Werror %t/input.c %t/harness.c -o %t/original %pr-ldflags
// RUN: env PMS_POOL=%t/pool2 %t/original | FileCheck %s --check-prefix=ORIG

// The body is renamed and a wrapper with the original name brackets it with the operation's
// begin and end: every return of the body returns to the wrapper, which commits.
// CHECK-LABEL: int withdraw(struct acct *a, long n);
// CHECK-NEXT: #line 10
// CHECK-NEXT: int withdraw__pms_op(struct acct *a, long n) {
// Unlocks inside an operation are deferred to its commit (lesson 10).
// CHECK: pms_op_unlock_mutex(&lock);
// CHECK-NEXT: return -2;
// CHECK: PMS_LOGGED_IN_RUN(a->bal) -= n;
// CHECK: pms_op_unlock_mutex(&lock);
// CHECK-NEXT: return 0;
// CHECK-NEXT: }
// CHECK-NEXT: /* persist-rewriter: operation withdraw is one transaction */
// CHECK-NEXT: int withdraw(struct acct *a, long n) {
// CHECK-NEXT: pms_op_begin();
// CHECK-NEXT: int pms_ret = withdraw__pms_op(a, n);
// CHECK-NEXT: pms_op_end();
// CHECK-NEXT: return pms_ret;
// CHECK-NEXT: }
// A static void operation keeps its storage class, and its wrapper returns nothing.
// CHECK-LABEL: static void deposit(struct acct *a, long n);
// CHECK-NEXT: #line 23
// CHECK-NEXT: static void deposit__pms_op(struct acct *a, long n) {
// CHECK: static void deposit(struct acct *a, long n) {
// CHECK-NEXT: pms_op_begin();
// CHECK-NEXT: deposit__pms_op(a, n);
// CHECK-NEXT: pms_op_end();
// CHECK-NEXT: }
// Outside an operation an unlock is left alone.
// CHECK-LABEL: void run_deposit(long n) {
// CHECK-NEXT: deposit(acct, n);
// CHECK-NEXT: pthread_mutex_unlock(&lock);

// SUMMARY: "deferred-unlock": 2,
// SUMMARY: "operation": 2,

// Each call that writes persistent data is one committed transaction, whichever return it
// took; a call that writes nothing commits nothing (the transaction begins at the first logged
// store); none is left open, the deferred unlocks did unlock, and the stores committed.
// OUT: withdraw -1: committed 0 depth 0 unlocked 1
// OUT-NEXT: withdraw -2: committed 0 depth 0 unlocked 1
// OUT-NEXT: withdraw 0: committed 1 depth 0 unlocked 1
// OUT-NEXT: deposit 0: committed 0 depth 0 unlocked 1
// OUT-NEXT: deposit 5: committed 1 depth 0 unlocked 1
// OUT-NEXT: balance 95 ops 4 line 33
// ORIG: balance 95 ops 4 line 33

//--- input.c
typedef union { char s[40]; long a; } pthread_mutex_t;
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
struct acct { long bal; long ops; };
struct acct *acct;
pthread_mutex_t lock;

int withdraw(struct acct *a, long n) {
  if (n <= 0)
    return -1;
  pthread_mutex_lock(&lock);
  if (a->bal < n) {
    pthread_mutex_unlock(&lock);
    return -2;
  }
  a->bal -= n;
  a->ops++;
  pthread_mutex_unlock(&lock);
  return 0;
}
static void deposit(struct acct *a, long n) {
  if (n == 0)
    return;
  a->bal += n;
  a->ops++;
}
void run_deposit(long n) {
  deposit(acct, n);
  pthread_mutex_unlock(&lock);
}
int line_here(void) { return __LINE__; }
void load(int fd) {
  acct = malloc(sizeof *acct);
  read(fd, &acct->bal, sizeof acct->bal);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <pthread.h>
#include <stdio.h>
struct acct { long bal; long ops; };
extern struct acct *acct;
extern pthread_mutex_t lock;
int withdraw(struct acct *a, long n);
void run_deposit(long n);
int line_here(void);
static unsigned long committed(void) {
  struct pms_stats s;
  pms_stats_get(&s);
  return s.tx_committed;
}
static void after(const char *what, unsigned long before) {
  int unlocked = pthread_mutex_trylock(&lock) == 0;
  if (unlocked)
    pthread_mutex_unlock(&lock);
  printf("%s: committed %lu depth %d unlocked %d\n", what, committed() - before, pms_tx_depth(),
         unlocked);
}
int main(void) {
  pms_port_open("unused.pool");
  /* committed before the operations run: acct is no longer a fresh object, so their stores
   * into it are logged */
  pms_tx_begin();
  acct = pms_calloc(1, sizeof *acct);
  acct->bal = 100;
  acct->ops = 2;
  pms_tx_commit();
  unsigned long c = committed();
  printf("withdraw %d", withdraw(acct, -1));
  after("", c);
  c = committed();
  printf("withdraw %d", withdraw(acct, 1000));
  after("", c);
  c = committed();
  printf("withdraw %d", withdraw(acct, 10));
  after("", c);
  c = committed();
  run_deposit(0);
  printf("deposit 0");
  after("", c);
  c = committed();
  run_deposit(5);
  printf("deposit 5");
  after("", c);
  printf("balance %ld ops %ld line %d\n", acct->bal, acct->ops, line_here());
  return 0;
}
