/*
 * watch.c -- the range whose stores PMS_LOGGED hands to the runtime (port.h).
 *
 * It is the pool, except during a cold load: the load's stores outside any
 * transaction need no log, no charge and no strict-mode finding (the load is
 * written back once when it completes, and a crash during it discards the
 * pool), so the range is emptied and such a store costs the inline compare
 * only. Any thread inside a transaction needs every store logged, so the
 * range is the whole pool again while one is open anywhere.
 */
#include <pthread.h>

#include "internal.h"

uintptr_t pms_watch_base_;
uintptr_t pms_watch_size_;
int watch_load_skip_;               /* a cold load that may empty the range */

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static int watch_tx_open;           /* threads in a transaction (under watch_lock) */
static __thread int watch_in_tx;    /* this thread counts in watch_tx_open */

/* watch_set -- the range: the pool, or empty */
static void watch_set(int whole)
{
	__atomic_store_n(&pms_watch_base_, pms_pool_base_, __ATOMIC_RELAXED);
	__atomic_store_n(&pms_watch_size_, whole ? pms_pool_size_ : 0, __ATOMIC_SEQ_CST);
}

/* pool_watch_all -- the whole pool from now on (the pool opened or closed) */
void pool_watch_all(void)
{
	pthread_mutex_lock(&watch_lock);
	watch_load_skip_ = 0;
	watch_set(1);
	pthread_mutex_unlock(&watch_lock);
}

/* watch_cold_load -- the cold load begins: empty the range while no thread is in a transaction */
void watch_cold_load(void)
{
	pthread_mutex_lock(&watch_lock);
	__atomic_store_n(&watch_load_skip_, 1, __ATOMIC_RELAXED);
	watch_set(watch_tx_open > 0);
	pthread_mutex_unlock(&watch_lock);
}

/* watch_tx_begin_slow -- this thread opens a transaction or operation during a cold load */
void watch_tx_begin_slow(void)
{
	if (watch_in_tx)
		return;
	pthread_mutex_lock(&watch_lock);
	watch_in_tx = 1;
	watch_tx_open++;
	watch_set(1);
	pthread_mutex_unlock(&watch_lock);
}

/* watch_tx_end_slow -- this thread's outermost transaction or operation ended */
void watch_tx_end_slow(void)
{
	if (!watch_in_tx)
		return;
	pthread_mutex_lock(&watch_lock);
	watch_in_tx = 0;
	if (--watch_tx_open == 0 && watch_load_skip_)
		watch_set(0);
	pthread_mutex_unlock(&watch_lock);
}
