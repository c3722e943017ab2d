/*
 * txlock.c -- component locks released when the caller's transaction ends.
 */
#include <errno.h>
#include <pmem_shim.h>

#include "error.h"
#include "txlock.h"

static _Thread_local char txlock_self;   /* its address names this thread */

/* txlock_end -- the holder's transaction ended: resync, then unlock */
static void txlock_end(void *arg)
{
	struct txlock *l = arg;

	if (l->at_end)
		l->at_end(l->arg);
	atomic_store(&l->holder, 0);
	pthread_mutex_unlock(&l->m);
}

/* txlock_init -- an unlocked lock */
void txlock_init(struct txlock *l, int persistent, void (*at_end)(void *), void *arg)
{
	pthread_mutex_init(&l->m, NULL);
	atomic_init(&l->holder, 0);
	l->persistent = persistent;
	l->at_end = at_end;
	l->arg = arg;
}

/* txlock_enter -- joins the caller's transaction (or opens one) under the lock */
int txlock_enter(struct txlock *l)
{
	if (!l->persistent) {
		pthread_mutex_lock(&l->m);
		return 0;
	}
	if (pms_tx_begin() != 0)
		return sg_err(errno, "cannot begin a transaction: %s", pms_errormsg());
	if (atomic_load(&l->holder) == (uintptr_t)&txlock_self)
		return 0;
	pthread_mutex_lock(&l->m);
	if (pms_tx_on_end(txlock_end, l) != 0) {
		int e = errno;

		pthread_mutex_unlock(&l->m);
		pms_tx_abort();
		return sg_err(e, "cannot defer an unlock to the commit: %s", pms_errormsg());
	}
	atomic_store(&l->holder, (uintptr_t)&txlock_self);
	return 0;
}

/* txlock_leave -- one level done: commit it, or abort everything */
int txlock_leave(struct txlock *l, int ok, int ret)
{
	int e = errno;   /* a failed call's errno survives its successful commit */

	if (!l->persistent) {
		pthread_mutex_unlock(&l->m);
		errno = e;
		return ret;
	}
	if (!ok) {
		pms_tx_abort();
		errno = e;
		return ret;
	}
	if (pms_tx_commit() != 0)
		return sg_err(errno, "transaction failed: %s", pms_errormsg());
	errno = e;
	return ret;
}

/* txlock_hold -- the lock for a short read, unless already ours */
int txlock_hold(struct txlock *l)
{
	if (atomic_load(&l->holder) == (uintptr_t)&txlock_self)
		return 0;
	pthread_mutex_lock(&l->m);
	return 1;
}

/* txlock_drop -- undoes txlock_hold */
void txlock_drop(struct txlock *l, int taken)
{
	if (taken)
		pthread_mutex_unlock(&l->m);
}
