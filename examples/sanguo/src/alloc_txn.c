/*
 * alloc_txn.c -- the allocator's side of transactions: its lock held to the
 * caller's commit or abort, logged bitmap stores, and the recount of changed
 * leaves when the transaction ends.
 *
 * Why hold the lock to the end: the undo log restores whole 64-bit bitmap
 * words, so a word this transaction logged must not take another thread's
 * bit before the transaction is decided, or an abort would erase it.
 */
#include <errno.h>
#include <pmem_shim.h>

#include "alloc_txn.h"
#include "error.h"
#include "sanguo/wear.h"

static _Thread_local char txn_self;   /* its address names this thread */

/* txn_end -- runs when the holder's transaction ends: recount, unlock */
static void txn_end(void *arg)
{
	struct sg_alloc *a = arg;

	if (a->touched_overflow)
		fbst_build(a);
	else
		for (uint32_t i = 0; i < a->ntouched; i++)
			fbst_resync_leaf(a, a->touched[i]);
	a->ntouched = 0;
	a->touched_overflow = 0;
	atomic_store(&a->holder, 0);
	pthread_mutex_unlock(&a->lock);
}

/* txn_enter -- joins the caller's transaction (or opens one) under the lock */
int txn_enter(struct sg_alloc *a)
{
	if (!a->persistent) {
		pthread_mutex_lock(&a->lock);
		return 0;
	}
	if (pms_tx_begin() != 0)
		return sg_err(errno, "cannot begin a transaction: %s", pms_errormsg());
	if (atomic_load(&a->holder) == (uintptr_t)&txn_self)
		return 0;
	pthread_mutex_lock(&a->lock);
	if (pms_tx_on_end(txn_end, a) != 0) {
		int e = errno;

		pthread_mutex_unlock(&a->lock);
		pms_tx_abort();
		return sg_err(e, "cannot defer the allocator's unlock: %s", pms_errormsg());
	}
	atomic_store(&a->holder, (uintptr_t)&txn_self);
	return 0;
}

/* txn_leave -- one level done: commit it, or abort everything */
int txn_leave(struct sg_alloc *a, int ok, int ret)
{
	int e;

	if (!a->persistent) {
		pthread_mutex_unlock(&a->lock);
		return ret;
	}
	if (!ok) {
		e = errno;
		pms_tx_abort();
		errno = e;
		return ret;
	}
	e = errno;   /* a failed call's errno survives its successful commit */
	if (pms_tx_commit() != 0)
		return sg_err(errno, "transaction failed: %s", pms_errormsg());
	errno = e;
	return ret;
}

/* txn_touch -- remembers a changed leaf for the recount at the end */
void txn_touch(struct sg_alloc *a, uint32_t b)
{
	uint32_t leaf = b / SG_LEAF_BLOCKS;

	if (!a->persistent)
		return;
	if (a->ntouched && a->touched[a->ntouched - 1] == leaf)
		return;
	if (a->ntouched == FBST_TOUCHED_MAX)
		a->touched_overflow = 1;
	else
		a->touched[a->ntouched++] = leaf;
}

/* txn_set_bits -- logged stores of a run of bits, word by word */
int txn_set_bits(struct sg_alloc *a, uint32_t start, uint32_t len, int val)
{
	uint32_t b = start, end = start + len;

	while (b < end) {
		uint32_t w = b >> 6, lo = b & 63;
		uint32_t n = end - b < 64 - lo ? end - b : 64 - lo;
		uint64_t m = (n == 64 ? ~0ULL : ((1ULL << n) - 1)) << lo;
		uint64_t v = val ? a->bitmap[w] | m : a->bitmap[w] & ~m;

		if (sg_write_u64(&a->bitmap[w], v) != 0)
			return -1;
		/* A run may cross a leaf boundary only at a word boundary. */
		txn_touch(a, b);
		fbst_add(a, b, val ? -(int32_t)n : (int32_t)n);
		b += n;
	}
	return 0;
}
