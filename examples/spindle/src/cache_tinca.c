/*
 * cache_tinca.c -- the Tinca-style configuration: every block, data and
 * metadata, cached whole in NVM; a transaction writes each block to a fresh
 * NVM block (copy on write), marks it pending, and after a persistent
 * commit flag switches the roles of old and new block one by one. The disk
 * journal is not used.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvc.h"

#define TINCA_MAGIC 0x54494e4341434845ull  /* "TINCACHE" */

struct tinca_hdr {
	uint64_t magic, store_id, nentries, nblocks, pad[4];
	uint64_t state;  /* txid << 1 | 1 while the role switch of txid runs */
};

struct tinca_entry {
	uint64_t disk, nvm;  /* as struct nvc_entry */
	uint64_t pend;       /* new block + 1 of the committing transaction, 0: none */
	uint64_t txid;
};

struct tinca {
	struct tinca_hdr *hdr;
	struct nvc c;
	int ent[SPD_TX_MAX];
};

#define TE(t, e) ((struct tinca_entry *)nvc_entry(&(t)->c, (uint32_t)(e)))

/* tinca_layout -- bytes of the region for n cache entries */
static size_t tinca_layout(uint64_t n, size_t *ent_off, size_t *blk_off)
{
	*ent_off = 4096;
	*blk_off = *ent_off + ((n * sizeof(struct tinca_entry) + 4095) & ~(size_t)4095);
	return *blk_off + (n + SPD_TX_MAX) * SPD_BLOCK;
}

/* tinca_recover -- finishes a committed role switch or drops a pending one */
static void tinca_recover(struct spd_store *st, struct tinca *t)
{
	uint64_t s = t->hdr->state, txid = s >> 1;
	int committed = (int)(s & 1);

	/* Word by word, in an order a kill between any two stores survives:
	 * the entry's meaning changes with its last store. */
	for (uint64_t e = 0; e < t->hdr->nentries; e++) {
		struct tinca_entry *en = TE(t, e);
		if (!en->pend)
			continue;
		if (committed && en->txid == txid) {
			nvm_store64(&en->nvm, en->pend - 1);
			st->rec.rolled_forward = 1;
		} else {
			if (en->nvm == SPD_NONE32)
				nvm_store64(&en->disk, 0);
			st->rec.rolled_back = 1;
		}
		nvm_store64(&en->pend, 0);
		nvm_flush(en, sizeof *en);
		st->rec.entries_reverted++;
	}
	nvm_fence();
	nvm_store64(&t->hdr->state, txid << 1);
	nvm_persist(&t->hdr->state, 8);
}

/* tinca_open -- maps the cache, recovers it and rebuilds the index */
static int tinca_open(struct spd_store *st, int create)
{
	struct tinca *t = calloc(1, sizeof *t);
	size_t eo, bo, bytes = tinca_layout(st->cfg.nvm_blocks, &eo, &bo);
	unsigned char *r;
	int created, n;

	if (!t)
		return spd_err(ENOMEM, "out of memory");
	r = nvm_region(st->cfg.pool_path, create, "spindle.tinca", bytes, &created);
	if (!r)
		goto fail;
	t->hdr = (struct tinca_hdr *)r;
	if (created) {
		struct tinca_hdr h = { TINCA_MAGIC, st->sb.id, st->cfg.nvm_blocks,
			st->cfg.nvm_blocks + SPD_TX_MAX, { 0 }, 0 };
		nvm_write(t->hdr, &h, sizeof h);
		nvm_persist(t->hdr, sizeof h);
	} else if (t->hdr->magic != TINCA_MAGIC || t->hdr->store_id != st->sb.id) {
		spd_err(EINVAL, "NVM pool '%s' holds the cache of another store",
			st->cfg.pool_path);
		goto fail_pool;
	}
	bytes = tinca_layout(t->hdr->nentries, &eo, &bo);
	if (!created)
		powerloss_arm(r, bytes);
	if (nvc_init(&t->c, "tinca", r + eo, sizeof(struct tinca_entry),
			(uint32_t)t->hdr->nentries, r + bo, (uint32_t)t->hdr->nblocks, 0))
		goto fail_pool;
	tinca_recover(st, t);
	if ((n = nvc_rebuild(&t->c)) < 0) {
		nvc_fini(&t->c);
		goto fail_pool;
	}
	st->rec.index_entries = (uint64_t)n;
	st->cache = t;
	return 0;
fail_pool:
	pms_pool_close(pms_pool_current());
fail:
	free(t);
	return -1;
}

/* tinca_close -- drops the index and closes the pool */
static void tinca_close(struct spd_store *st)
{
	struct tinca *t = st->cache;

	nvc_fini(&t->c);
	pms_pool_close(pms_pool_current());
	free(t);
}

/* tinca_read -- a hit from NVM; a miss from disk, then cached in NVM */
static int tinca_read(struct spd_store *st, uint64_t blk, void *buf)
{
	struct tinca *t = st->cache;
	int e = nvix_find(&t->c.x, blk);

	if (e >= 0) {
		nvc_read(&t->c, (uint32_t)e, buf);
		return 0;
	}
	if (home_read(st, blk, buf))
		return -1;
	return nvc_populate(st, &t->c, blk, buf) < 0 ? -1 : 0;
}

/* tinca_prepare -- pins the hits and makes room for the misses */
static int tinca_prepare(struct spd_store *st, struct tinca *t)
{
	uint32_t miss = 0;

	for (unsigned i = 0; i < st->ntx; i++) {
		t->ent[i] = nvix_find(&t->c.x, st->tx[i].blk);
		if (t->ent[i] >= 0)
			t->c.x.pinned[t->ent[i]] = 1;
		else
			miss++;
	}
	return nvc_reserve(st, &t->c, miss, st->ntx);
}

/* tinca_stage -- copy on write of block i, pending in its entry */
static void tinca_stage(struct spd_store *st, struct tinca *t, unsigned i, uint64_t txid)
{
	struct tx_block *tb = &st->tx[i];
	int b = nvix_alloc_block(&t->c.x), e = t->ent[i];

	nvm_write(nvc_block(&t->c, (uint64_t)b), tb->buf, SPD_BLOCK);
	nvm_flush(nvc_block(&t->c, (uint64_t)b), SPD_BLOCK);
	if (e < 0) {
		e = t->ent[i] = nvix_alloc_entry(&t->c.x);
		nvix_insert(&t->c.x, (uint32_t)e, tb->blk);
		t->c.x.pinned[e] = 1;
		nvm_store64(&TE(t, e)->nvm, SPD_NONE32);
	}
	/* pend last but for a new entry's disk: a kill between the stores
	 * leaves either a free slot or an entry recovery drops */
	nvm_store64(&TE(t, e)->txid, txid);
	nvm_store64(&TE(t, e)->pend, (uint64_t)b + 1);
	if (TE(t, e)->disk != tb->blk + 1)
		nvm_store64(&TE(t, e)->disk, tb->blk + 1);
	nvm_flush(TE(t, e), sizeof(struct tinca_entry));
	nvm_fence();  /* Tinca orders every block's log role before the next */
}

/* tinca_switch -- the committed block i becomes the buffer block */
static void tinca_switch(struct tinca *t, unsigned i)
{
	struct tinca_entry *en = TE(t, t->ent[i]);
	uint64_t old = en->nvm;

	nvm_store64(&en->nvm, en->pend - 1);
	nvm_store64(&en->pend, 0);
	nvm_persist(en, sizeof *en);
	if (old != SPD_NONE32)
		nvix_free_block(&t->c.x, (uint32_t)old);
	t->c.x.pinned[t->ent[i]] = 0;
	t->c.x.dirty[t->ent[i]] = 1;
	nvix_touch(&t->c.x, (uint32_t)t->ent[i]);
}

/* tinca_commit -- stage every block, set the commit flag, switch roles */
static int tinca_commit(struct spd_store *st)
{
	struct tinca *t = st->cache;
	uint64_t txid = (t->hdr->state >> 1) + 1;

	if (tinca_prepare(st, t)) {
		for (unsigned i = 0; i < st->ntx; i++)
			if (t->ent[i] >= 0)
				t->c.x.pinned[t->ent[i]] = 0;
		return -1;
	}
	for (unsigned i = 0; i < st->ntx; i++)
		tinca_stage(st, t, i, txid);
	nvm_store64(&t->hdr->state, txid << 1 | 1);
	nvm_persist(&t->hdr->state, 8);
	for (unsigned i = 0; i < st->ntx; i++)
		tinca_switch(t, i);
	nvm_store64(&t->hdr->state, txid << 1);
	nvm_persist(&t->hdr->state, 8);
	return 0;
}

/* tinca_sync -- every dirty block home */
static int tinca_sync(struct spd_store *st)
{
	return nvc_writeback_all(st, &((struct tinca *)st->cache)->c);
}

/* tinca_check -- the index against NVM and the expected contents */
static int tinca_check(struct spd_store *st,
		int (*expect)(void *, uint64_t, const void *), void *arg)
{
	struct tinca *t = st->cache;

	for (uint32_t e = 0; e < t->hdr->nentries; e++)
		if (TE(t, e)->pend)
			return spd_err(EUCLEAN, "tinca cache entry %u still has a pending block", e);
	return nvc_check(&t->c, expect, arg);
}

const struct cache_ops cache_tinca_ops = {
	"tinca", tinca_open, tinca_close, tinca_read, tinca_commit, tinca_sync, tinca_check,
};
