/*
 * pmem_shim/tx.h -- failure-atomic undo-log transactions, logged stores,
 * lock release at commit and transactional replacements of atomic
 * read-modify-write operations.
 *
 * Nested begin/commit pairs are flattened into the outermost transaction:
 * only its commit makes the changes durable. pms_tx_abort at any depth rolls
 * the whole transaction back; the enclosing levels then see ECANCELED until
 * their own commit or abort closes them.
 */
#ifndef PMEM_SHIM_TX_H
#define PMEM_SHIM_TX_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Starts a transaction, or enters one more level of the current one.
 * Returns 0, or -1 (EINVAL: no pool open; other errno from PMDK).
 */
int pms_tx_begin(void);

/** Leaves one level; the outermost level makes every logged store, allocation
 * and free durable, then runs deferred unlocks. Returns 0, or -1 with
 * ECANCELED when the transaction was aborted (its changes are rolled back).
 */
int pms_tx_commit(void);

/** Rolls the whole transaction back and releases its deferred locks, then
 * leaves one level. Returns 0, or -1 (EINVAL) outside a transaction.
 */
int pms_tx_abort(void);

/** Nesting depth of this thread's transaction (0: none). */
int pms_tx_depth(void);

/** Logged store, step one: when [addr, addr+size) lies in the pool, saves its
 * old contents in the undo log (once per range and transaction) so that it
 * is restored on abort or crash and flushed at commit. For an address outside
 * the pool it only pays a range check and returns 0. Returns -1 with EINVAL
 * when a pool address is logged outside a transaction or the range crosses the
 * pool end, ECANCELED in an aborted transaction, ENOMEM when the log is full.
 */
int pms_tx_add_range(void *addr, size_t size);

/** Logged memcpy: pms_tx_add_range(dst, n), then memcpy. Returns dst or NULL. */
void *pms_tx_memcpy(void *dst, const void *src, size_t n);

/** Logged store of one lvalue: PMS_TX_STORE(node->next, p); */
#define PMS_TX_STORE(lv, val) \
	(pms_tx_add_range((void *)&(lv), sizeof(lv)) == 0 ? ((lv) = (val), 0) : -1)

/** Releases m when this thread's transaction ends (commit or abort) instead of
 * now, so no other thread sees uncommitted data (lesson 10); outside a
 * transaction it unlocks at once. Returns pthread's error code or 0.
 */
int pms_tx_mutex_unlock(pthread_mutex_t *m);

/** Same for a read-write lock. */
int pms_tx_rwlock_unlock(pthread_rwlock_t *l);

/** Runs fn(arg) when this thread's transaction ends, after the commit is
 * durable or the abort is complete (LIFO). Outside a transaction runs it now.
 * Returns 0, or -1 (ENOMEM).
 */
int pms_tx_on_end(void (*fn)(void *), void *arg);

/** Transactional fetch-and-add (lesson 9). On a pool address inside a
 * transaction the word is logged and updated under an address-striped lock
 * that is held until the transaction ends, so an abort can restore it; on a
 * pool address outside one, the update is its own small transaction; on a
 * volatile address it is a plain atomic. Returns the old value; on failure
 * returns the old value with errno set and *p unchanged.
 */
uint64_t pms_tx_fetch_add_u64(uint64_t *p, uint64_t delta);
uint32_t pms_tx_fetch_add_u32(uint32_t *p, uint32_t delta);

/** Transactional compare-and-swap with the same rules. Returns 1 when *p was
 * expected and now holds desired, 0 otherwise (or on error, with errno).
 */
int pms_tx_cas_u64(uint64_t *p, uint64_t expected, uint64_t desired);

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_TX_H */
