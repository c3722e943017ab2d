/*
 * nvix.c -- a DRAM index over a cache's entries: hash from disk block to
 * entry, LRU order, free entries and free cache blocks. The NVM caches
 * rebuild it from their persistent entries at open; the DRAM block cache
 * uses it as its whole bookkeeping.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define NIL SPD_NONE32

/* nvix_bucket -- hash bucket of a disk block */
static uint32_t nvix_bucket(const struct nvix *x, uint64_t disk)
{
	return (uint32_t)((disk * 0x9e3779b97f4a7c15ull) >> 40) & (x->nbuckets - 1);
}

/* nvix_init -- allocates an empty index of nentries entries and nblocks blocks */
int nvix_init(struct nvix *x, uint32_t nentries, uint32_t nblocks)
{
	memset(x, 0, sizeof *x);
	x->nentries = nentries;
	x->nblocks = nblocks;
	x->nbuckets = 16;
	while (x->nbuckets < 2 * nentries)
		x->nbuckets *= 2;
	x->disk = calloc(nentries, sizeof *x->disk);
	x->bucket = malloc(x->nbuckets * sizeof *x->bucket);
	x->chain = malloc(nentries * sizeof(uint32_t));
	x->prev = malloc(nentries * sizeof(uint32_t));
	x->next = malloc(nentries * sizeof(uint32_t));
	x->free_entries = malloc(nentries * sizeof(uint32_t));
	x->free_blocks = malloc((nblocks + 1) * sizeof(uint32_t));
	x->counter = calloc(nentries, sizeof(uint32_t));
	x->pinned = calloc(nentries, 1);
	x->dirty = calloc(nentries, 1);
	x->block_used = calloc(nblocks + 1, 1);
	if (!x->disk || !x->bucket || !x->chain || !x->prev || !x->next ||
	    !x->free_entries || !x->free_blocks || !x->counter || !x->pinned ||
	    !x->dirty || !x->block_used) {
		nvix_fini(x);
		return spd_err(ENOMEM, "out of memory for a cache index of %u entries", nentries);
	}
	nvix_reset(x);
	nvix_finish_rebuild(x);
	return 0;
}

/* nvix_fini -- frees the index */
void nvix_fini(struct nvix *x)
{
	free(x->disk); free(x->bucket); free(x->chain); free(x->prev);
	free(x->next); free(x->free_entries); free(x->free_blocks);
	free(x->counter); free(x->pinned); free(x->dirty); free(x->block_used);
	memset(x, 0, sizeof *x);
}

/* nvix_reset -- empties the index before a rebuild (no free lists yet) */
void nvix_reset(struct nvix *x)
{
	memset(x->disk, 0, x->nentries * sizeof *x->disk);
	memset(x->bucket, 0xff, x->nbuckets * sizeof *x->bucket);
	memset(x->block_used, 0, x->nblocks);
	memset(x->counter, 0, x->nentries * sizeof(uint32_t));
	memset(x->pinned, 0, x->nentries);
	memset(x->dirty, 0, x->nentries);
	x->lru_head = x->lru_tail = NIL;
	x->nfree_entries = x->nfree_blocks = 0;
}

/* nvix_find -- entry caching disk, or -1 */
int nvix_find(const struct nvix *x, uint64_t disk)
{
	for (uint32_t e = x->bucket[nvix_bucket(x, disk)]; e != NIL; e = x->chain[e])
		if (x->disk[e] == disk + 1)
			return (int)e;
	return -1;
}

/* nvix_insert -- indexes entry e as caching disk, most recently used;
 * -1 (EUCLEAN) when disk is indexed already */
int nvix_insert(struct nvix *x, uint32_t e, uint64_t disk)
{
	uint32_t b = nvix_bucket(x, disk);
	int other = nvix_find(x, disk);

	if (other >= 0)
		return spd_err(EUCLEAN, "cache entries %d and %u both hold disk block %llu",
			other, e, (unsigned long long)disk);
	x->disk[e] = disk + 1;
	x->chain[e] = x->bucket[b];
	x->bucket[b] = e;
	x->prev[e] = NIL;
	x->next[e] = x->lru_head;
	if (x->lru_head != NIL)
		x->prev[x->lru_head] = e;
	x->lru_head = e;
	if (x->lru_tail == NIL)
		x->lru_tail = e;
	return 0;
}

/* nvix_unlink -- takes e out of the LRU list */
static void nvix_unlink(struct nvix *x, uint32_t e)
{
	if (x->prev[e] != NIL) x->next[x->prev[e]] = x->next[e];
	else x->lru_head = x->next[e];
	if (x->next[e] != NIL) x->prev[x->next[e]] = x->prev[e];
	else x->lru_tail = x->prev[e];
}

/* nvix_remove -- unindexes entry e and frees it */
void nvix_remove(struct nvix *x, uint32_t e)
{
	uint32_t *p = &x->bucket[nvix_bucket(x, x->disk[e] - 1)];

	while (*p != e)
		p = &x->chain[*p];
	*p = x->chain[e];
	nvix_unlink(x, e);
	x->disk[e] = 0;
	x->counter[e] = 0;
	x->pinned[e] = x->dirty[e] = 0;
	x->free_entries[x->nfree_entries++] = e;
}

/* nvix_touch -- makes e the most recently used and counts the access */
void nvix_touch(struct nvix *x, uint32_t e)
{
	x->counter[e]++;
	if (x->lru_head == e)
		return;
	nvix_unlink(x, e);
	x->prev[e] = NIL;
	x->next[e] = x->lru_head;
	x->prev[x->lru_head] = e;
	x->lru_head = e;
}

/* nvix_take_block -- marks cache block b used at rebuild; -1 when it already is */
int nvix_take_block(struct nvix *x, uint32_t b)
{
	if (b >= x->nblocks)
		return spd_err(EUCLEAN, "cache block %u is outside the cache (%u blocks)",
			b, x->nblocks);
	if (x->block_used[b])
		return spd_err(EUCLEAN, "cache block %u is held by two entries", b);
	x->block_used[b] = 1;
	return 0;
}

/* nvix_finish_rebuild -- free lists from what the rebuild left unused */
void nvix_finish_rebuild(struct nvix *x)
{
	x->nfree_entries = x->nfree_blocks = 0;
	for (uint32_t e = x->nentries; e-- > 0;)
		if (!x->disk[e])
			x->free_entries[x->nfree_entries++] = e;
	for (uint32_t b = x->nblocks; b-- > 0;)
		if (!x->block_used[b])
			x->free_blocks[x->nfree_blocks++] = b;
}

/* nvix_alloc_entry -- a free entry, or -1 */
int nvix_alloc_entry(struct nvix *x)
{
	return x->nfree_entries ? (int)x->free_entries[--x->nfree_entries] : -1;
}

/* nvix_alloc_block -- a free cache block, or -1 */
int nvix_alloc_block(struct nvix *x)
{
	uint32_t b;

	if (!x->nfree_blocks)
		return -1;
	b = x->free_blocks[--x->nfree_blocks];
	x->block_used[b] = 1;
	return (int)b;
}

/* nvix_free_block -- returns cache block b */
void nvix_free_block(struct nvix *x, uint32_t b)
{
	x->block_used[b] = 0;
	x->free_blocks[x->nfree_blocks++] = b;
}

/* nvix_lru_victim -- least recently used unpinned entry older than 'after'
 * (-1: from the tail), or -1 */
int nvix_lru_victim(const struct nvix *x, int after)
{
	uint32_t e = after < 0 ? x->lru_tail : x->prev[after];

	for (; e != NIL; e = x->prev[e])
		if (!x->pinned[e])
			return (int)e;
	return -1;
}

/* nvix_min_counter_victim -- unpinned entry with the fewest accesses, or -1 */
int nvix_min_counter_victim(const struct nvix *x)
{
	int best = -1;

	for (uint32_t e = 0; e < x->nentries; e++)
		if (x->disk[e] && !x->pinned[e] &&
		    (best < 0 || x->counter[e] < x->counter[best]))
			best = (int)e;
	return best;
}
