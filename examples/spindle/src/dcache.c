/*
 * dcache.c -- the DRAM block cache in front of every configuration: clean
 * copies of recently read or committed blocks, least recently used evicted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* dcache_init -- a cache of cap blocks (0: no cache) */
int dcache_init(struct dcache *c, uint64_t cap)
{
	memset(c, 0, sizeof *c);
	c->cap = (uint32_t)cap;
	if (!cap)
		return 0;
	c->data = malloc(cap * SPD_BLOCK);
	if (!c->data)
		return spd_err(ENOMEM, "out of memory for a DRAM cache of %llu blocks",
			(unsigned long long)cap);
	return nvix_init(&c->x, (uint32_t)cap, 0);
}

/* dcache_fini -- frees the cache */
void dcache_fini(struct dcache *c)
{
	if (c->cap)
		nvix_fini(&c->x);
	free(c->data);
	memset(c, 0, sizeof *c);
}

/* dcache_get -- copies blk into buf and returns 1 on a hit, 0 on a miss */
int dcache_get(struct dcache *c, uint64_t blk, void *buf)
{
	int e = c->cap ? nvix_find(&c->x, blk) : -1;

	if (e < 0)
		return 0;
	nvix_touch(&c->x, (uint32_t)e);
	memcpy(buf, c->data + (size_t)e * SPD_BLOCK, SPD_BLOCK);
	return 1;
}

/* dcache_put -- stores (or replaces) blk's content */
void dcache_put(struct dcache *c, uint64_t blk, const void *buf)
{
	int e;

	if (!c->cap)
		return;
	e = nvix_find(&c->x, blk);
	if (e >= 0) {
		nvix_touch(&c->x, (uint32_t)e);
	} else {
		e = nvix_alloc_entry(&c->x);
		if (e < 0) {
			nvix_remove(&c->x, c->x.lru_tail);
			e = nvix_alloc_entry(&c->x);
		}
		nvix_insert(&c->x, (uint32_t)e, blk);
	}
	memcpy(c->data + (size_t)e * SPD_BLOCK, buf, SPD_BLOCK);
}
