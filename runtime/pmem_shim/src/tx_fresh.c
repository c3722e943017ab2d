/*
 * tx_fresh.c -- the PMDK objects this thread's open transaction allocated.
 *
 * PMDK registers an object it allocates in a transaction (pmemobj_tx_xalloc,
 * pmemobj_tx_realloc) as a range of the transaction without a snapshot: its
 * commit writes the object back, and a crash or an abort before the commit
 * frees it. Its bytes therefore need no undo entry, whatever is stored into
 * them: a 1 MB page that a program allocates, clears and carves up in one
 * operation (memcached's new slab page) logged all of its bytes before.
 */
#include <stdlib.h>

#include "internal.h"

#define FRESH_MAX 16 /* more in one transaction are logged as before */

struct fresh { uintptr_t lo, hi; };
/* On the heap: static TLS is scarce for a runtime that may be dlopen()ed. */
static __thread struct fresh *fresh_v;
__thread int tx_fresh_n_;
#define fresh_n tx_fresh_n_

/* tx_fresh_note -- [p, +size) was just allocated by the open PMDK transaction */
void tx_fresh_note(const void *p, size_t size)
{
	if (!fresh_v && !(fresh_v = malloc(FRESH_MAX * sizeof(*fresh_v))))
		return; /* logged as before */
	if (fresh_n < FRESH_MAX)
		fresh_v[fresh_n++] = (struct fresh){ (uintptr_t)p, (uintptr_t)p + size };
}

/* tx_fresh_forget -- the object at p is freed or moved: its bytes may belong to
 * someone else's object before the transaction ends */
void tx_fresh_forget(const void *p)
{
	for (int i = 0; i < fresh_n; i++)
		if ((uintptr_t)p - fresh_v[i].lo < fresh_v[i].hi - fresh_v[i].lo) {
			fresh_v[i] = fresh_v[--fresh_n];
			return;
		}
}

/* tx_fresh_holds_slow -- 1 when [addr, +size) lies inside one fresh object */
int tx_fresh_holds_slow(const void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr;

	for (int i = 0; i < fresh_n; i++)
		if (a >= fresh_v[i].lo && a < fresh_v[i].hi && size <= fresh_v[i].hi - a)
			return 1;
	return 0;
}

/* tx_fresh_clear -- the transaction ended */
void tx_fresh_clear(void)
{
	fresh_n = 0;
}
