/*
 * alloc_find.c -- the policies as finders for a file system that marks the
 * bits itself: a run of free, usable blocks chosen by the walk (or first
 * fit), and the recount after the caller's own bitmap changes.
 */
#include <errno.h>

#include "bits.h"
#include "error.h"
#include "fbst.h"
#include "rng.h"

/* Random picks tried before a scan for a usable block: grants are few. */
#define FIND_TRIES 32

/* find_ok -- free in the bitmap and accepted by the caller */
static int find_ok(const struct sg_alloc *a, uint32_t b,
		int (*usable)(void *, uint32_t), void *ctx)
{
	return b < a->nblocks && !bits_get(a->bitmap, b) && (!usable || usable(ctx, b));
}

/* find_scan -- the first usable free block at or after from, wrapping */
static uint32_t find_scan(const struct sg_alloc *a, uint32_t from,
		int (*usable)(void *, uint32_t), void *ctx)
{
	for (uint32_t k = 0, b = from; k < a->nblocks - a->first_free; k++) {
		if (find_ok(a, b, usable, ctx))
			return b;
		if (++b == a->nblocks)
			b = a->first_free;
	}
	return UINT32_MAX;
}

/* sg_alloc_find -- the policy's run of up to want usable free blocks */
int sg_alloc_find(sg_alloc *a, uint32_t want, int (*usable)(void *ctx, uint32_t blk),
		void *ctx, uint32_t *start, uint32_t *len)
{
	uint32_t b = UINT32_MAX, e;
	int taken;

	if (!a || !want || !start || !len)
		return sg_err(EINVAL, "allocator: find of %u blocks", want);
	taken = txlock_hold(&a->txl);
	if (a->policy == SG_FIRST_FIT) {
		b = find_scan(a, a->first_free, usable, ctx);
	} else if (sg_alloc_free_count(a)) {
		for (int t = 0; t < FIND_TRIES && b == UINT32_MAX; t++) {
			uint32_t c = fbst_pick_block(a);

			if (c != UINT32_MAX && find_ok(a, c, usable, ctx))
				b = c;
		}
		if (b == UINT32_MAX)
			b = find_scan(a, a->first_free + rng_below(a->seed,
				a->nblocks - a->first_free), usable, ctx);
	}
	for (e = b; e != UINT32_MAX && e - b < want && find_ok(a, e, usable, ctx); e++)
		;
	txlock_drop(&a->txl, taken);
	if (b == UINT32_MAX)
		return sg_err(ENOSPC, "allocator: no usable free block (%u blocks)", a->nblocks);
	*start = b;
	*len = e - b;
	return 0;
}

/* sg_alloc_resync -- recounts the leaves of a range the caller changed */
int sg_alloc_resync(sg_alloc *a, uint32_t start, uint32_t len)
{
	int taken;

	if (!a || !len || start >= a->nblocks || len > a->nblocks - start)
		return sg_err(EINVAL, "allocator: resync of [%u, +%u) outside %u blocks", start,
			len, a ? a->nblocks : 0);
	taken = txlock_hold(&a->txl);
	for (uint32_t b = start; b < start + len;)
		b = fbst_resync(a, b);
	txlock_drop(&a->txl, taken);
	return 0;
}
