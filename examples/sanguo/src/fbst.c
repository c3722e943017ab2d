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

/* fbst_free_now -- free blocks of [lo, hi) from the bitmap */
static uint32_t fbst_free_now(const struct sg_alloc *a, uint32_t lo, uint32_t hi)
{
	if (lo < a->first_free)
		lo = a->first_free < hi ? a->first_free : hi;
	return bits_free_in(a->bitmap, a->nblocks, lo, hi);
}

/* fbst_group_of -- the group whose block range holds b */
static uint32_t fbst_group_of(const struct sg_alloc *a, uint32_t b)
{
	uint32_t g = (uint32_t)((uint64_t)b * a->ngroups / a->nblocks);

	while (g + 1 < a->ngroups && fbst_group_first(a, g + 1) <= b)
		g++;
	while (g > 0 && fbst_group_first(a, g) > b)
		g--;
	return g;
}

/* fbst_build_node -- counts of node i over blocks [lo, hi), recursively */
static uint32_t fbst_build_node(struct sg_alloc *a, uint32_t *t, uint32_t i,
		uint32_t lo, uint32_t hi)
{
	uint32_t mid = lo + (hi - lo) / 2;

	if (hi - lo <= SG_LEAF_BLOCKS)
		return t[i] = fbst_free_now(a, lo, hi);
	return t[i] = fbst_build_node(a, t, 2 * i, lo, mid) +
		fbst_build_node(a, t, 2 * i + 1, mid, hi);
}

/* fbst_build -- recounts every tree from the bitmap */
void fbst_build(struct sg_alloc *a)
{
	for (uint32_t g = 0; g < a->ngroups; g++)
		fbst_build_node(a, fbst_tree(a, g), 1, fbst_group_first(a, g),
			fbst_group_first(a, g + 1));
}

/* fbst_add -- delta on the path from the root of b's group to b's leaf */
uint32_t fbst_add(struct sg_alloc *a, uint32_t b, int32_t delta, uint32_t *lo,
		uint32_t *hi)
{
	uint32_t g = fbst_group_of(a, b), i = 1;
	uint32_t l = fbst_group_first(a, g), h = fbst_group_first(a, g + 1);
	uint32_t *t = fbst_tree(a, g);

	for (;;) {
		uint32_t mid = l + (h - l) / 2;

		t[i] = (uint32_t)((int32_t)t[i] + delta);
		if (h - l <= SG_LEAF_BLOCKS)
			break;
		if (b < mid) {
			i = 2 * i;
			h = mid;
		} else {
			i = 2 * i + 1;
			l = mid;
		}
	}
	if (lo)
		*lo = l;
	if (hi)
		*hi = h;
	return t[i];
}

/* fbst_resync -- the leaf of block b recounted from the bitmap */
uint32_t fbst_resync(struct sg_alloc *a, uint32_t b)
{
	uint32_t lo, hi, was = fbst_add(a, b, 0, &lo, &hi), now = fbst_free_now(a, lo, hi);

	if (now != was)
		fbst_add(a, b, (int32_t)now - (int32_t)was, NULL, NULL);
	return hi;
}

/* fbst_check_node -- node i over [lo, hi) against the bitmap; -1 on a mismatch */
static int fbst_check_node(const struct sg_alloc *a, const uint32_t *t, uint32_t i,
		uint32_t lo, uint32_t hi)
{
	uint32_t mid = lo + (hi - lo) / 2;

	if (hi - lo <= SG_LEAF_BLOCKS) {
		uint32_t now = fbst_free_now(a, lo, hi);

		return t[i] == now ? 0 : sg_err(EIO, "allocator: leaf [%u, %u) counts %u "
			"free, the bitmap has %u", lo, hi, t[i], now);
	}
	if (fbst_check_node(a, t, 2 * i, lo, mid) || fbst_check_node(a, t, 2 * i + 1, mid, hi))
		return -1;
	if (t[i] != t[2 * i] + t[2 * i + 1])
		return sg_err(EIO, "allocator: node over [%u, %u) counts %u, its halves %u",
			lo, hi, t[i], t[2 * i] + t[2 * i + 1]);
	return 0;
}

/* fbst_check_group -- group g's tree against the bitmap */
int fbst_check_group(const struct sg_alloc *a, uint32_t g)
{
	return fbst_check_node(a, fbst_tree(a, g), 1, fbst_group_first(a, g),
		fbst_group_first(a, g + 1));
}

/* fbst_go_right -- whether the policy descends into the right half; at
 * least one half holds min free blocks */
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
		if (fbst_group_free(a, g) >= min)
			return g;
		g = (g + 1) % a->ngroups;
	}
	return UINT32_MAX;
}

/* fbst_pick_leaf -- a leaf with at least min free blocks, by the policy */
int fbst_pick_leaf(struct sg_alloc *a, uint32_t min, uint32_t *lo, uint32_t *hi)
{
	uint32_t g, i = 1, l, h;
	const uint32_t *t;

	if (min == 0)
		min = 1;
	g = fbst_pick_group(a, min);
	if (g == UINT32_MAX)
		return -1;
	t = fbst_tree(a, g);
	l = fbst_group_first(a, g);
	h = fbst_group_first(a, g + 1);
	while (h - l > SG_LEAF_BLOCKS) {
		uint32_t mid = l + (h - l) / 2;

		if (fbst_go_right(a, t[2 * i], t[2 * i + 1], min)) {
			i = 2 * i + 1;
			l = mid;
		} else {
			i = 2 * i;
			h = mid;
		}
	}
	*lo = l;
	*hi = h;
	return 0;
}

/* fbst_pick_block -- one free block: a leaf by the policy, then a uniformly
 * random free bit of it (first fit: its lowest) */
uint32_t fbst_pick_block(struct sg_alloc *a)
{
	uint32_t lo, hi, free, k;

	if (fbst_pick_leaf(a, 1, &lo, &hi) != 0)
		return UINT32_MAX;
	free = fbst_add(a, lo, 0, NULL, NULL);
	if (lo < a->first_free)
		lo = a->first_free;
	k = a->policy == SG_FIRST_FIT ? 0 : rng_below(a->seed, free);
	return bits_select_free(a->bitmap, lo, hi, k);
}
