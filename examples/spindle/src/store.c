/*
 * store.c -- the client API: opening and formatting a store, staging the
 * running transaction, reads through the DRAM cache, and dispatch to the
 * cache configuration chosen at open.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

static const struct cache_ops *const cache_table[] = {
	[SPD_CACHE_NONE] = &cache_none_ops,
	[SPD_CACHE_TINCA] = &cache_tinca_ops,
	[SPD_CACHE_SPINDLE] = &cache_spindle_ops,
};

/* spd_cache_name -- name of a configuration */
const char *spd_cache_name(enum spd_cache c)
{
	return (unsigned)c < 3 ? cache_table[c]->name : "?";
}

/* spd_cache_parse -- configuration by name */
int spd_cache_parse(const char *name, enum spd_cache *out)
{
	for (int c = 0; c < 3; c++)
		if (strcmp(name, cache_table[c]->name) == 0) {
			*out = (enum spd_cache)c;
			return 0;
		}
	return spd_err(EINVAL, "unknown cache configuration '%s' (known: none, tinca, spindle)",
		name);
}

/* spd_config_default -- a small store: 64 MiB of home blocks */
void spd_config_default(struct spd_config *c)
{
	memset(c, 0, sizeof *c);
	c->home_blocks = 16384;
	c->meta_blocks = 256;
	c->journal_blocks = 1024;
	c->nvm_blocks = 4096;
	c->nvm_meta_blocks = 256;
	c->ring_entries = 512;
	c->log_entries = 2048;
	c->dram_blocks = 1024;
}

/* home_read -- reads home block b from the device */
int home_read(struct spd_store *st, uint64_t b, void *buf)
{
	return dev_read(&st->dev, home_fblk(st, b), buf);
}

/* home_write -- writes home block b to the device */
int home_write(struct spd_store *st, uint64_t b, const void *buf)
{
	return dev_write(&st->dev, home_fblk(st, b), buf);
}

/* store_format -- makes the device file and its superblock */
static int store_format(struct spd_store *st)
{
	const struct spd_config *c = &st->cfg;

	if (!c->home_blocks || c->meta_blocks > c->home_blocks || c->journal_blocks < 4)
		return spd_err(EINVAL, "bad geometry: %llu home blocks, %llu metadata blocks, "
			"%llu journal blocks (need metadata <= home, journal >= 4)",
			(unsigned long long)c->home_blocks, (unsigned long long)c->meta_blocks,
			(unsigned long long)c->journal_blocks);
	if (dev_open(&st->dev, c->dev_path, 1, 1 + c->journal_blocks + c->home_blocks,
			c->buffered))
		return -1;
	if (c->prefill && dev_prefill(&st->dev, 1 + c->journal_blocks, c->home_blocks))
		return -1;
	st->sb.id = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid() ^
		(uint64_t)(uintptr_t)st;
	st->sb.cache = (uint64_t)c->cache;
	st->sb.home_blocks = c->home_blocks;
	st->sb.meta_blocks = c->meta_blocks;
	st->sb.journal_blocks = c->journal_blocks;
	return super_write(&st->dev, &st->sb);
}

/* store_attach -- opens the device of an existing store */
static int store_attach(struct spd_store *st)
{
	const struct spd_config *c = &st->cfg;

	if (dev_open(&st->dev, c->dev_path, 0, 0, c->buffered) ||
	    super_read(&st->dev, c->dev_path, &st->sb))
		return -1;
	if (st->sb.cache != (uint64_t)c->cache)
		return spd_err(EINVAL, "store '%s' was formatted for the %s cache; open it with "
			"that configuration, not %s", c->dev_path,
			spd_cache_name((enum spd_cache)st->sb.cache), spd_cache_name(c->cache));
	return 0;
}

/* spd_open -- opens or formats a store, then recovers its cache or journal */
struct spd_store *spd_open(const struct spd_config *cfg)
{
	struct spd_store *st;

	if (!cfg || !cfg->dev_path || (unsigned)cfg->cache > SPD_CACHE_SPINDLE ||
	    (cfg->cache != SPD_CACHE_NONE && !cfg->pool_path)) {
		spd_err(EINVAL, "spd_open: a device path%s is required",
			cfg && cfg->cache != SPD_CACHE_NONE ? " and a pool path" : "");
		return NULL;
	}
	st = calloc(1, sizeof *st);
	if (!st) {
		spd_err(ENOMEM, "out of memory");
		return NULL;
	}
	st->cfg = *cfg;
	st->dev.fd = -1;
	st->ops = cache_table[cfg->cache];
	nvm_model_load();
	if ((cfg->create ? store_format(st) : store_attach(st)) ||
	    dcache_init(&st->dc, cfg->dram_blocks))
		goto fail;
	st->txbuf = dev_alloc_buf(SPD_TX_MAX);
	st->scratch = dev_alloc_buf(1);
	if (!st->txbuf || !st->scratch) {
		spd_err(ENOMEM, "out of memory");
		goto fail;
	}
	if (st->ops->open(st, cfg->create))
		goto fail;
	spd_stats_reset(st);
	return st;
fail:
	if (cfg->create && st->dev.fd >= 0) {
		int saved = errno;
		unlink(cfg->dev_path);  /* ours, half made: a retry must not find it */
		errno = saved;
	}
	dev_close(&st->dev);
	dcache_fini(&st->dc);
	free(st->txbuf);
	free(st->scratch);
	free(st);
	return NULL;
}

/* spd_close -- releases the store */
int spd_close(struct spd_store *st)
{
	if (!st)
		return spd_err(EINVAL, "spd_close: no store");
	st->ops->close(st);
	dev_close(&st->dev);
	dcache_fini(&st->dc);
	free(st->txbuf);
	free(st->scratch);
	free(st);
	return 0;
}

/* spd_begin -- starts the transaction */
int spd_begin(struct spd_store *st)
{
	if (st->in_tx)
		return spd_err(EBUSY, "a transaction is already running");
	st->in_tx = 1;
	st->ntx = 0;
	return 0;
}

/* tx_find -- the staged block blk, or NULL */
static struct tx_block *tx_find(struct spd_store *st, uint64_t blk)
{
	for (unsigned i = 0; i < st->ntx; i++)
		if (st->tx[i].blk == blk)
			return &st->tx[i];
	return NULL;
}

/* tx_add -- stages a new block slot */
static struct tx_block *tx_add(struct spd_store *st, uint64_t blk, int meta)
{
	struct tx_block *t;

	if (st->ntx == SPD_TX_MAX) {
		spd_err(E2BIG, "a transaction may touch at most %u blocks", SPD_TX_MAX);
		return NULL;
	}
	t = &st->tx[st->ntx];
	t->blk = blk;
	t->meta = meta;
	t->mask = 0;
	t->buf = st->txbuf + (size_t)st->ntx * SPD_BLOCK;
	st->ntx++;
	return t;
}

/* read_committed -- blk as the last commit left it */
static int read_committed(struct spd_store *st, uint64_t blk, void *buf)
{
	st->st.reads++;
	if (dcache_get(&st->dc, blk, buf)) {
		st->st.dram_hits++;
		return 0;
	}
	if (st->ops->read(st, blk, st->scratch))
		return -1;
	memcpy(buf, st->scratch, SPD_BLOCK);
	dcache_put(&st->dc, blk, buf);
	return 0;
}

/* spd_write_data -- stages a whole data block */
int spd_write_data(struct spd_store *st, uint64_t blk, const void *buf)
{
	struct tx_block *t;

	if (!st->in_tx)
		return spd_err(EINVAL, "write outside a transaction");
	if (blk < st->sb.meta_blocks || blk >= st->sb.home_blocks)
		return spd_err(EINVAL, "block %llu is not a data block (data: %llu..%llu)",
			(unsigned long long)blk, (unsigned long long)st->sb.meta_blocks,
			(unsigned long long)st->sb.home_blocks - 1);
	t = tx_find(st, blk);
	if (!t && !(t = tx_add(st, blk, 0)))
		return -1;
	memcpy(t->buf, buf, SPD_BLOCK);
	st->st.data_writes++;
	return 0;
}

/* spd_write_meta -- stages len bytes at off of metadata block blk */
int spd_write_meta(struct spd_store *st, uint64_t blk, uint32_t off, uint32_t len,
		const void *bytes)
{
	struct tx_block *t;

	if (!st->in_tx)
		return spd_err(EINVAL, "write outside a transaction");
	if (blk >= st->sb.meta_blocks || !len || off >= SPD_BLOCK || len > SPD_BLOCK - off)
		return spd_err(EINVAL, "bad metadata write: block %llu (metadata: 0..%llu), "
			"bytes %u..%u", (unsigned long long)blk,
			(unsigned long long)st->sb.meta_blocks - 1, off, off + len);
	t = tx_find(st, blk);
	if (!t) {
		if (!(t = tx_add(st, blk, 1)))
			return -1;
		if (read_committed(st, blk, t->buf)) {
			st->ntx--;
			return -1;
		}
	}
	memcpy(t->buf + off, bytes, len);
	for (uint32_t s = off / SPD_SUB; s <= (off + len - 1) / SPD_SUB; s++)
		t->mask |= (uint16_t)(1u << s);
	st->st.meta_writes++;
	return 0;
}

/* spd_commit -- makes the transaction durable; nothing of it on failure */
int spd_commit(struct spd_store *st)
{
	int r = 0;

	if (!st->in_tx)
		return spd_err(EINVAL, "commit without a transaction");
	if (st->ntx)
		r = st->ops->commit(st);
	if (!r) {
		for (unsigned i = 0; i < st->ntx; i++)
			dcache_put(&st->dc, st->tx[i].blk, st->tx[i].buf);
		st->st.commits++;
	}
	st->in_tx = 0;
	st->ntx = 0;
	return r;
}

/* spd_abort -- drops the staged blocks */
int spd_abort(struct spd_store *st)
{
	if (!st->in_tx)
		return spd_err(EINVAL, "abort without a transaction");
	st->in_tx = 0;
	st->ntx = 0;
	return 0;
}

/* spd_read -- a block as the running transaction or the last commit has it */
int spd_read(struct spd_store *st, uint64_t blk, void *buf)
{
	struct tx_block *t;

	if (blk >= st->sb.home_blocks)
		return spd_err(EINVAL, "block %llu is past the store's end (%llu blocks)",
			(unsigned long long)blk, (unsigned long long)st->sb.home_blocks);
	if (st->in_tx && (t = tx_find(st, blk))) {
		memcpy(buf, t->buf, SPD_BLOCK);
		return 0;
	}
	return read_committed(st, blk, buf);
}

/* spd_sync -- everything to its home location */
int spd_sync(struct spd_store *st)
{
	if (st->in_tx)
		return spd_err(EBUSY, "sync inside a transaction");
	return st->ops->sync(st);
}

/* spd_stats_get -- counters since open */
void spd_stats_get(struct spd_store *st, struct spd_stats *out)
{
	struct pms_stats p;

	pms_stats_get(&p);
	*out = st->st;
	out->flushes = p.flushes - st->base.flushes;
	out->fences = p.barriers - st->base.barriers;
	out->nvm_bytes_written = nvm_bytes_written - st->nvm_w0;
	out->nvm_bytes_read = nvm_bytes_read - st->nvm_r0;
	out->disk_reads = st->dev.reads;
	out->disk_writes = st->dev.writes;
	out->disk_syncs = st->dev.syncs;
	out->direct_io = st->dev.direct;
}

/* spd_stats_reset -- counters start again from zero */
void spd_stats_reset(struct spd_store *st)
{
	memset(&st->st, 0, sizeof st->st);
	pms_stats_get(&st->base);
	st->nvm_w0 = nvm_bytes_written;
	st->nvm_r0 = nvm_bytes_read;
	st->dev.reads = st->dev.writes = st->dev.syncs = 0;
}

/* spd_geometry_get -- home and metadata block counts */
void spd_geometry_get(struct spd_store *st, uint64_t *home_blocks, uint64_t *meta_blocks)
{
	*home_blocks = st->sb.home_blocks;
	*meta_blocks = st->sb.meta_blocks;
}

/* spd_recovery_get -- what recovery did */
void spd_recovery_get(struct spd_store *st, struct spd_recovery *out)
{
	*out = st->rec;
}

/* spd_check_index -- the configuration's own consistency check */
int spd_check_index(struct spd_store *st,
		int (*expect)(void *, uint64_t, const void *), void *arg)
{
	return st->ops->check(st, expect, arg);
}
