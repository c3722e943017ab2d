/*
 * txlock.h -- a component lock held from a call inside a transaction to
 * that transaction's end, with a hook that resynchronises the component's
 * DRAM state from the persistent state just before the unlock.
 *
 * Why to the end: the undo log restores whole logged ranges, so a range this
 * transaction logged must not take another thread's change before the
 * transaction is decided, or an abort would erase it (lesson 10). Why the
 * hook: the DRAM state (tree counts, directory indexes) cannot roll back
 * with the log; it is recomputed from what the transaction touched.
 */
#ifndef SANGUO_TXLOCK_H
#define SANGUO_TXLOCK_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

struct txlock {
	pthread_mutex_t m;
	atomic_uintptr_t holder;
	int persistent;              /* 0: plain lock per call, no transaction */
	void (*at_end)(void *arg);   /* runs under the lock when the tx ends */
	void *arg;
};

/* txlock_init -- a lock for state in the pool (persistent) or in DRAM */
void txlock_init(struct txlock *l, int persistent, void (*at_end)(void *), void *arg);
/* txlock_enter -- begins or joins the transaction, takes the lock; -1 */
int txlock_enter(struct txlock *l);
/* txlock_leave -- commits one level (ok) or aborts the whole transaction;
 * returns ret (errno kept), or -1 when the commit fails */
int txlock_leave(struct txlock *l, int ok, int ret);

/* txlock_hold -- takes the lock for a read unless this thread holds it to
 * its transaction's end; returns 1 when the caller must txlock_drop it */
int txlock_hold(struct txlock *l);
/* txlock_drop -- releases what txlock_hold took (taken: its return) */
void txlock_drop(struct txlock *l, int taken);

#endif /* SANGUO_TXLOCK_H */
