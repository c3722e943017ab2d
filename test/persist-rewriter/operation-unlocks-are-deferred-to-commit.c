// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=op --out=%t/out 2> /dev/null
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/deferred %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/deferred | FileCheck %s --check-prefix=DEFERRED
// With 'defer-unlocks = no' in the config, unlocks stay where they are.
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out2 2> /dev/null
// RUN: FileCheck %s --check-prefix=NODEFER --input-file=%t/out2/input.c
// RUN: %pr-cc -Werror %t/out2/input.c %t/harness.c -o %t/immediate %pr-ldflags
// RUN: env PMS_POOL=%t/pool2 %t/immediate | FileCheck %s --check-prefix=IMMEDIATE

// CHECK-LABEL: int op__pms_op(void) {
// CHECK: pms_op_unlock_mutex(&m);
// CHECK: return pms_op_unlock_rwlock(&rw);
// NODEFER-LABEL: int op__pms_op(void) {
// NODEFER: pthread_mutex_unlock(&m);
// NODEFER: return pthread_rwlock_unlock(&rw);

// Inside the operation, after its unlock, a deferred mutex is still held (released at commit,
// so no other thread sees the uncommitted update); the rwlock is still held at the probe in
// both builds (its unlock comes later); after the operation both are free.
// DEFERRED: inside: mutex held 1 rwlock held 1
// DEFERRED-NEXT: after: mutex held 0 rwlock held 0 bal 1
// IMMEDIATE: inside: mutex held 0 rwlock held 1
// IMMEDIATE-NEXT: after: mutex held 0 rwlock held 0 bal 1

//--- port.conf
operation = op
defer-unlocks = no
//--- input.c
typedef union { char s[56]; long a; } pthread_rwlock_t;
typedef union { char s[40]; long a; } pthread_mutex_t;
int pthread_rwlock_wrlock(pthread_rwlock_t *);
int pthread_rwlock_unlock(pthread_rwlock_t *);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
void *malloc(unsigned long);
long read(int fd, void *buf, unsigned long n);
void probe(const char *when);
struct acct { long bal; };
struct acct *acct;
pthread_mutex_t m;
pthread_rwlock_t rw;
int op(void) {
  pthread_rwlock_wrlock(&rw);
  pthread_mutex_lock(&m);
  acct->bal++;
  pthread_mutex_unlock(&m);
  probe("inside");
  return pthread_rwlock_unlock(&rw);
}
void load(int fd) {
  acct = malloc(sizeof *acct);
  read(fd, &acct->bal, sizeof acct->bal);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <pthread.h>
#include <stdio.h>
struct acct { long bal; };
extern struct acct *acct;
extern pthread_mutex_t m;
extern pthread_rwlock_t rw;
int op(void);
static int held_elsewhere;
static void *try_both(void *arg) {
  int mh = pthread_mutex_trylock(&m) != 0, rh = pthread_rwlock_trywrlock(&rw) != 0;
  if (!mh)
    pthread_mutex_unlock(&m);
  if (!rh)
    pthread_rwlock_unlock(&rw);
  held_elsewhere = mh * 2 + rh;
  return arg;
}
/* probe -- asks another thread whether it could take the locks now */
void probe(const char *when) {
  pthread_t t;
  pthread_create(&t, NULL, try_both, NULL);
  pthread_join(t, NULL);
  printf("%s: mutex held %d rwlock held %d", when, held_elsewhere >> 1, held_elsewhere & 1);
}
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  acct = pms_calloc(1, sizeof *acct);
  pms_op_end();
  op();
  printf("\n");
  probe("after");
  printf(" bal %ld\n", acct->bal);
  return 0;
}
