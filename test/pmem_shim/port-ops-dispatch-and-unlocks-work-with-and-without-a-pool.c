// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s

// Before the pool is opened (or in a program that never opens one) the port
// calls do nothing harmful: operations are no-ops, logged stores only
// range-check, pms_port_warm() is 0. pms_realloc_dispatch sends NULL and libc
// pointers to libc (pms_realloc would allocate NULL in the pool) and pool
// pointers to pms_realloc; pms_free sends each pointer to its heap. The
// void * unlock wrappers hold the lock until the operation ends, and the
// builtin-typed atomics are rolled back with it.
// CHECK: no pool: warm=0 depth=0 x=2
// CHECK-NEXT: open inside a no-op operation: depth=0 warm=0
// CHECK-NEXT: dispatch NULL=volatile libc=volatile pool=pool pms_realloc(NULL)=pool
// CHECK-NEXT: in op: mutex=busy rwlock=busy counter=15 small=7
// CHECK-NEXT: after abort: mutex=free rwlock=free counter=10 small=5
// CHECK-NEXT: after commit: counter=15 small=7
// CHECK-NEXT: second open: no-op

#include <pmem_shim/port.h>
#include <pmem_shim.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct PMS_PERSISTENT counters {
	__UINT64_TYPE__ big;
	__UINT32_TYPE__ small;
};

static const char *where(void *p)
{
	return pms_is_persistent(p) ? "pool" : "volatile";
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;

static void op(struct counters *c)
{
	pms_op_begin();
	pthread_mutex_lock(&m);
	pthread_rwlock_wrlock(&l);
	pms_tx_fetch_add_u64(&c->big, 5);
	pms_tx_fetch_add_u32(&c->small, 2);
	pms_op_unlock_rwlock(&l);
	pms_op_unlock_mutex(&m);
}

static const char *busy(int r)
{
	return r == EBUSY ? "busy" : r == 0 ? "free" : strerror(r);
}

int main(int argc, char **argv)
{
	long x = 1;
	struct counters *c;
	void *a, *b, *p, *q;
	int rm, rl;

	pms_op_begin();
	PMS_LOGGED(x)++;
	pms_op_end();
	printf("no pool: warm=%d depth=%d x=%ld\n", pms_port_warm(),
	       pms_tx_depth(), x);

	pms_op_begin();
	pms_port_open(argv[1]);
	pms_op_end();
	printf("open inside a no-op operation: depth=%d warm=%d\n",
	       pms_tx_depth(), pms_port_warm());

	a = pms_realloc_dispatch(NULL, 16);
	b = pms_realloc_dispatch(malloc(8), 64);
	p = pms_realloc_dispatch(pms_malloc(8), 64);
	q = pms_realloc(NULL, 16);
	printf("dispatch NULL=%s libc=%s pool=%s pms_realloc(NULL)=%s\n",
	       where(a), where(b), where(p), where(q));
	pms_free(a);
	pms_free(b);
	pms_free(p);
	pms_free(q);

	pms_op_begin();
	c = pms_calloc(1, sizeof(*c));
	c->big = 10;
	c->small = 5;
	pms_op_end();

	op(c);
	rm = pthread_mutex_trylock(&m);
	rl = pthread_rwlock_trywrlock(&l);
	printf("in op: mutex=%s rwlock=%s counter=%llu small=%u\n", busy(rm),
	       busy(rl), (unsigned long long)c->big, (unsigned)c->small);
	pms_tx_abort();
	pms_op_end();
	rm = pthread_mutex_trylock(&m);
	rl = pthread_rwlock_trywrlock(&l);
	printf("after abort: mutex=%s rwlock=%s counter=%llu small=%u\n",
	       busy(rm), busy(rl), (unsigned long long)c->big,
	       (unsigned)c->small);
	pthread_mutex_unlock(&m);
	pthread_rwlock_unlock(&l);

	op(c);
	pms_op_end();
	printf("after commit: counter=%llu small=%u\n",
	       (unsigned long long)c->big, (unsigned)c->small);
	pms_port_open("/nonexistent/other.pool");
	printf("second open: %s\n", pms_pool_current() ? "no-op" : "closed");
	return 0;
}
