/*
 * alloc_txn.c -- the allocator's side of transactions: logged bitmap stores
 * and the recount of the leaves they changed when the transaction ends.
 */

#include "alloc_txn.h"
#include "sanguo/wear.h"

/* txn_end -- the transaction ended: recount the leaves it changed */
void txn_end(void *arg)
{
	struct sg_alloc *a = arg;

	if (a->touched_overflow)
		fbst_build(a);
	else
		for (uint32_t i = 0; i < a->ntouched; i++)
			fbst_resync(a, a->touched[i]);
	a->ntouched = 0;
	a->touched_overflow = 0;
}

/* txn_touch -- remembers a changed leaf (by a block of it) for the recount
 * at the end */
void txn_touch(struct sg_alloc *a, uint32_t b, uint32_t leaf_lo)
{
	if (!a->txl.persistent)
		return;
	if (a->ntouched && a->touched[a->ntouched - 1] == leaf_lo)
		return;
	if (a->ntouched == FBST_TOUCHED_MAX)
		a->touched_overflow = 1;
	else
		a->touched[a->ntouched++] = leaf_lo;
}

/* txn_set_bits -- logged stores of a run of bits, cut at words and leaves */
int txn_set_bits(struct sg_alloc *a, uint32_t start, uint32_t len, int val)
{
	uint32_t b = start, end = start + len;

	while (b < end) {
		uint32_t lo, hi, w = b >> 6, bit = b & 63, n;
		uint64_t m, v;

		fbst_add(a, b, 0, &lo, &hi);
		n = end < hi ? end - b : hi - b;
		if (n > 64 - bit)
			n = 64 - bit;
		m = (n == 64 ? ~0ULL : ((1ULL << n) - 1)) << bit;
		v = val ? a->bitmap[w] | m : a->bitmap[w] & ~m;
		if (sg_write_u64(&a->bitmap[w], v) != 0)
			return -1;
		txn_touch(a, b, lo);
		fbst_add(a, b, val ? -(int32_t)n : (int32_t)n, NULL, NULL);
		b += n;
	}
	return 0;
}
