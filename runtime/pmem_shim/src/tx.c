/*
 * tx.c -- flattened undo-log transactions over PMDK's, logged stores, and
 * the per-thread list of actions (unlocks) deferred to the end of the
 * transaction.
 *
 * PMDK aborts the process when one of its transactional calls is made in the
 * wrong stage, so every entry point checks this thread's state first and PMDK
 * is told to return errors instead of aborting (POBJ_TX_FAILURE_RETURN).
 *
 * Lazy levels (the port's operations): tx_lazy_open opens a level without a
 * PMDK transaction; the first write that needs one (tx_ensure) begins it with
 * every open level, so an operation that writes nothing persistent (a read
 * command) pays no transaction at all.
 *
 * On a pmem pool the logged ranges go to the runtime's own undo log (ulog.c)
 * and PMDK's transaction is begun only when something needs it (tx_need_pmdk:
 * PMDK-object allocations and frees, or a full log).
 *
 * Stores outside any transaction that the port still sees (tx_note_unlogged)
 * are written back at the next commit: they are not failure-atomic, but they
 * are durable once a later operation commits.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct tx_defer {
	void (*fn)(void *);
	void *arg;
};

__thread struct tx_state tx_tls;
static __thread struct tx_defer *defer_v;
static __thread size_t defer_n, defer_cap;

/* Stores into fresh slab slots need no undo log against a crash (nothing
 * committed reaches them) but an explicit abort must still undo them: their
 * old bytes are kept here, in DRAM, until the end of the transaction. */
struct dram_undo { void *addr; size_t size, off; };
static __thread struct dram_undo *undo_v;
static __thread size_t undo_n, undo_cap;
static __thread char *undo_bytes;
static __thread size_t undo_used, undo_bytes_cap;

struct tx_range { void *addr; size_t size; };
#define UNLOGGED_CAP 1024
/* On the heap (UNLOGGED_CAP entries, see ulog.c's seen_t), or, when that
 * allocation fails, a few entries of static TLS written back more often. */
static __thread struct tx_range *unlogged_v, unlogged_small[8];
static __thread size_t unlogged_n, unlogged_cap;

void atomic_release_stripes(void);
static int pmdk_begin(void);

/* tx_check_usable -- 1 in a live transaction (with PMDK's open, for
 * allocations), 0 outside, -1 when aborted */
int tx_check_usable(void)
{
	if (tx_tls.depth == 0 && tx_tls.lazy > 0 && tx_ensure() != 0)
		return -1;
	if (tx_tls.depth == 0)
		return 0;
	if (tx_tls.aborted)
		return err_set(ECANCELED, "the transaction was aborted");
	return tx_need_pmdk() == 0 ? 1 : -1;
}

/* undo_save -- keeps the old bytes of a fresh range for an explicit abort */
static int undo_save(void *addr, size_t size)
{
	if (undo_n == undo_cap) {
		size_t cap = undo_cap ? 2 * undo_cap : 64;
		struct dram_undo *v = realloc(undo_v, cap * sizeof(*v));
		if (!v)
			return err_set(ENOMEM, "pms_tx_add_range: out of memory");
		undo_v = v;
		undo_cap = cap;
	}
	if (undo_used + size > undo_bytes_cap) {
		size_t cap = undo_bytes_cap ? 2 * undo_bytes_cap : 4096;
		char *b;
		while (cap < undo_used + size)
			cap *= 2;
		if (!(b = realloc(undo_bytes, cap)))
			return err_set(ENOMEM, "pms_tx_add_range: out of memory");
		undo_bytes = b;
		undo_bytes_cap = cap;
	}
	memcpy(undo_bytes + undo_used, addr, size);
	undo_v[undo_n++] = (struct dram_undo){ addr, size, undo_used };
	undo_used += size;
	return 0;
}

/* undo_replay -- an abort: the fresh ranges get their old bytes, newest first */
static void undo_replay(void)
{
	while (undo_n > 0) {
		struct dram_undo *u = &undo_v[--undo_n];
		memcpy(u->addr, undo_bytes + u->off, u->size);
	}
	undo_used = 0;
}

static void undo_clear(void)
{
	undo_n = 0;
	undo_used = 0;
}

/* tx_finish -- runs deferred actions (LIFO) and drops stripe locks; ended_tx:
 * a PMDK transaction ended (its commit barrier is charged) */
static void tx_finish(int ended_tx)
{
	pms_run_logged_ = 0; /* the run's entries are retired with the transaction */
	tx_fresh_clear();
	while (defer_n > 0) {
		struct tx_defer d = defer_v[--defer_n];
		d.fn(d.arg);
	}
	if (tx_tls.stripes)
		atomic_release_stripes();
	if (pms_lat_active_)
		lat_tx_end();
	watch_tx_end();
}

/* pms_tx_begin -- starts a transaction or nests one level deeper */
int pms_tx_begin(void)
{
	if (tx_tls.depth > 0) {
		if (tx_tls.aborted)
			return err_set(ECANCELED, "pms_tx_begin: the enclosing "
				"transaction was aborted");
		tx_tls.depth++;
		return 0;
	}
	if (!pool_cur)
		return err_set(EINVAL, "pms_tx_begin: no pool is open");
	watch_tx_begin();
	tx_tls.ulog = ulog_begin();
	tx_tls.ulog_full = 0;
	tx_tls.pmdk = 0;
	if (!tx_tls.ulog && pmdk_begin() != 0)
		return -1;
	tx_tls.depth = 1;
	tx_tls.aborted = 0;
	tx_tls.epoch++;
	return 0;
}

/* pmdk_begin -- opens this thread's PMDK transaction */
static int pmdk_begin(void)
{
	PMEMobjpool *pop = pool_pmdk();

	if (!pop)
		return -1;
	if (pmdk.tx_begin(pop, NULL, TX_PARAM_NONE) != 0) {
		int e = errno;
		pmdk.tx_end();
		return err_pmdk(e, "pms_tx_begin");
	}
	pmdk.tx_set_failure_behavior(POBJ_TX_FAILURE_RETURN);
	tx_tls.pmdk = 1;
	return 0;
}

/* tx_need_pmdk -- the open transaction also needs PMDK's (its allocations
 * and frees, or logging once the runtime's log is full) */
int tx_need_pmdk(void)
{
	if (tx_tls.depth == 0 || tx_tls.pmdk)
		return 0;
	return pmdk_begin();
}

/* tx_ensure -- begins the transaction of the open lazy levels */
int tx_ensure(void)
{
	int levels = tx_tls.lazy;

	if (tx_tls.depth > 0 || levels == 0)
		return 0;
	tx_tls.lazy = 0;
	if (pms_tx_begin() != 0) {
		tx_tls.lazy = levels;
		return -1;
	}
	tx_tls.depth = levels;
	return 0;
}

/* tx_lazy_open -- one more level: nested into a live transaction, else lazy */
void tx_lazy_open(void)
{
	if (tx_tls.depth > 0)
		tx_tls.depth++; /* joins it, aborted or not, so levels stay balanced */
	else if (tx_tls.lazy++ == 0)
		watch_tx_begin();
}

/* tx_lazy_close -- 1 when it closed a level that never began a transaction
 * (the last one runs what waited for the end); 0 when the caller commits */
int tx_lazy_close(void)
{
	if (tx_tls.depth > 0 || tx_tls.lazy == 0)
		return 0;
	if (--tx_tls.lazy == 0) {
		if (slab_on_)
			slab_committed(); /* nothing was unlinked: frees are safe */
		undo_clear();
		tx_finish(0);
	}
	return 1;
}

/* tx_note_unlogged -- a store outside a transaction, written back at the next
 * commit (the store follows this call: only earlier ones are written back) */
void tx_note_unlogged(void *addr, size_t size)
{
	if (slab_is_fresh(addr, size))
		return;
	if (!unlogged_v) {
		unlogged_v = malloc(UNLOGGED_CAP * sizeof(*unlogged_v));
		unlogged_cap = unlogged_v ? UNLOGGED_CAP : 8;
		if (!unlogged_v)
			unlogged_v = unlogged_small;
	}
	if (unlogged_n == unlogged_cap)
		tx_writeback_unlogged();
	unlogged_v[unlogged_n].addr = addr;
	unlogged_v[unlogged_n].size = size;
	unlogged_n++;
}

/* tx_writeback_unlogged -- starts the write-back of the noted stores */
void tx_writeback_unlogged(void)
{
	for (size_t i = 0; i < unlogged_n; i++)
		flush_lines(unlogged_v[i].addr, unlogged_v[i].size);
	unlogged_n = 0;
}

/* pms_tx_commit -- leaves one level; the outermost makes changes durable */
int pms_tx_commit(void)
{
	int r;

	if (tx_tls.depth == 0)
		return err_set(EINVAL, "pms_tx_commit: no transaction is open");
	if (--tx_tls.depth > 0 || tx_tls.aborted) {
		int was_aborted = tx_tls.aborted;
		if (tx_tls.depth == 0)
			tx_tls.aborted = 0;
		if (was_aborted)
			return err_set(ECANCELED, "pms_tx_commit: the "
				"transaction was aborted");
		return 0;
	}
	tx_tls.depth = 1;
	if (roots_sync() != 0) {
		int e = errno;
		pms_tx_abort();
		errno = e;
		return -1;
	}
	if (slab_on_) {
		/* written back before the commit's barriers order them */
		slab_commit();
		tx_writeback_unlogged();
	}
	if (tx_tls.ulog)
		ulog_flush_data();
	if (tx_tls.pmdk && tx_tls.ulog && ulog_logged()) {
		/* PMDK's commit point retires the runtime's log too */
		uint64_t *w = ulog_gen_word();
		if (pmdk.tx_xadd_range_direct(pmdk_ptr(w), sizeof(*w), POBJ_XADD_NO_ABORT) != 0) {
			int e = errno;
			pms_tx_abort();
			return err_pmdk(e, "pms_tx_commit");
		}
		*w = ulog_gen();
	}
	tx_tls.depth = 0;
	if (tx_tls.pmdk) {
		/* PMDK's commit fences our write-backs on pmem; a pool without DAX
		 * needs their msyncs before it */
		if (flush_msync_)
			persist_fence();
		pmdk.tx_commit();
		r = pmdk.tx_end();
		tx_tls.pmdk = 0;
	} else {
		ulog_commit_alone();
		r = 0;
	}
	if (r != 0) {
		stats_mine()->tx_aborted++;
		if (tx_tls.ulog)
			ulog_rollback();
		undo_replay();
		if (slab_on_)
			slab_aborted();
		tx_finish(1);
		return err_pmdk(r, "pms_tx_commit");
	}
	if (tx_tls.ulog)
		ulog_end();
	stats_mine()->tx_committed++;
	undo_clear();
	if (slab_on_)
		slab_committed();
	tx_finish(1);
	return 0;
}

/* pms_tx_abort -- rolls the whole transaction back, leaves one level */
int pms_tx_abort(void)
{
	/* an operation that only wrote fresh objects has no PMDK transaction yet */
	if (tx_tls.depth == 0 && tx_tls.lazy > 0 && tx_ensure() != 0)
		return -1;
	if (tx_tls.depth == 0)
		return err_set(EINVAL, "pms_tx_abort: no transaction is open");
	if (!tx_tls.aborted) {
		int e = errno;
		/* PMDK's log holds the newer values: it is undone first */
		if (tx_tls.pmdk) {
			pmdk.tx_abort(ECANCELED);
			pmdk.tx_end();
			tx_tls.pmdk = 0;
		}
		if (tx_tls.ulog)
			ulog_rollback();
		errno = e;
		tx_tls.aborted = 1;
		roots_rollback();
		undo_replay();
		if (slab_on_)
			slab_aborted();
		stats_mine()->tx_aborted++;
		tx_finish(1);
	}
	if (--tx_tls.depth == 0)
		tx_tls.aborted = 0;
	return 0;
}

/* pms_tx_depth -- nesting depth of this thread's transaction */
int pms_tx_depth(void)
{
	return tx_tls.depth;
}

/* tx_add_slow -- logs a range already known to start inside the pool; widen:
 * a range inside a slab slot grows to its whole lines (slab_slot_widen) */
static int tx_add_slow(void *addr, size_t size, int widen)
{
	uintptr_t off = (uintptr_t)addr - pms_pool_base_;
	struct slab_slot slot;
	int in_slot;

	if (size == 0)
		return 0;
	in_slot = slab_on_ && slab_slot_find(addr, &slot);
	/* No committed state reaches a fresh slot: it is written back at commit,
	 * and only an explicit abort needs its old bytes (kept in DRAM). */
	if (in_slot && (tx_tls.depth > 0 || tx_tls.lazy > 0) && !tx_tls.aborted &&
			slab_slot_holds_fresh(&slot, addr, size))
		return undo_save(addr, size);
	/* nor an object PMDK's open transaction allocated (tx_fresh.c) */
	if (!in_slot && tx_tls.pmdk && !tx_tls.aborted && tx_fresh_holds(addr, size))
		return 0;
	if (tx_tls.depth == 0 && tx_tls.lazy > 0 && tx_ensure() != 0)
		return -1;
	if (size > pms_pool_size_ - off)
		return err_set(EINVAL, "pms_tx_add_range: [%p, +%zu) crosses "
			"the end of the pool", addr, size);
	if (tx_tls.depth == 0)
		return err_set(EINVAL, "pms_tx_add_range: pool address %p "
			"stored outside a transaction", addr);
	if (tx_tls.aborted)
		return err_set(ECANCELED, "pms_tx_add_range: the transaction "
			"was aborted");
	if (in_slot && widen)
		slab_slot_widen(&slot, &addr, &size);
	if (tx_tls.ulog && !tx_tls.ulog_full) {
		int r = ulog_log(addr, size);
		if (r == ULOG_SEEN)
			return 0; /* no entry written: nothing to count or charge */
		if (r == ULOG_FULL) {
			/* once the runtime's log is full, PMDK's takes the rest */
			tx_tls.ulog_full = 1;
			if (tx_need_pmdk() != 0)
				return -1;
		}
	}
	if ((!tx_tls.ulog || tx_tls.ulog_full) &&
			pmdk.tx_xadd_range_direct(pmdk_ptr(addr), size, POBJ_XADD_NO_ABORT) != 0)
		return err_pmdk(errno, "pms_tx_add_range");
	stats_mine()->bytes_logged += size;
	if (pms_lat_active_)
		lat_tx_log(addr, size, tx_tls.ulog_full || !ulog_batching());
	return 0;
}

/* pms_tx_add_range -- logs a pool range; a range check for other addresses */
int pms_tx_add_range(void *addr, size_t size)
{
	if (!pms_is_persistent(addr))
		return 0;
	return tx_add_slow(addr, size, 1);
}

/* tx_add_exact -- pms_tx_add_range of exactly [addr, +size): for a writer that
 * knows which bytes it changes and that nothing else stores next to them (the
 * pool copies of value roots) */
int tx_add_exact(void *addr, size_t size)
{
	if (!pms_is_persistent(addr))
		return 0;
	return tx_add_slow(addr, size, 0);
}

/* tx_add_words -- tx_add_exact of the n 8-byte words at addrs (pool copies of
 * value roots), as one entry of the runtime's log when it can take them */
int tx_add_words(void *const *addrs, size_t n)
{
	if (n == 0)
		return 0;
	if (tx_tls.depth == 0 && tx_tls.lazy > 0 && tx_ensure() != 0)
		return -1;
	if (tx_tls.depth > 0 && !tx_tls.aborted && tx_tls.ulog && !tx_tls.ulog_full) {
		int r = ulog_log_words(addrs, n);
		if (r == ULOG_DONE) {
			stats_mine()->bytes_logged += 8 * n;
			if (pms_lat_active_) /* one entry: charged as one range of its bytes */
				lat_tx_log(addrs[0], 16 * n, !ulog_batching());
		}
		if (r != ULOG_FULL)
			return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (tx_add_exact(addrs[i], 8) != 0)
			return -1;
	return 0;
}

/* pms_tx_memcpy -- logged memcpy */
void *pms_tx_memcpy(void *dst, const void *src, size_t n)
{
	if (pms_tx_add_range(dst, n) != 0)
		return NULL;
	return memcpy(dst, src, n);
}

/* pms_tx_on_end -- defers fn(arg) to the end of the transaction */
int pms_tx_on_end(void (*fn)(void *), void *arg)
{
	if (!fn)
		return err_set(EINVAL, "pms_tx_on_end: NULL function");
	if ((tx_tls.depth == 0 && tx_tls.lazy == 0) || tx_tls.aborted) {
		fn(arg);
		return 0;
	}
	if (defer_n == defer_cap) {
		size_t cap = defer_cap ? 2 * defer_cap : 16;
		struct tx_defer *v = realloc(defer_v, cap * sizeof(*v));
		if (!v)
			return err_set(ENOMEM, "pms_tx_on_end: out of memory");
		defer_v = v;
		defer_cap = cap;
	}
	defer_v[defer_n].fn = fn;
	defer_v[defer_n].arg = arg;
	defer_n++;
	return 0;
}

/* tx_unlock_mutex -- adapter for pms_tx_on_end */
static void tx_unlock_mutex(void *m)
{
	pthread_mutex_unlock(m);
}

/* tx_unlock_rwlock -- adapter for pms_tx_on_end */
static void tx_unlock_rwlock(void *l)
{
	pthread_rwlock_unlock(l);
}

/* pms_tx_mutex_unlock -- unlocks m at the end of the transaction */
int pms_tx_mutex_unlock(pthread_mutex_t *m)
{
	if ((tx_tls.depth == 0 && tx_tls.lazy == 0) || tx_tls.aborted)
		return pthread_mutex_unlock(m);
	return pms_tx_on_end(tx_unlock_mutex, m) ? errno : 0;
}

/* pms_tx_rwlock_unlock -- unlocks l at the end of the transaction */
int pms_tx_rwlock_unlock(pthread_rwlock_t *l)
{
	if ((tx_tls.depth == 0 && tx_tls.lazy == 0) || tx_tls.aborted)
		return pthread_rwlock_unlock(l);
	return pms_tx_on_end(tx_unlock_rwlock, l) ? errno : 0;
}
