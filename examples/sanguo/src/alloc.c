/*
 * alloc.c -- the allocator's public calls: open over a bitmap, allocate n
 * blocks (one at a time by the policy, or one contiguous run), free.
 */
#include <errno.h>
#include <stdlib.h>

#include <pmem_shim.h>

#include "alloc_txn.h"
#include "bits.h"
#include "error.h"
#include "fbst.h"
#include "rng.h"

#define ALLOC_DEFAULT_GROUP 32768u

/* sg_alloc_open -- DRAM tree over an existing bitmap */
sg_alloc *sg_alloc_open(uint64_t *bitmap, uint32_t nblocks, uint32_t first_free,
		const struct sg_alloc_opts *opts)
{
	struct sg_alloc *a;
	uint32_t gb = opts && opts->group_blocks ? opts->group_blocks : ALLOC_DEFAULT_GROUP;
	enum sg_policy p = opts ? opts->policy : SG_FBST_WALK;

	if (!bitmap || ((uintptr_t)bitmap & 7) || !nblocks || first_free >= nblocks ||
	    nblocks > UINT32_MAX / 2) {
		sg_err(EINVAL, "allocator: bad bitmap at %p (%u blocks, first free %u)",
			(void *)bitmap, nblocks, first_free);
		return NULL;
	}
	if (sg_policy_name(p)[0] == '?') {
		sg_err(EINVAL, "allocator: unknown policy %d", (int)p);
		return NULL;
	}
	if (gb < SG_LEAF_BLOCKS) {
		sg_err(EINVAL, "allocator: groups of %u blocks are smaller than a leaf (%u)",
			gb, SG_LEAF_BLOCKS);
		return NULL;
	}
	a = calloc(1, sizeof *a);
	if (!a) {
		sg_err(ENOMEM, "allocator: out of memory");
		return NULL;
	}
	a->bitmap = bitmap;
	a->nblocks = nblocks;
	a->first_free = first_free;
	a->policy = p;
	a->seed = opts ? opts->seed : 0;
	/* Groups of equal size (within a block), about gb blocks each; a tree
	 * over B blocks has under 2B/SG_LEAF_BLOCKS + 1 leaves. */
	a->ngroups = (uint32_t)(((uint64_t)nblocks + gb - 1) / gb);
	a->tree_nodes = 4 * (2 * ((nblocks + a->ngroups - 1) / a->ngroups) / SG_LEAF_BLOCKS + 2);
	a->counts = calloc((size_t)a->ngroups * a->tree_nodes, sizeof *a->counts);
	if (!a->counts) {
		sg_err(ENOMEM, "allocator: out of memory for %u groups", a->ngroups);
		free(a);
		return NULL;
	}
	txlock_init(&a->txl, pms_is_persistent(bitmap), txn_end, a);
	fbst_build(a);
	return a;
}

/* sg_alloc_close -- frees the DRAM side */
void sg_alloc_close(sg_alloc *a)
{
	if (!a)
		return;
	pthread_mutex_destroy(&a->txl.m);
	free(a->counts);
	free(a);
}

/* sg_alloc_rebuild -- recounts from the bitmap */
void sg_alloc_rebuild(sg_alloc *a)
{
	int taken = txlock_hold(&a->txl);

	fbst_build(a);
	txlock_drop(&a->txl, taken);
}

/* alloc_contig_start -- start of a free run of n: from a leaf the policy
 * picks (first fit: block first_free), the first run at or after a random
 * place in it, wrapping around; UINT32_MAX when there is none */
static uint32_t alloc_contig_start(struct sg_alloc *a, uint32_t n)
{
	uint32_t from = a->first_free, s;

	if (a->policy != SG_FIRST_FIT) {
		uint32_t lo, hi;

		if (fbst_pick_leaf(a, n < SG_LEAF_BLOCKS ? n : 1, &lo, &hi) != 0 &&
		    fbst_pick_leaf(a, 1, &lo, &hi) != 0)
			return UINT32_MAX;
		from = lo + rng_below(a->seed, hi - lo);
		if (from < a->first_free)
			from = a->first_free;
	}
	s = bits_find_run(a->bitmap, from, a->nblocks, n);
	if (s == UINT32_MAX && from > a->first_free) {
		uint32_t to = from + n - 1 < a->nblocks ? from + n - 1 : a->nblocks;

		s = bits_find_run(a->bitmap, a->first_free, to, n);
	}
	return s;
}

/* alloc_one_by_one -- n blocks by the policy, merged into extents */
static int alloc_one_by_one(struct sg_alloc *a, uint32_t n, struct sg_extent *out,
		uint32_t max_out)
{
	uint32_t nout = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = fbst_pick_block(a);

		if (b == UINT32_MAX)
			return sg_err(EIO, "allocator: tree says free but no free bit found");
		if (nout && out[nout - 1].start + out[nout - 1].len == b) {
			out[nout - 1].len++;
		} else if (nout == max_out) {
			for (uint32_t k = 0; k < nout; k++)
				txn_set_bits(a, out[k].start, out[k].len, 0);
			return sg_err(ENOSPC, "allocator: %u blocks need more than %u extents",
				n, max_out);
		} else {
			out[nout].start = b;
			out[nout++].len = 1;
		}
		if (txn_set_bits(a, b, 1, 1) != 0)
			return -1;
	}
	return (int)nout;
}

/* sg_alloc -- n blocks as extents */
int sg_alloc_blocks(sg_alloc *a, uint32_t n, unsigned flags, struct sg_extent *out,
		uint32_t max_out)
{
	int ret;

	if (!a || !n || !out || !max_out)
		return sg_err(EINVAL, "allocator: allocation of %u blocks into %u extents", n,
			max_out);
	if (txlock_enter(&a->txl) != 0)
		return -1;
	if (sg_alloc_free_count(a) < n) {
		sg_err(ENOSPC, "allocator: %u blocks wanted, %llu free", n,
			(unsigned long long)sg_alloc_free_count(a));
		return txlock_leave(&a->txl, 1, -1);
	}
	if (flags & SG_CONTIG) {
		uint32_t s = alloc_contig_start(a, n);

		if (s == UINT32_MAX) {
			sg_err(ENOSPC, "allocator: no run of %u free blocks", n);
			return txlock_leave(&a->txl, 1, -1);
		}
		out[0].start = s;
		out[0].len = n;
		ret = txn_set_bits(a, s, n, 1) == 0 ? 1 : -1;
		return txlock_leave(&a->txl, ret == 1, ret);
	}
	ret = alloc_one_by_one(a, n, out, max_out);
	if (ret < 0 && errno == ENOSPC)
		return txlock_leave(&a->txl, 1, -1);   /* rolled back by hand: nothing to undo */
	return txlock_leave(&a->txl, ret >= 0, ret);
}

/* sg_free -- clears a run of allocated bits */
int sg_free_blocks(sg_alloc *a, uint32_t start, uint32_t len)
{
	int ret;

	if (!a || !len || start < a->first_free || start >= a->nblocks ||
	    len > a->nblocks - start)
		return sg_err(EINVAL, "allocator: free of [%u, +%u) outside [%u, %u)", start,
			len, a ? a->first_free : 0, a ? a->nblocks : 0);
	if (txlock_enter(&a->txl) != 0)
		return -1;
	if (!bits_all_set(a->bitmap, start, len)) {
		sg_err(EINVAL, "allocator: free of [%u, +%u): a block is already free",
			start, len);
		return txlock_leave(&a->txl, 1, -1);
	}
	ret = txn_set_bits(a, start, len, 0);
	return txlock_leave(&a->txl, ret == 0, ret);
}
