/*
 * bits.h -- the bitmap operations the allocator needs: counting, selecting
 * the k-th free bit and finding runs of free bits (1 = allocated).
 */
#ifndef SANGUO_BITS_H
#define SANGUO_BITS_H

#include <stdint.h>

/* bits_free_in -- free (0) bits of [from, to), blocks >= nblocks count as used */
uint32_t bits_free_in(const uint64_t *bm, uint32_t nblocks, uint32_t from, uint32_t to);
/* bits_select_free -- the k-th (0-based) free bit at or above from; the
 * caller knows there are more than k before to. */
uint32_t bits_select_free(const uint64_t *bm, uint32_t from, uint32_t to, uint32_t k);
/* bits_first_free -- lowest free bit of [from, to), or UINT32_MAX */
uint32_t bits_first_free(const uint64_t *bm, uint32_t from, uint32_t to);
/* bits_find_run -- lowest start of n free bits inside [from, to), or UINT32_MAX */
uint32_t bits_find_run(const uint64_t *bm, uint32_t from, uint32_t to, uint32_t n);
/* bits_all_set -- 1 when every bit of [start, start+len) is 1 */
int bits_all_set(const uint64_t *bm, uint32_t start, uint32_t len);

/* bits_get -- bit b */
static inline int bits_get(const uint64_t *bm, uint32_t b)
{
	return (int)((bm[b >> 6] >> (b & 63)) & 1);
}

#endif /* SANGUO_BITS_H */
