/*
 * fbst.h -- the DRAM side of the allocator: one Flexible Bitmap Segment Tree
 * of free counts per allocation group over the persistent bitmap, its
 * rebuild, its updates and the three descents (coin-flip walk, weighted
 * walk, leftmost).
 *
 * The bitmap's leaves (SG_LEAF_BLOCKS bits each) are split into groups of
 * equal size (within one leaf), and each group's tree halves its leaf range
 * at every level as the paper's segment tree does (node 1 the root, 2i and
 * 2i+1 the children), so a coin flip at a node chooses between halves of
 * equal size. Reserved blocks and blocks past nblocks never count as free.
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
	uint32_t nleaves;         /* leaves of the whole bitmap */
	uint32_t ngroups;
	uint32_t tree_nodes;      /* array slots per group tree (4 * its leaves) */
	uint32_t *counts;         /* ngroups trees */
	struct txlock txl;        /* held from a change to its transaction's end */
	uint32_t ntouched;        /* leaves changed in the holder's transaction */
	int touched_overflow;
	uint32_t touched[FBST_TOUCHED_MAX];
};

/* fbst_tree -- the count array of group g */
static inline uint32_t *fbst_tree(const struct sg_alloc *a, uint32_t g)
{
	return a->counts + (size_t)g * a->tree_nodes;
}

/* fbst_group_leaf -- first leaf of group g (g == ngroups: nleaves) */
static inline uint32_t fbst_group_leaf(const struct sg_alloc *a, uint32_t g)
{
	return (uint32_t)((uint64_t)g * a->nleaves / a->ngroups);
}

/* fbst_leaf_first -- first block of leaf number leaf */
static inline uint32_t fbst_leaf_first(uint32_t leaf)
{
	return leaf * SG_LEAF_BLOCKS;
}

/* fbst_group_of -- the group holding leaf */
uint32_t fbst_group_of(const struct sg_alloc *a, uint32_t leaf);
/* fbst_leaf_count -- the tree's free count of a leaf */
uint32_t fbst_leaf_count(const struct sg_alloc *a, uint32_t leaf);
/* fbst_check_group -- 0 when every count of group g's tree matches the
 * bitmap, else -1 with the first mismatch in sg_errormsg() */
int fbst_check_group(const struct sg_alloc *a, uint32_t g);
/* fbst_leaf_free_now -- free blocks of a leaf counted from the bitmap */
uint32_t fbst_leaf_free_now(const struct sg_alloc *a, uint32_t leaf);
/* fbst_build -- recounts every tree from the bitmap */
void fbst_build(struct sg_alloc *a);
/* fbst_add -- adds delta to the leaf holding block b and to its ancestors */
void fbst_add(struct sg_alloc *a, uint32_t b, int32_t delta);
/* fbst_resync_leaf -- sets a leaf's count from the bitmap, fixing ancestors */
void fbst_resync_leaf(struct sg_alloc *a, uint32_t leaf);
/* fbst_group_free -- free blocks of group g */
static inline uint32_t fbst_group_free(const struct sg_alloc *a, uint32_t g)
{
	return fbst_tree(a, g)[1];
}
/* fbst_pick_leaf -- a leaf with at least min free blocks chosen by the
 * policy (random group and walk, or the lowest); UINT32_MAX when none */
uint32_t fbst_pick_leaf(struct sg_alloc *a, uint32_t min);
/* fbst_pick_block -- one free block by the policy; UINT32_MAX when none */
uint32_t fbst_pick_block(struct sg_alloc *a);

#endif /* SANGUO_FBST_H */
