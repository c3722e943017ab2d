/*
 * atomic.c -- transactional replacements of atomic read-modify-write on
 * persistent words (lesson 9).
 *
 * A hardware atomic cannot be rolled back, so on a pool address the word is
 * logged and updated under one of 64 address-striped mutexes, and the mutex
 * is held until the transaction ends (lesson 10): no other thread can see, or
 * build on, a value that may still be rolled back. A thread re-entering a
 * stripe it holds does not lock again. Two transactions that take stripes in
 * opposite orders can deadlock, like any locks held to the end of a
 * transaction; keep one counter per transaction or a fixed order.
 */
#include <errno.h>

#include "internal.h"

#define STRIPES 64

static pthread_mutex_t stripe_lock[STRIPES] = {
	[0 ... STRIPES - 1] = PTHREAD_MUTEX_INITIALIZER
};

/* stripe_of -- stripe index of a word address */
static unsigned stripe_of(const void *p)
{
	uint64_t x = (uintptr_t)p >> 3;

	x *= 0x9e3779b97f4a7c15ULL;
	return (unsigned)(x >> 58);
}

/* stripe_take -- locks p's stripe until the transaction ends */
static void stripe_take(const void *p)
{
	unsigned s = stripe_of(p);

	if (tx_tls.stripes & (1ULL << s))
		return;
	pthread_mutex_lock(&stripe_lock[s]);
	tx_tls.stripes |= 1ULL << s;
}

/* atomic_release_stripes -- unlocks every stripe this thread holds */
void atomic_release_stripes(void)
{
	for (unsigned s = 0; s < STRIPES; s++)
		if (tx_tls.stripes & (1ULL << s))
			pthread_mutex_unlock(&stripe_lock[s]);
	tx_tls.stripes = 0;
}

/* atomic_enter -- 1: in a live tx; 0: began a private tx; -1: error */
static int atomic_enter(void)
{
	int u = tx_check_usable();

	if (u != 0)
		return u;
	return pms_tx_begin() == 0 ? 0 : -1;
}

/* atomic_leave -- commits the private transaction; -1 when it failed */
static int atomic_leave(int live, int failed)
{
	if (live)
		return failed ? -1 : 0;
	if (failed) {
		int e = errno;
		pms_tx_abort();
		errno = e;
		return -1;
	}
	return pms_tx_commit();
}

/* tx_fetch_add -- fetch-and-add on a pool word of width 4 or 8, logged in the
 * transaction and fenced from other transactions by the word's stripe lock */
static uint64_t tx_fetch_add(void *p, uint64_t delta, size_t width)
{
	uint64_t old;
	int live, failed;

	if ((live = atomic_enter()) < 0)
		return width == 8 ? __atomic_load_n((uint64_t *)p, __ATOMIC_ACQUIRE)
			: __atomic_load_n((uint32_t *)p, __ATOMIC_ACQUIRE);
	stripe_take(p);
	old = width == 8 ? *(uint64_t *)p : *(uint32_t *)p;
	failed = pms_tx_add_range(p, width) != 0;
	if (!failed) {
		if (width == 8)
			__atomic_store_n((uint64_t *)p, old + delta, __ATOMIC_RELEASE);
		else
			__atomic_store_n((uint32_t *)p, (uint32_t)(old + delta),
				__ATOMIC_RELEASE);
	}
	atomic_leave(live, failed);
	return old;
}

/* pms_tx_fetch_add_u64 -- transactional fetch-and-add on a 64-bit word */
uint64_t pms_tx_fetch_add_u64(uint64_t *p, uint64_t delta)
{
	if (!pms_is_persistent(p))
		return __atomic_fetch_add(p, delta, __ATOMIC_SEQ_CST);
	return tx_fetch_add(p, delta, sizeof(*p));
}

/* pms_tx_fetch_add_u32 -- transactional fetch-and-add on a 32-bit word */
uint32_t pms_tx_fetch_add_u32(uint32_t *p, uint32_t delta)
{
	if (!pms_is_persistent(p))
		return __atomic_fetch_add(p, delta, __ATOMIC_SEQ_CST);
	return (uint32_t)tx_fetch_add(p, delta, sizeof(*p));
}

/* pms_tx_cas_u64 -- transactional compare-and-swap; 1 when swapped */
int pms_tx_cas_u64(uint64_t *p, uint64_t expected, uint64_t desired)
{
	int live, failed = 0, swapped = 0;

	if (!pms_is_persistent(p))
		return __atomic_compare_exchange_n(p, &expected, desired, 0,
			__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	if ((live = atomic_enter()) < 0)
		return 0;
	stripe_take(p);
	if (*p == expected) {
		failed = pms_tx_add_range(p, sizeof(*p)) != 0;
		if (!failed) {
			__atomic_store_n(p, desired, __ATOMIC_RELEASE);
			swapped = 1;
		}
	}
	if (atomic_leave(live, failed) != 0)
		return 0;
	return swapped;
}
