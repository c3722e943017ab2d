/*
 * bits.c -- counting, selection and run search over an allocation bitmap.
 */
#include "bits.h"

/* bits_mask -- the bits of word w that lie in [from, to) */
static uint64_t bits_mask(uint32_t w, uint32_t from, uint32_t to)
{
	uint32_t lo = w * 64, hi = lo + 64;
	uint64_t m = ~0ULL;

	if (from > lo)
		m &= ~0ULL << (from - lo);
	if (to < hi)
		m &= (to - lo) ? ~0ULL >> (64 - (to - lo)) : 0;
	return m;
}

/* bits_free_in -- free bits of [from, to) below nblocks */
uint32_t bits_free_in(const uint64_t *bm, uint32_t nblocks, uint32_t from, uint32_t to)
{
	uint32_t n = 0;

	if (to > nblocks)
		to = nblocks;
	if (from >= to)
		return 0;
	for (uint32_t w = from >> 6; w <= (to - 1) >> 6; w++)
		n += (uint32_t)__builtin_popcountll(~bm[w] & bits_mask(w, from, to));
	return n;
}

/* bits_select_free -- the k-th free bit of [from, to) */
uint32_t bits_select_free(const uint64_t *bm, uint32_t from, uint32_t to, uint32_t k)
{
	for (uint32_t w = from >> 6; w <= (to - 1) >> 6; w++) {
		uint64_t z = ~bm[w] & bits_mask(w, from, to);
		uint32_t c = (uint32_t)__builtin_popcountll(z);

		if (k >= c) {
			k -= c;
			continue;
		}
		while (k--)
			z &= z - 1;   /* drop the lowest free bit k times */
		return w * 64 + (uint32_t)__builtin_ctzll(z);
	}
	return UINT32_MAX;
}

/* bits_first_free -- lowest free bit of [from, to) */
uint32_t bits_first_free(const uint64_t *bm, uint32_t from, uint32_t to)
{
	if (from >= to)
		return UINT32_MAX;
	for (uint32_t w = from >> 6; w <= (to - 1) >> 6; w++) {
		uint64_t z = ~bm[w] & bits_mask(w, from, to);

		if (z)
			return w * 64 + (uint32_t)__builtin_ctzll(z);
	}
	return UINT32_MAX;
}

/* bits_find_run -- lowest run of n free bits inside [from, to) */
uint32_t bits_find_run(const uint64_t *bm, uint32_t from, uint32_t to, uint32_t n)
{
	uint32_t run = 0, start = from, b = from;

	while (b < to) {
		uint64_t word = bm[b >> 6];

		if ((b & 63) == 0 && to - b >= 64 && (word == ~0ULL || word == 0)) {
			if (word) {
				run = 0;
			} else {
				if (!run)
					start = b;
				run += 64;
				if (run >= n)
					return start;
			}
			b += 64;
			continue;
		}
		if ((word >> (b & 63)) & 1) {
			run = 0;
		} else {
			if (!run)
				start = b;
			if (++run >= n)
				return start;
		}
		b++;
	}
	return UINT32_MAX;
}

/* bits_all_set -- every bit of [start, start+len) is 1 */
int bits_all_set(const uint64_t *bm, uint32_t start, uint32_t len)
{
	uint32_t to = start + len;

	if (!len)
		return 1;
	for (uint32_t w = start >> 6; w <= (to - 1) >> 6; w++) {
		uint64_t m = bits_mask(w, start, to);

		if ((bm[w] & m) != m)
			return 0;
	}
	return 1;
}
