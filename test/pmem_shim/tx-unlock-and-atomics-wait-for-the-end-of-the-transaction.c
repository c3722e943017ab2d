// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s

// A critical section inside a transaction hands its lock to the transaction
// (lesson 10): another thread cannot take it before commit. Transactional
// fetch-add and CAS on pool words are undone by abort (lesson 9), and
// volatile words stay plain atomics.
// CHECK: inside tx: other thread trylock=busy
// CHECK-NEXT: after commit: other thread trylock=ok
// CHECK-NEXT: fetch_add old=0 now=5
// CHECK-NEXT: after abort: 5 cas=1 then 7
// CHECK-NEXT: after abort of cas: 7
// CHECK-NEXT: volatile: old=1 now=3
// CHECK-NEXT: no tx: old=7 now=8

#include <pmem_shim.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *try_lock(void *arg)
{
	int r = pthread_mutex_trylock(&m);
	if (r == 0)
		pthread_mutex_unlock(&m);
	*(int *)arg = r;
	return NULL;
}

static const char *other_thread(void)
{
	pthread_t t;
	int r;
	pthread_create(&t, NULL, try_lock, &r);
	pthread_join(t, NULL);
	return r == 0 ? "ok" : "busy";
}

int main(int argc, char **argv)
{
	if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_tx_begin();
	uint64_t *w = pms_calloc(1, sizeof(*w));
	pthread_mutex_lock(&m);
	pms_tx_add_range(w, sizeof(*w));
	pms_tx_mutex_unlock(&m);            /* end of the critical section */
	printf("inside tx: other thread trylock=%s\n", other_thread());
	pms_tx_commit();
	printf("after commit: other thread trylock=%s\n", other_thread());

	pms_tx_begin();
	uint64_t old = pms_tx_fetch_add_u64(w, 5);
	pms_tx_commit();
	printf("fetch_add old=%llu now=%llu\n", (unsigned long long)old,
	       (unsigned long long)*w);
	pms_tx_begin();
	pms_tx_fetch_add_u64(w, 100);
	pms_tx_abort();
	int ok = pms_tx_cas_u64(w, 5, 7);
	printf("after abort: 5 cas=%d then %llu\n", ok, (unsigned long long)*w);
	pms_tx_begin();
	pms_tx_cas_u64(w, 7, 9);
	pms_tx_abort();
	printf("after abort of cas: %llu\n", (unsigned long long)*w);
	uint64_t v = 1;
	old = pms_tx_fetch_add_u64(&v, 2);
	printf("volatile: old=%llu now=%llu\n", (unsigned long long)old,
	       (unsigned long long)v);
	old = pms_tx_fetch_add_u64(w, 1);
	printf("no tx: old=%llu now=%llu\n", (unsigned long long)old,
	       (unsigned long long)*w);
	return pms_pool_close(pms_pool_current());
}
