/*
 * cache_spindle.c -- the Spindle configuration: data blocks written to the
 * NVM data cache by copy on write with a ring-buffer entry each; metadata
 * pinned in an NVM metadata cache and updated in place per 256-byte
 * sub-block behind an undo log; one commit word (txid, head) makes both
 * durable. Data reads that miss go to disk without filling NVM.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "spindle_layout.h"

#define ROUND(x) (((x) + 4095) & ~(size_t)4095)

struct sp_offsets { size_t ring, dent, ment, log, dblk, mblk, total; };

/* sp_layout -- where each part of the region lies */
static void sp_layout(uint64_t ndata, uint64_t nmeta, uint64_t nring, uint64_t nlog,
		struct sp_offsets *o)
{
	o->ring = 4096;
	o->dent = o->ring + ROUND(nring * sizeof(struct sp_ring));
	o->ment = o->dent + ROUND(ndata * sizeof(struct nvc_entry));
	o->log = o->ment + ROUND(nmeta * sizeof(struct nvc_entry));
	o->dblk = o->log + ROUND(nlog * sizeof(struct sp_log));
	o->mblk = o->dblk + (ndata + SPD_TX_MAX) * SPD_BLOCK;
	o->total = o->mblk + nmeta * SPD_BLOCK;
}

/* sp_map -- the region's parts and the two caches' indexes */
static int sp_map(struct spindle *s, unsigned char *r)
{
	struct sp_hdr *h = (struct sp_hdr *)r;
	struct sp_offsets o;

	sp_layout(h->ndata, h->nmeta, h->nring, h->nlog, &o);
	s->hdr = h;
	s->ring = (struct sp_ring *)(r + o.ring);
	s->log = (struct sp_log *)(r + o.log);
	if (nvc_init(&s->data, "spindle data", r + o.dent, sizeof(struct nvc_entry),
			(uint32_t)h->ndata, r + o.dblk, (uint32_t)(h->ndata + SPD_TX_MAX), 0))
		return -1;
	if (nvc_init(&s->meta, "spindle metadata", r + o.ment, sizeof(struct nvc_entry),
			(uint32_t)h->nmeta, r + o.mblk, (uint32_t)h->nmeta, 1)) {
		nvc_fini(&s->data);
		return -1;
	}
	return 0;
}

/* sp_open -- maps (create: lays out) the region, recovers, rebuilds */
static int sp_open(struct spd_store *st, int create)
{
	const struct spd_config *c = &st->cfg;
	struct spindle *s = calloc(1, sizeof *s);
	struct sp_offsets o;
	unsigned char *r;
	int created;

	if (!s)
		return spd_err(ENOMEM, "out of memory");
	if (create && (c->ring_entries < 2 || c->log_entries < 1 || !c->nvm_blocks ||
			!c->nvm_meta_blocks)) {
		free(s);
		return spd_err(EINVAL, "bad Spindle geometry: ring %llu, log %llu, data %llu, "
			"metadata %llu (need ring >= 2, the others >= 1)",
			(unsigned long long)c->ring_entries, (unsigned long long)c->log_entries,
			(unsigned long long)c->nvm_blocks, (unsigned long long)c->nvm_meta_blocks);
	}
	sp_layout(c->nvm_blocks, c->nvm_meta_blocks, c->ring_entries, c->log_entries, &o);
	r = nvm_region(c->pool_path, create, "spindle.spindle", o.total, &created);
	if (!r)
		goto fail;
	if (created) {
		struct sp_hdr h = { SP_MAGIC, st->sb.id, c->nvm_blocks, c->nvm_meta_blocks,
			c->ring_entries, c->log_entries, { 0 }, 0, { 0 }, 0 };
		nvm_write(r, &h, sizeof h);
		nvm_persist(r, sizeof h);
	} else if (((struct sp_hdr *)r)->magic != SP_MAGIC ||
		   ((struct sp_hdr *)r)->store_id != st->sb.id) {
		spd_err(EINVAL, "NVM pool '%s' holds the cache of another store", c->pool_path);
		goto fail_pool;
	}
	if (sp_map(s, r))
		goto fail_pool;
	if (!created) {
		struct sp_hdr *h = (struct sp_hdr *)r;
		sp_layout(h->ndata, h->nmeta, h->nring, h->nlog, &o);
		powerloss_arm(r, o.total);
	}
	if (spindle_recover(st, s)) {
		nvc_fini(&s->data);
		nvc_fini(&s->meta);
		goto fail_pool;
	}
	st->cache = s;
	return 0;
fail_pool:
	pms_pool_close(pms_pool_current());
fail:
	free(s);
	return -1;
}

/* sp_close -- drops the indexes and closes the pool */
static void sp_close(struct spd_store *st)
{
	struct spindle *s = st->cache;

	nvc_fini(&s->data);
	nvc_fini(&s->meta);
	pms_pool_close(pms_pool_current());
	free(s);
}

/* sp_read -- data: NVM hit or disk; metadata: NVM, filled from disk on a miss */
static int sp_read(struct spd_store *st, uint64_t blk, void *buf)
{
	struct spindle *s = st->cache;
	struct nvc *c = blk < st->sb.meta_blocks ? &s->meta : &s->data;
	int e = nvix_find(&c->x, blk);

	if (e >= 0) {
		nvc_read(c, (uint32_t)e, buf);
		return 0;
	}
	if (home_read(st, blk, buf))
		return -1;
	/* Metadata is pinned in NVM; data enters on writes, or on reads when asked. */
	if ((c == &s->meta || st->cfg.read_fill) && nvc_populate(st, c, blk, buf) < 0)
		return -1;
	return 0;
}

/* sp_unpin -- releases the pins of a transaction that ends */
static void sp_unpin(struct spd_store *st, struct spindle *s)
{
	for (unsigned i = 0; i < st->ntx; i++)
		if (s->ent[i] >= 0)
			(st->tx[i].meta ? &s->meta : &s->data)->x.pinned[s->ent[i]] = 0;
}

/* sp_prepare -- limits, pins, room in the data cache, metadata blocks loaded */
static int sp_prepare(struct spd_store *st, struct spindle *s, uint32_t *ndata)
{
	uint32_t miss = 0, subs = 0;

	*ndata = 0;
	for (unsigned i = 0; i < st->ntx; i++) {
		struct tx_block *t = &st->tx[i];
		struct nvc *c = t->meta ? &s->meta : &s->data;
		s->ent[i] = nvix_find(&c->x, t->blk);
		if (s->ent[i] >= 0)
			c->x.pinned[s->ent[i]] = 1;
		else if (!t->meta)
			miss++;
		*ndata += !t->meta;
		subs += (uint32_t)__builtin_popcount(t->mask);
	}
	if (*ndata > s->hdr->nring - 1)
		return spd_err(ENOSPC, "Spindle ring buffer full: the transaction writes %u data "
			"blocks, the ring holds %llu", *ndata,
			(unsigned long long)s->hdr->nring - 1);
	if (subs > s->hdr->nlog)
		return spd_err(ENOSPC, "Spindle metadata log full: the transaction changes %u "
			"sub-blocks, the log holds %llu", subs, (unsigned long long)s->hdr->nlog);
	if (nvc_reserve(st, &s->data, miss, *ndata))
		return -1;
	for (unsigned i = 0; i < st->ntx; i++) {
		if (!st->tx[i].meta || s->ent[i] >= 0)
			continue;
		if (home_read(st, st->tx[i].blk, st->scratch) ||
		    (s->ent[i] = nvc_populate(st, &s->meta, st->tx[i].blk, st->scratch)) < 0)
			return -1;
		s->meta.x.pinned[s->ent[i]] = 1;
	}
	return 0;
}

/* sp_log_block -- phase 1 of a metadata block: its dirty sub-blocks' old content */
static uint32_t sp_log_block(struct spindle *s, struct tx_block *t, int e, uint32_t txid,
		uint32_t k)
{
	unsigned char *blk = nvc_block(&s->meta, nvc_entry(&s->meta, (uint32_t)e)->nvm);
	struct sp_log l;

	for (uint32_t sub = 0; sub < SPD_BLOCK / SPD_SUB; sub++) {
		if (!(t->mask >> sub & 1))
			continue;
		memset(&l, 0, sizeof l);
		l.disk = t->blk + 1;
		l.txid = txid;
		l.sub = sub;
		nvm_read(l.old, blk + sub * SPD_SUB, SPD_SUB);
		l.crc = sp_log_crc(&l);
		nvm_write(&s->log[k], &l, offsetof(struct sp_log, pad2));
		nvm_flush(&s->log[k], offsetof(struct sp_log, pad2));
		k++;
	}
	return k;
}

/* sp_phase1 -- ring entries and new data blocks; metadata undo log */
static void sp_phase1(struct spd_store *st, struct spindle *s, uint32_t txid)
{
	uint32_t pos = sp_head(s->hdr), k = 0, nring = (uint32_t)s->hdr->nring;

	for (unsigned i = 0; i < st->ntx; i++) {
		struct tx_block *t = &st->tx[i];
		if (t->meta) {
			k = sp_log_block(s, t, s->ent[i], txid, k);
			continue;
		}
		uint64_t old = s->ent[i] < 0 ? SPD_NONE32 :
			nvc_entry(&s->data, (uint32_t)s->ent[i])->nvm;
		/* the word holding txid last: until it lands the entry is stale */
		nvm_store64(&s->ring[pos].disk, t->blk + 1);
		nvm_store64(&s->ring[pos].word, old | (uint64_t)txid << 32);
		nvm_flush(&s->ring[pos], sizeof s->ring[pos]);
		pos = (pos + 1) % nring;
		s->newblk[i] = nvix_alloc_block(&s->data.x);
		nvm_write(nvc_block(&s->data, (uint64_t)s->newblk[i]), t->buf, SPD_BLOCK);
		nvm_flush(nvc_block(&s->data, (uint64_t)s->newblk[i]), SPD_BLOCK);
	}
}

/* sp_phase2_data -- data entries point at the new blocks */
static void sp_phase2_data(struct spindle *s, struct tx_block *t, unsigned i)
{
	struct nvc_entry *en;

	if (s->ent[i] >= 0) {
		en = nvc_entry(&s->data, (uint32_t)s->ent[i]);
		nvm_store64(&en->nvm, (uint64_t)s->newblk[i]);
	} else {
		s->ent[i] = nvix_alloc_entry(&s->data.x);
		en = nvc_entry(&s->data, (uint32_t)s->ent[i]);
		nvm_store64(&en->nvm, (uint64_t)s->newblk[i]);
		nvm_store64(&en->disk, t->blk + 1);  /* last: the entry exists from here */
		nvix_insert(&s->data.x, (uint32_t)s->ent[i], t->blk);
		s->data.x.pinned[s->ent[i]] = 1;
	}
	nvm_flush(en, sizeof *en);
}

/* sp_phase2_meta -- the dirty sub-blocks written in place */
static void sp_phase2_meta(struct spindle *s, struct tx_block *t, unsigned i)
{
	unsigned char *blk = nvc_block(&s->meta, nvc_entry(&s->meta, (uint32_t)s->ent[i])->nvm);

	for (uint32_t sub = 0; sub < SPD_BLOCK / SPD_SUB; sub++)
		if (t->mask >> sub & 1) {
			nvm_write(blk + sub * SPD_SUB, t->buf + sub * SPD_SUB, SPD_SUB);
			nvm_flush(blk + sub * SPD_SUB, SPD_SUB);
		}
}

/* sp_finish -- frees replaced data blocks, unpins, marks dirty */
static void sp_finish(struct spd_store *st, struct spindle *s, uint32_t head)
{
	uint32_t pos = head, nring = (uint32_t)s->hdr->nring;

	for (unsigned i = 0; i < st->ntx; i++) {
		struct nvc *c = st->tx[i].meta ? &s->meta : &s->data;
		if (!st->tx[i].meta) {
			uint32_t old = s->ring[pos].old;
			if (old != SPD_NONE32)
				nvix_free_block(&c->x, old);
			pos = (pos + 1) % nring;
		}
		c->x.dirty[s->ent[i]] = 1;
		nvix_touch(&c->x, (uint32_t)s->ent[i]);
	}
	sp_unpin(st, s);
}

/* sp_commit -- phase 1, fence, phase 2, fence, commit word */
static int sp_commit(struct spd_store *st)
{
	struct spindle *s = st->cache;
	uint32_t txid = sp_txid(s->hdr) + 1, head = sp_head(s->hdr), ndata, tail;

	if (sp_prepare(st, s, &ndata)) {
		sp_unpin(st, s);
		return -1;
	}
	sp_phase1(st, s, txid);
	nvm_fence();  /* undo information before anything it undoes */
	for (unsigned i = 0; i < st->ntx; i++) {
		if (st->tx[i].meta)
			sp_phase2_meta(s, &st->tx[i], i);
		else
			sp_phase2_data(s, &st->tx[i], i);
	}
	tail = (uint32_t)((head + ndata) % s->hdr->nring);
	nvm_store64(&s->hdr->tail, tail);
	nvm_flush(&s->hdr->tail, 8);
	nvm_fence();
	nvm_store64(&s->hdr->commit, (uint64_t)txid << 32 | tail);
	nvm_persist(&s->hdr->commit, 8);
	sp_finish(st, s, head);
	return 0;
}

/* sp_sync -- both caches written home */
static int sp_sync(struct spd_store *st)
{
	struct spindle *s = st->cache;

	return nvc_writeback_all(st, &s->data) || nvc_writeback_all(st, &s->meta) ? -1 : 0;
}

/* sp_check -- both indexes against NVM; the ring is empty between transactions */
static int sp_check(struct spd_store *st,
		int (*expect)(void *, uint64_t, const void *), void *arg)
{
	struct spindle *s = st->cache;

	if (s->hdr->tail != sp_head(s->hdr))
		return spd_err(EUCLEAN, "Spindle ring buffer not empty between transactions "
			"(head %u, tail %llu)", sp_head(s->hdr), (unsigned long long)s->hdr->tail);
	return nvc_check(&s->data, expect, arg) || nvc_check(&s->meta, expect, arg) ? -1 : 0;
}

const struct cache_ops cache_spindle_ops = {
	"spindle", sp_open, sp_close, sp_read, sp_commit, sp_sync, sp_check,
};
