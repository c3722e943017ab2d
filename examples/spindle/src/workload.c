/*
 * workload.c -- the deterministic transaction stream of spindle/workload.h
 * and the checker that compares a recovered store with its DRAM model.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "spindle/workload.h"

struct wl_op { uint64_t blk; uint32_t off, len; int meta; uint64_t tag; };
struct wl_txn { unsigned n; struct wl_op op[SPD_TX_MAX]; };

/* wl_mix -- splitmix64 step */
static uint64_t wl_mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* wl_fill -- the bytes an operation writes: a pattern of its tag */
static void wl_fill(unsigned char *p, uint32_t len, uint64_t tag)
{
	uint64_t s = tag;

	for (uint32_t i = 0; i < len; i += 8) {
		uint64_t v = wl_mix(&s);
		memcpy(p + i, &v, len - i < 8 ? len - i : 8);
	}
}

/* wl_gen -- the operations of transaction i */
static void wl_gen(const struct spd_wl *w, uint64_t i, struct wl_txn *t)
{
	uint64_t s = w->seed * 1000003u + i;
	uint64_t ndata = w->home_blocks - w->meta_blocks;
	unsigned nd = 1 + (unsigned)(wl_mix(&s) % w->max_data);
	unsigned nm = 1 + (unsigned)(wl_mix(&s) % w->max_meta);

	t->n = 0;
	t->op[t->n++] = (struct wl_op){ 0, 0, 8, 1, i };  /* the sequence record */
	for (unsigned k = 0; k < nm && w->meta_blocks > 1; k++) {
		uint64_t r = wl_mix(&s);
		uint32_t off = (uint32_t)(r % (SPD_BLOCK / 64)) * 64;
		uint32_t len = 64 * (1 + (uint32_t)(r >> 20) % 4);
		if (len > SPD_BLOCK - off)
			len = SPD_BLOCK - off;
		t->op[t->n++] = (struct wl_op){ 1 + (r >> 32) % (w->meta_blocks - 1),
			off, len, 1, wl_mix(&s) };
	}
	for (unsigned k = 0; k < nd && ndata; k++)
		t->op[t->n++] = (struct wl_op){ w->meta_blocks + wl_mix(&s) % ndata, 0,
			SPD_BLOCK, 0, wl_mix(&s) };
}

/* wl_apply -- one operation on a block image */
static void wl_apply(unsigned char *blk, const struct wl_op *o, uint64_t i)
{
	if (o->blk == 0 && o->meta && o->off == 0 && o->len == 8 && o->tag == i)
		memcpy(blk, &i, 8);
	else
		wl_fill(blk + o->off, o->len, o->tag);
}

/* spd_wl_run_tx -- transaction i on the store */
int spd_wl_run_tx(struct spd_store *st, const struct spd_wl *w, uint64_t i)
{
	struct wl_txn t;
	unsigned char *buf = malloc(SPD_BLOCK);

	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	wl_gen(w, i, &t);
	if (spd_begin(st))
		goto fail;
	for (unsigned k = 0; k < t.n; k++) {
		const struct wl_op *o = &t.op[k];
		memset(buf, 0, SPD_BLOCK);
		wl_apply(buf, o, i);
		if (o->meta ? spd_write_meta(st, o->blk, o->off, o->len, buf + o->off)
			    : spd_write_data(st, o->blk, buf)) {
			spd_abort(st);
			goto fail;
		}
	}
	free(buf);
	return spd_commit(st);
fail:
	free(buf);
	return -1;
}

/* spd_wl_model_tx -- transaction i on the DRAM image */
void spd_wl_model_tx(unsigned char *image, const struct spd_wl *w, uint64_t i)
{
	struct wl_txn t;

	wl_gen(w, i, &t);
	for (unsigned k = 0; k < t.n; k++) {
		unsigned char *blk = image + (size_t)t.op[k].blk * SPD_BLOCK;
		if (!t.op[k].meta)
			memset(blk, 0, SPD_BLOCK);
		wl_apply(blk, &t.op[k], i);
	}
}

/* spd_wl_tx_writes -- 1 when transaction i writes data block blk */
int spd_wl_tx_writes(const struct spd_wl *w, uint64_t i, uint64_t blk)
{
	struct wl_txn t;

	wl_gen(w, i, &t);
	for (unsigned k = 0; k < t.n; k++)
		if (!t.op[k].meta && t.op[k].blk == blk)
			return 1;
	return 0;
}

/* spd_wl_seq -- the sequence record in metadata block 0 */
int spd_wl_seq(struct spd_store *st, uint64_t *seq)
{
	unsigned char *buf = malloc(SPD_BLOCK);
	int r = buf ? spd_read(st, 0, buf) : spd_err(ENOMEM, "out of memory");

	if (!r)
		memcpy(seq, buf, 8);
	free(buf);
	return r;
}

struct wl_expect { const unsigned char *image; };

/* wl_expect_block -- 0 when buf is the model's content of blk */
static int wl_expect_block(void *arg, uint64_t blk, const void *buf)
{
	const struct wl_expect *e = arg;

	return memcmp(e->image + (size_t)blk * SPD_BLOCK, buf, SPD_BLOCK) != 0;
}

/* wl_compare -- every block of the store against the image of S (and of
 * S+1 for data blocks S+1 writes, in ordered mode) */
static int wl_compare(struct spd_store *st, const struct spd_wl *w, uint64_t s,
		const unsigned char *image, const unsigned char *next, int ordered_data)
{
	unsigned char *buf = malloc(SPD_BLOCK);

	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	for (uint64_t b = 0; b < w->home_blocks; b++) {
		const unsigned char *want = image + b * SPD_BLOCK;
		if (spd_read(st, b, buf)) {
			free(buf);
			return -1;
		}
		if (!memcmp(buf, want, SPD_BLOCK))
			continue;
		if (ordered_data && b >= w->meta_blocks && spd_wl_tx_writes(w, s + 1, b) &&
		    !memcmp(buf, next + b * SPD_BLOCK, SPD_BLOCK))
			continue;
		free(buf);
		return spd_err(EUCLEAN, "block %llu differs from the model after transaction "
			"%llu (a transaction half applied or lost)", (unsigned long long)b,
			(unsigned long long)s);
	}
	free(buf);
	return 0;
}

/* spd_wl_check -- the recovered store against the model */
int spd_wl_check(struct spd_store *st, const struct spd_wl *w, uint64_t acked,
		int ordered_data, uint64_t *seq_out)
{
	size_t bytes = w->home_blocks * SPD_BLOCK;
	unsigned char *image, *next;
	struct wl_expect ex;
	uint64_t s;
	int r;

	if (spd_wl_seq(st, &s))
		return -1;
	*seq_out = s;
	if (s < acked || s > acked + 1)
		return spd_err(EUCLEAN, "the store holds transaction %llu, but %llu were "
			"acknowledged (%s)", (unsigned long long)s, (unsigned long long)acked,
			s < acked ? "a committed transaction was lost" :
			"a transaction that never began is present");
	image = calloc(1, bytes);
	next = calloc(1, bytes);
	if (!image || !next) {
		free(image);
		free(next);
		return spd_err(ENOMEM, "out of memory for a model of %zu bytes", bytes);
	}
	for (uint64_t i = 1; i <= s; i++)
		spd_wl_model_tx(image, w, i);
	memcpy(next, image, bytes);
	spd_wl_model_tx(next, w, s + 1);
	ex.image = image;
	r = wl_compare(st, w, s, image, next, ordered_data);
	if (!r)
		r = spd_check_index(st, wl_expect_block, &ex);
	free(image);
	free(next);
	return r;
}
