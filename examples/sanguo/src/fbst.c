/*
 * fbst.c -- the Flexible Bitmap Segment Tree: counts rebuilt from the
 * bitmap, updated along a leaf's path, and descended by the random walk of
 * SanGuo's Algorithm 1 (or leftmost, for first fit).
 */
#include "bits.h"
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

/* fbst_build -- recounts every tree from the bitmap, leaves up */
void fbst_build(struct sg_alloc *a)
{
	for (uint32_t g = 0; g < a->ngroups; g++) {
		uint32_t *t = fbst_tree(a, g);

		for (uint32_t i = 0; i < a->leaves; i++)
			t[a->leaves + i] = fbst_leaf_free_now(a, g * a->leaves + i);
		for (uint32_t i = a->leaves - 1; i >= 1; i--)
			t[i] = t[2 * i] + t[2 * i + 1];
	}
}

/* fbst_add -- delta on the path from block b's leaf to its group's root */
void fbst_add(struct sg_alloc *a, uint32_t b, int32_t delta)
{
	uint32_t leaf = b / SG_LEAF_BLOCKS;
	uint32_t *t = fbst_tree(a, leaf / a->leaves);

	for (uint32_t i = a->leaves + leaf % a->leaves; i >= 1; i /= 2)
		t[i] = (uint32_t)((int32_t)t[i] + delta);
}

/* fbst_resync_leaf -- a leaf's count from the bitmap (after a roll-back) */
void fbst_resync_leaf(struct sg_alloc *a, uint32_t leaf)
{
	uint32_t *t = fbst_tree(a, leaf / a->leaves);
	uint32_t now = fbst_leaf_free_now(a, leaf);
	uint32_t was = t[a->leaves + leaf % a->leaves];

	if (now != was)
		fbst_add(a, fbst_leaf_first(leaf), (int32_t)now - (int32_t)was);
}

/* fbst_child -- which child of node i the policy descends into; both
 * children hold at least min free blocks in the chosen one */
static uint32_t fbst_child(struct sg_alloc *a, const uint32_t *t, uint32_t i,
		uint32_t min)
{
	uint32_t l = 2 * i, r = l + 1;
	int lok = t[l] >= min, rok = t[r] >= min;

	if (!lok || !rok)
		return lok ? l : r;
	switch (a->policy) {
	case SG_FBST_WALK:	/* Algorithm 1: a coin flip, then the other side */
		return (rng_next(a->seed) >> 63) ? r : l;
	case SG_FBST_WEIGHTED:	/* every free block equally likely */
		return rng_below(a->seed, t[l] + t[r]) < t[l] ? l : r;
	default:
		return l;
	}
}

/* fbst_pick_group -- Algorithm 1's group choice: a random start, then the
 * next group with enough free blocks (first fit: the lowest) */
static uint32_t fbst_pick_group(struct sg_alloc *a, uint32_t min)
{
	uint32_t g = a->policy == SG_FIRST_FIT ? 0 : rng_below(a->seed, a->ngroups);

	for (uint32_t k = 0; k < a->ngroups; k++) {
		if (fbst_group_free(a, g) >= min)
			return g;
		g = (g + 1) % a->ngroups;
	}
	return UINT32_MAX;
}

/* fbst_pick_leaf -- a leaf with at least min free blocks, by the policy */
uint32_t fbst_pick_leaf(struct sg_alloc *a, uint32_t min)
{
	uint32_t g, i = 1;
	const uint32_t *t;

	if (min == 0)
		min = 1;
	g = fbst_pick_group(a, min);
	if (g == UINT32_MAX)
		return UINT32_MAX;
	t = fbst_tree(a, g);
	while (i < a->leaves)
		i = fbst_child(a, t, i, min);
	return g * a->leaves + (i - a->leaves);
}

/* fbst_pick_block -- one free block: a leaf by the policy, then a uniformly
 * random free bit of it (first fit: its lowest) */
uint32_t fbst_pick_block(struct sg_alloc *a)
{
	uint32_t leaf = fbst_pick_leaf(a, 1), from, free, k;
	const uint32_t *t;

	if (leaf == UINT32_MAX)
		return UINT32_MAX;
	t = fbst_tree(a, leaf / a->leaves);
	free = t[a->leaves + leaf % a->leaves];
	from = fbst_leaf_first(leaf);
	if (from < a->first_free)
		from = a->first_free;
	k = a->policy == SG_FIRST_FIT ? 0 : rng_below(a->seed, free);
	return bits_select_free(a->bitmap, from, fbst_leaf_first(leaf) + SG_LEAF_BLOCKS, k);
}
