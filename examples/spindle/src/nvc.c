/*
 * nvc.c -- the NVM block cache both NVM configurations build on: rebuilding
 * the DRAM index from the persistent entries, eviction with write-back to
 * the home blocks, clean fills, and the consistency check.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvc.h"

#define EVICT_BATCH 32

/* nvc_init -- an index over nentries entries and nblocks blocks in NVM */
int nvc_init(struct nvc *c, const char *name, void *entries, size_t esize,
		uint32_t nentries, void *blocks, uint32_t nblocks, int by_counter)
{
	c->name = name;
	c->entries = entries;
	c->blocks = blocks;
	c->esize = esize;
	c->by_counter = by_counter;
	c->bounce = dev_alloc_buf(1);
	if (!c->bounce)
		return spd_err(ENOMEM, "out of memory");
	if (nvix_init(&c->x, nentries, nblocks)) {
		free(c->bounce);
		return -1;
	}
	return 0;
}

/* nvc_fini -- frees the index */
void nvc_fini(struct nvc *c)
{
	nvix_fini(&c->x);
	free(c->bounce);
}

/* nvc_rebuild -- the DRAM index from the entries in NVM; the number indexed
 * or -1 (EUCLEAN) when two entries share a disk block or a cache block */
int nvc_rebuild(struct nvc *c)
{
	int n = 0;

	nvix_reset(&c->x);
	for (uint32_t e = 0; e < c->x.nentries; e++) {
		struct nvc_entry *en = nvc_entry(c, e);
		if (!en->disk)
			continue;
		if (en->nvm >= c->x.nblocks)
			return spd_err(EUCLEAN, "%s cache entry %u points at block %llu, outside "
				"the cache (%u blocks)", c->name, e,
				(unsigned long long)en->nvm, c->x.nblocks);
		if (nvix_insert(&c->x, e, en->disk - 1) || nvix_take_block(&c->x, (uint32_t)en->nvm))
			return spd_err(EUCLEAN, "%s cache: %s", c->name, spd_errormsg());
		c->x.dirty[e] = 1;  /* unknown: write it back before dropping it */
		n++;
	}
	nvix_finish_rebuild(&c->x);
	return n;
}

/* nvc_pick -- up to EVICT_BATCH unpinned victims */
static unsigned nvc_pick(struct nvc *c, int *v)
{
	unsigned n = 0;

	if (c->by_counter) {
		int e = nvix_min_counter_victim(&c->x);
		if (e >= 0)
			v[n++] = e;
		return n;
	}
	for (int e = nvix_lru_victim(&c->x, -1); e >= 0 && n < EVICT_BATCH;
	     e = nvix_lru_victim(&c->x, e))
		v[n++] = e;
	return n;
}

/* nvc_evict -- writes a batch of victims home, syncs, then frees their entries */
static int nvc_evict(struct spd_store *st, struct nvc *c)
{
	int v[EVICT_BATCH];
	unsigned n = nvc_pick(c, v), dirty = 0;

	if (!n)
		return spd_err(ENOSPC, "NVM %s cache full: all %u entries are held by the "
			"running transaction", c->name, c->x.nentries);
	for (unsigned i = 0; i < n; i++) {
		struct nvc_entry *en = nvc_entry(c, (uint32_t)v[i]);
		if (!c->x.dirty[v[i]])
			continue;
		nvm_read(c->bounce, nvc_block(c, en->nvm), SPD_BLOCK);
		if (home_write(st, en->disk - 1, c->bounce))
			return -1;
		dirty++;
	}
	if (dirty && dev_sync(&st->dev))
		return -1;
	for (unsigned i = 0; i < n; i++) {
		struct nvc_entry *en = nvc_entry(c, (uint32_t)v[i]);
		uint64_t b = en->nvm;
		nvm_store64(&en->disk, 0);
		nvm_flush(en, sizeof *en);
		nvix_free_block(&c->x, (uint32_t)b);
		nvix_remove(&c->x, (uint32_t)v[i]);
	}
	nvm_fence();
	st->st.evictions += n;
	return 0;
}

/* nvc_reserve -- evicts until entries free entries and blocks free blocks exist */
int nvc_reserve(struct spd_store *st, struct nvc *c, uint32_t entries, uint32_t blocks)
{
	if (entries > c->x.nentries || blocks > c->x.nblocks)
		return spd_err(ENOSPC, "NVM %s cache full: the transaction needs %u entries and "
			"%u blocks, the cache has %u and %u", c->name, entries, blocks,
			c->x.nentries, c->x.nblocks);
	while (c->x.nfree_entries < entries || c->x.nfree_blocks < blocks)
		if (nvc_evict(st, c))
			return -1;
	return 0;
}

/* nvc_populate -- caches a clean copy of blk (its committed content) */
int nvc_populate(struct spd_store *st, struct nvc *c, uint64_t blk, const void *buf)
{
	struct nvc_entry *en;
	int b, e;

	if (nvc_reserve(st, c, 1, 1))
		return -1;
	b = nvix_alloc_block(&c->x);
	e = nvix_alloc_entry(&c->x);
	nvm_write(nvc_block(c, (uint64_t)b), buf, SPD_BLOCK);
	nvm_flush(nvc_block(c, (uint64_t)b), SPD_BLOCK);
	nvm_fence();  /* the block before the entry that makes it reachable */
	en = nvc_entry(c, (uint32_t)e);
	nvm_store64(&en->nvm, (uint64_t)b);
	nvm_store64(&en->disk, blk + 1);  /* last: the entry exists from here */
	nvm_persist(en, sizeof *en);
	nvix_insert(&c->x, (uint32_t)e, blk);
	c->x.dirty[e] = 0;  /* the committed content, as on disk */
	return e;
}

/* nvc_read -- entry e's block, charged as an NVM read */
void nvc_read(struct nvc *c, uint32_t e, void *buf)
{
	nvm_read(buf, nvc_block(c, nvc_entry(c, e)->nvm), SPD_BLOCK);
	nvix_touch(&c->x, e);
}

/* nvc_writeback_all -- every dirty block home, then fdatasync */
int nvc_writeback_all(struct spd_store *st, struct nvc *c)
{
	for (uint32_t e = 0; e < c->x.nentries; e++) {
		struct nvc_entry *en = nvc_entry(c, e);
		if (!c->x.disk[e] || !c->x.dirty[e])
			continue;
		nvm_read(c->bounce, nvc_block(c, en->nvm), SPD_BLOCK);
		if (home_write(st, en->disk - 1, c->bounce))
			return -1;
		c->x.dirty[e] = 0;
	}
	return dev_sync(&st->dev);
}

/* nvc_check -- the DRAM index matches the NVM entries, and every cached
 * block holds what the caller expects */
int nvc_check(struct nvc *c, int (*expect)(void *, uint64_t, const void *), void *arg)
{
	uint32_t indexed = 0, listed = 0, used = 0;

	for (uint32_t e = 0; e < c->x.nentries; e++) {
		struct nvc_entry *en = nvc_entry(c, e);
		if (en->disk != c->x.disk[e])
			return spd_err(EUCLEAN, "%s cache entry %u: NVM says disk block %lld, the "
				"index %lld", c->name, e, (long long)en->disk - 1,
				(long long)c->x.disk[e] - 1);
		if (!en->disk)
			continue;
		indexed++;
		if (nvix_find(&c->x, en->disk - 1) != (int)e || !c->x.block_used[en->nvm])
			return spd_err(EUCLEAN, "%s cache entry %u (disk block %llu) is not "
				"reachable through the index", c->name, e,
				(unsigned long long)en->disk - 1);
		if (expect && expect(arg, en->disk - 1, nvc_block(c, en->nvm)))
			return spd_err(EUCLEAN, "%s cache: NVM block %llu cached for disk block "
				"%llu does not hold its committed content", c->name,
				(unsigned long long)en->nvm, (unsigned long long)en->disk - 1);
	}
	for (uint32_t e = c->x.lru_head; e != SPD_NONE32 && listed <= indexed; e = c->x.next[e])
		listed++;
	for (uint32_t b = 0; b < c->x.nblocks; b++)
		used += c->x.block_used[b];
	if (listed != indexed || used != indexed ||
	    c->x.nfree_entries != c->x.nentries - indexed ||
	    c->x.nfree_blocks != c->x.nblocks - indexed)
		return spd_err(EUCLEAN, "%s cache index: %u entries in NVM, %u on the LRU list, "
			"%u blocks used, %u free entries, %u free blocks", c->name, indexed,
			listed, used, c->x.nfree_entries, c->x.nfree_blocks);
	return 0;
}
