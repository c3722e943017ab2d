/*
 * fbst.h -- the DRAM side of the allocator: one Flexible Bitmap Segment Tree
 * of free counts per allocation group over the persistent bitmap, its
 * rebuild, its updates and the three descents (coin-flip walk, weighted
 * walk, leftmost).
 *
 * The blocks are split into groups of equal size (within a block), and each
 * group's tree halves its block range at every level, as the paper's segment
 * tree does (node 1 the root, 2i and 2i+1 the children), down to leaves
 * ("atomic segments") of at most SG_LEAF_BLOCKS blocks. Why halve blocks and
 * not whole leaves: the coin flip of Algorithm 1 sends half of the
 * allocations to each side whatever their sizes, so sides of 1 and 2 leaves
 * made the single leaf twice as hot (measured: max/mean 1.84 on webproxy).
 * Reserved blocks and blocks past nblocks never count as free.
 */
#ifndef SANGUO_FBST_H
#define SANGUO_FBST_H

#include <stdint.h>

#include "sanguo/alloc.h"
#include "txlock.h"

#define FBST_TOUCHED_MAX 256u

struct sg_alloc {
	uint64_t *bitmap;         /* persistent (or DRAM) bitmap, 1 = allocated */
	uint32_t nblocks;
	uint32_t first_free;      /* blocks below are reserved */
	enum sg_policy policy;
	uint64_t seed;
	uint32_t ngroups;
	uint32_t tree_nodes;      /* array slots per group tree (4 * its leaves) */
	uint32_t *counts;         /* ngroups trees */
	struct txlock txl;        /* held from a change to its transaction's end */
	uint32_t ntouched;        /* blocks whose leaves changed in the holder's tx */
	int touched_overflow;
	uint32_t touched[FBST_TOUCHED_MAX];
};

/* fbst_tree -- the count array of group g */
static inline uint32_t *fbst_tree(const struct sg_alloc *a, uint32_t g)
{
	return a->counts + (size_t)g * a->tree_nodes;
}

/* fbst_group_first -- first block of group g (g == ngroups: nblocks) */
static inline uint32_t fbst_group_first(const struct sg_alloc *a, uint32_t g)
{
	return (uint32_t)((uint64_t)g * a->nblocks / a->ngroups);
}

/* fbst_group_free -- free blocks of group g */
static inline uint32_t fbst_group_free(const struct sg_alloc *a, uint32_t g)
{
	return fbst_tree(a, g)[1];
}

/* fbst_build -- recounts every tree from the bitmap */
void fbst_build(struct sg_alloc *a);
/* fbst_add -- adds delta to the leaf holding block b and to its ancestors
 * (delta 0: a look-up); returns the leaf's count and its range [*lo, *hi) */
uint32_t fbst_add(struct sg_alloc *a, uint32_t b, int32_t delta, uint32_t *lo,
		uint32_t *hi);
/* fbst_resync -- recounts the leaf holding block b from the bitmap, fixing
 * its ancestors; returns the leaf's end */
uint32_t fbst_resync(struct sg_alloc *a, uint32_t b);
/* fbst_check_group -- 0 when every count of group g's tree matches the
 * bitmap, else -1 with the first mismatch in sg_errormsg() */
int fbst_check_group(const struct sg_alloc *a, uint32_t g);
/* fbst_pick_leaf -- a leaf with at least min free blocks chosen by the
 * policy (random group and walk, or the lowest): 0 with its range, or -1 */
int fbst_pick_leaf(struct sg_alloc *a, uint32_t min, uint32_t *lo, uint32_t *hi);
/* fbst_pick_block -- one free block by the policy; UINT32_MAX when none */
uint32_t fbst_pick_block(struct sg_alloc *a);

#endif /* SANGUO_FBST_H */
