/*
 * fbst.c -- the Flexible Bitmap Segment Tree: counts rebuilt from the
 * bitmap, updated along a leaf's path, and descended by the random walk of
 * SanGuo's Algorithm 1 (or leftmost, for first fit).
 */
#include <errno.h>

#include "bits.h"
#include "error.h"
#include "fbst.h"
#include "rng.h"

/* fbst_leaf_free_now -- free blocks of a leaf, from the bitmap */
uint32_t fbst_leaf_free_now(const struct sg_alloc *a, uint32_t leaf)
{
	uint32_t from = fbst_leaf_first(leaf), to = from + SG_LEAF_BLOCKS;

	if (from < a->first_free)
		from = a->first_free < to ? a->first_free : to;
	return bits_free_in(a->bitmap, a->nblocks, from, to);
}

/* fbst_group_of -- the group whose leaf range holds leaf */
uint32_t fbst_group_of(const struct sg_alloc *a, uint32_t leaf)
{
	uint32_t g = (uint32_t)((uint64_t)leaf * a->ngroups / a->nleaves);

	while (g + 1 < a->ngroups && fbst_group_leaf(a, g + 1) <= leaf)
		g++;
	while (g > 0 && fbst_group_leaf(a, g) > leaf)
		g--;
	return g;
}

/* fbst_build_node -- counts of node i over leaves [lo, hi), recursively */
static uint32_t fbst_build_node(struct sg_alloc *a, uint32_t *t, uint32_t i,
		uint32_t lo, uint32_t hi)
{
	uint32_t mid = lo + (hi - lo) / 2;

	if (hi - lo == 1)
		return t[i] = fbst_leaf_free_now(a, lo);
	return t[i] = fbst_build_node(a, t, 2 * i, lo, mid) +
		fbst_build_node(a, t, 2 * i + 1, mid, hi);
}

/* fbst_build -- recounts every tree from the bitmap */
void fbst_build(struct sg_alloc *a)
{
	for (uint32_t g = 0; g < a->ngroups; g++)
		fbst_build_node(a, fbst_tree(a, g), 1, fbst_group_leaf(a, g),
			fbst_group_leaf(a, g + 1));
}

/* fbst_path -- walks from the root of leaf's group to leaf, adding delta to
 * every node on the way; returns the leaf's node */
static uint32_t *fbst_path(const struct sg_alloc *a, uint32_t leaf, int32_t delta)
{
	uint32_t g = fbst_group_of(a, leaf), i = 1;
	uint32_t lo = fbst_group_leaf(a, g), hi = fbst_group_leaf(a, g + 1);
	uint32_t *t = fbst_tree(a, g);

	for (;;) {
		uint32_t mid = lo + (hi - lo) / 2;

		t[i] = (uint32_t)((int32_t)t[i] + delta);
		if (hi - lo == 1)
			return &t[i];
		if (leaf < mid) {
			i = 2 * i;
			hi = mid;
		} else {
			i = 2 * i + 1;
			lo = mid;
		}
	}
}

/* fbst_add -- delta on the path from block b's leaf to its group's root */
void fbst_add(struct sg_alloc *a, uint32_t b, int32_t delta)
{
	fbst_path(a, b / SG_LEAF_BLOCKS, delta);
}

/* fbst_leaf_count -- the leaf's count in the tree */
uint32_t fbst_leaf_count(const struct sg_alloc *a, uint32_t leaf)
{
	return *fbst_path(a, leaf, 0);
}

/* fbst_resync_leaf -- a leaf's count from the bitmap (after a roll-back) */
void fbst_resync_leaf(struct sg_alloc *a, uint32_t leaf)
{
	uint32_t now = fbst_leaf_free_now(a, leaf), was = fbst_leaf_count(a, leaf);

	if (now != was)
		fbst_path(a, leaf, (int32_t)now - (int32_t)was);
}

/* fbst_check_node -- node i over [lo, hi) against the bitmap; -1 on a mismatch */
static int fbst_check_node(const struct sg_alloc *a, const uint32_t *t, uint32_t g,
		uint32_t i, uint32_t lo, uint32_t hi)
{
	uint32_t mid = lo + (hi - lo) / 2;

	if (hi - lo == 1) {
		uint32_t now = fbst_leaf_free_now(a, lo);

		return t[i] == now ? 0 : sg_err(EIO, "allocator: leaf %u (group %u) "
			"counts %u free, the bitmap has %u", lo, g, t[i], now);
	}
	if (fbst_check_node(a, t, g, 2 * i, lo, mid) ||
	    fbst_check_node(a, t, g, 2 * i + 1, mid, hi))
		return -1;
	if (t[i] != t[2 * i] + t[2 * i + 1])
		return sg_err(EIO, "allocator: node over leaves [%u, %u) counts %u, its "
			"halves %u", lo, hi, t[i], t[2 * i] + t[2 * i + 1]);
	return 0;
}

/* fbst_check_group -- group g's tree against the bitmap */
int fbst_check_group(const struct sg_alloc *a, uint32_t g)
{
	return fbst_check_node(a, fbst_tree(a, g), g, 1, fbst_group_leaf(a, g),
		fbst_group_leaf(a, g + 1));
}

/* fbst_go_right -- whether the policy descends into the right half; both
 * halves are known, at least one holds min free blocks */
static int fbst_go_right(struct sg_alloc *a, uint32_t l, uint32_t r, uint32_t min)
{
	if (l < min || r < min)
		return l < min;
	switch (a->policy) {
	case SG_FBST_WALK:	/* Algorithm 1: a coin flip, then the other side */
		return (int)(rng_next(a->seed) >> 63);
	case SG_FBST_WEIGHTED:	/* every free block equally likely */
		return rng_below(a->seed, l + r) >= l;
	default:
		return 0;
	}
}

/* fbst_pick_group -- Algorithm 1's group choice: a random start, then the
 * next group with enough free blocks (first fit: the lowest) */
static uint32_t fbst_pick_group(struct sg_alloc *a, uint32_t min)
{
	uint32_t g = a->policy == SG_FIRST_FIT ? 0 : rng_below(a->seed, a->ngroups);

	for (uint32_t k = 0; k < a->ngroups; k++) {
		if (fbst_tree(a, g)[1] >= min)
			return g;
		g = (g + 1) % a->ngroups;
	}
	return UINT32_MAX;
}

/* fbst_pick_leaf -- a leaf with at least min free blocks, by the policy */
uint32_t fbst_pick_leaf(struct sg_alloc *a, uint32_t min)
{
	uint32_t g, i = 1, lo, hi;
	const uint32_t *t;

	if (min == 0)
		min = 1;
	g = fbst_pick_group(a, min);
	if (g == UINT32_MAX)
		return UINT32_MAX;
	t = fbst_tree(a, g);
	lo = fbst_group_leaf(a, g);
	hi = fbst_group_leaf(a, g + 1);
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (fbst_go_right(a, t[2 * i], t[2 * i + 1], min)) {
			i = 2 * i + 1;
			lo = mid;
		} else {
			i = 2 * i;
			hi = mid;
		}
	}
	return lo;
}

/* fbst_pick_block -- one free block: a leaf by the policy, then a uniformly
 * random free bit of it (first fit: its lowest) */
uint32_t fbst_pick_block(struct sg_alloc *a)
{
	uint32_t leaf = fbst_pick_leaf(a, 1), from, free, k;

	if (leaf == UINT32_MAX)
		return UINT32_MAX;
	free = fbst_leaf_count(a, leaf);
	from = fbst_leaf_first(leaf);
	if (from < a->first_free)
		from = a->first_free;
	k = a->policy == SG_FIRST_FIT ? 0 : rng_below(a->seed, free);
	return bits_select_free(a->bitmap, from, fbst_leaf_first(leaf) + SG_LEAF_BLOCKS, k);
}
