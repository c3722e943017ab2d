/*
 * pmdk_busy.c -- PMDK's operations in flight, counted in the shim header.
 *
 * After a kill, PMDK must recover its own logs (pmemobj_open) before the
 * runtime replays its undo log, and the consistency check was run for the same
 * reason: PMDK may have been in the middle of a transaction or of an atomic
 * allocation or free. When it was not, its heap is as a clean close leaves it,
 * and the pool can be opened as after a clean stop (pool_direct.c: no PMDK
 * until something needs it, no check). So every PMDK call that changes the
 * heap is counted: the header's `open` word is POOL_OPEN plus POOL_PMDK_BUSY
 * per operation in flight, raised and made durable before the call and
 * lowered after it. A power loss before the lowering reaches the medium only
 * makes the next open take the full path.
 */
#include <stdarg.h>

#include "internal.h"

static int (*real_xalloc)(PMEMobjpool *, PMEMoid *, size_t, uint64_t, uint64_t,
		pmemobj_constr, void *);
static int (*real_realloc)(PMEMobjpool *, PMEMoid *, size_t, uint64_t);
static void (*real_free)(PMEMoid *);
static int (*real_tx_begin)(PMEMobjpool *, jmp_buf, ...);
static int (*real_tx_end)(void);

/* pmdk_busy -- counts one PMDK operation in (delta 1) or out (-1) */
static void pmdk_busy(int delta)
{
	struct pms_pool *p = pool_cur;

	if (!p || !p->hdr)
		return; /* the pool is being created: nothing to recover yet */
	__atomic_add_fetch(&p->hdr->open, (uint64_t)(int64_t)delta * POOL_PMDK_BUSY,
		__ATOMIC_SEQ_CST);
	/* the header as the runtime mapped it (pool_direct.c) is not PMDK's */
	pool_persist(p->mapped_here ? NULL : p->pop, &p->hdr->open, sizeof(p->hdr->open));
}

static int busy_xalloc(PMEMobjpool *pop, PMEMoid *oid, size_t size, uint64_t type,
		uint64_t flags, pmemobj_constr constr, void *arg)
{
	int r;

	pmdk_busy(1);
	r = real_xalloc(pop, oid, size, type, flags, constr, arg);
	pmdk_busy(-1);
	return r;
}

static int busy_realloc(PMEMobjpool *pop, PMEMoid *oid, size_t size, uint64_t type)
{
	int r;

	pmdk_busy(1);
	r = real_realloc(pop, oid, size, type);
	pmdk_busy(-1);
	return r;
}

static void busy_free(PMEMoid *oid)
{
	pmdk_busy(1);
	real_free(oid);
	pmdk_busy(-1);
}

/* busy_tx_begin -- the runtime passes no transaction parameters (TX_PARAM_NONE) */
static int busy_tx_begin(PMEMobjpool *pop, jmp_buf env, ...)
{
	pmdk_busy(1); /* every begin, failed or not, is followed by one end */
	return real_tx_begin(pop, env, TX_PARAM_NONE);
}

static int busy_tx_end(void)
{
	int r = real_tx_end();

	pmdk_busy(-1);
	return r;
}

void pmdk_busy_install(void)
{
	real_xalloc = pmdk.xalloc;
	real_realloc = pmdk.realloc;
	real_free = pmdk.free;
	real_tx_begin = pmdk.tx_begin;
	real_tx_end = pmdk.tx_end;
	pmdk.xalloc = busy_xalloc;
	pmdk.realloc = busy_realloc;
	pmdk.free = busy_free;
	pmdk.tx_begin = busy_tx_begin;
	pmdk.tx_end = busy_tx_end;
}
