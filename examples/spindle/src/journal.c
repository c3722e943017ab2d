/*
 * journal.c -- JBD2-style journaling in ordered mode: data blocks go to
 * their home locations first, then a descriptor and copies of the metadata
 * blocks, fdatasync, a commit record, fdatasync; checkpoint writes the
 * metadata home; recovery replays committed transactions only.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"

#define JSB_MAGIC 0x5350444a53555052ull   /* "SPDJSUPR" */
#define DESC_MAGIC 0x5350444a44455343ull  /* "SPDJDESC" */
#define COMM_MAGIC 0x5350444a434f4d4dull  /* "SPDJCOMM" */

struct jsb { uint64_t magic, start_seq; uint32_t crc, pad; };
struct jdesc_entry { uint64_t blk; uint32_t crc, pad; };
struct jdesc {
	uint64_t magic, seq;
	uint32_t count, crc;
	struct jdesc_entry e[SPD_TX_MAX];
};
struct jcommit { uint64_t magic, seq; uint32_t count, desc_crc, crc, pad; };

/* jsb_write -- records where replay starts, durably */
static int jsb_write(struct spd_store *st, struct journal *j)
{
	struct jsb *s = (struct jsb *)j->rec;

	memset(j->rec, 0, SPD_BLOCK);
	s->magic = JSB_MAGIC;
	s->start_seq = j->seq;
	s->crc = spd_crc32c(0, s, offsetof(struct jsb, crc));
	if (dev_write(&st->dev, 1, j->rec))
		return -1;
	return dev_sync(&st->dev);
}

/* desc_crc -- checksum of a descriptor block with its crc field zero */
static uint32_t desc_crc(struct jdesc *d)
{
	uint32_t saved = d->crc, c;

	d->crc = 0;
	c = spd_crc32c(0, d, sizeof *d);
	d->crc = saved;
	return c;
}

/* pending_put -- remembers blk's committed content until the checkpoint */
static void pending_put(struct journal *j, uint64_t blk, const void *buf)
{
	int e = nvix_find(&j->pending, blk);

	if (e < 0) {
		e = nvix_alloc_entry(&j->pending);
		nvix_insert(&j->pending, (uint32_t)e, blk);
	}
	memcpy(j->pending_data + (size_t)e * SPD_BLOCK, buf, SPD_BLOCK);
}

/* journal_pending -- committed content of blk not yet at home, or NULL */
const unsigned char *journal_pending(struct journal *j, uint64_t blk)
{
	int e = nvix_find(&j->pending, blk);

	return e < 0 ? NULL : j->pending_data + (size_t)e * SPD_BLOCK;
}

/* replay_one -- checks the transaction at j->pos and replays it: 1 replayed,
 * 0 end of the log, -1 corrupt */
static int replay_one(struct spd_store *st, struct journal *j)
{
	struct jdesc d;
	struct jcommit c;
	uint64_t p = j->pos;

	if (p + 2 > j->log_end || dev_read(&st->dev, p, j->rec))
		return 0;
	memcpy(&d, j->rec, sizeof d);
	if (d.magic != DESC_MAGIC || d.seq != j->seq || d.count > SPD_TX_MAX ||
	    p + d.count + 2 > j->log_end || d.crc != desc_crc(&d))
		return 0;
	if (dev_read(&st->dev, p + 1 + d.count, j->rec))
		return -1;
	memcpy(&c, j->rec, sizeof c);
	if (c.magic != COMM_MAGIC || c.seq != d.seq)
		return 0;  /* never committed: the crash came before the commit record */
	if (c.count != d.count || c.desc_crc != d.crc ||
	    c.crc != spd_crc32c(0, &c, offsetof(struct jcommit, crc))) {
		st->rec.torn_commits++;
		return 0;  /* a torn commit record: the commit never completed */
	}
	for (uint32_t i = 0; i < d.count; i++)
		if (dev_read(&st->dev, p + 1 + i, j->rec) ||
		    spd_crc32c(0, j->rec, SPD_BLOCK) != d.e[i].crc)
			return spd_err(EUCLEAN, "journal transaction %llu: block %u fails its "
				"checksum behind a valid commit record; refusing to replay",
				(unsigned long long)d.seq, i);
	for (uint32_t i = 0; i < d.count; i++)
		if (dev_read(&st->dev, p + 1 + i, j->rec) ||
		    home_write(st, d.e[i].blk, j->rec))
			return -1;
	j->pos = p + d.count + 2;
	j->seq++;
	st->rec.replayed++;
	return 1;
}

/* journal_recover -- replays what the journal committed, then empties it */
static int journal_recover(struct spd_store *st, struct journal *j)
{
	struct jsb s;
	int r;

	if (dev_read(&st->dev, 1, j->rec))
		return -1;
	memcpy(&s, j->rec, sizeof s);
	if (s.magic != JSB_MAGIC || s.crc != spd_crc32c(0, &s, offsetof(struct jsb, crc)))
		return spd_err(EUCLEAN, "journal superblock of '%s' is corrupt; refusing to "
			"recover", st->cfg.dev_path);
	j->seq = s.start_seq;
	j->pos = j->log_first;
	while ((r = replay_one(st, j)) > 0)
		;
	if (r < 0 || (st->rec.replayed && dev_sync(&st->dev)))
		return -1;
	j->pos = j->log_first;
	return jsb_write(st, j);
}

/* journal_open -- sets up the journal (create: an empty one) and recovers it */
int journal_open(struct spd_store *st, struct journal *j, int create)
{
	uint64_t n = st->sb.journal_blocks;

	memset(j, 0, sizeof *j);
	j->log_first = 2;
	j->log_end = 1 + n;
	j->rec = dev_alloc_buf(1);
	j->pending_data = dev_alloc_buf(n);
	if (!j->rec || !j->pending_data || nvix_init(&j->pending, (uint32_t)n, 0)) {
		journal_close(j);
		return spd_err(ENOMEM, "out of memory for the journal");
	}
	if (create) {
		j->seq = 1;
		j->pos = j->log_first;
		return jsb_write(st, j);
	}
	return journal_recover(st, j);
}

/* journal_close -- frees the DRAM side */
void journal_close(struct journal *j)
{
	if (j->pending.disk)
		nvix_fini(&j->pending);
	free(j->pending_data);
	free(j->rec);
	j->pending_data = j->rec = NULL;
}

/* journal_checkpoint -- metadata home, then the journal is empty */
int journal_checkpoint(struct spd_store *st, struct journal *j)
{
	struct nvix *x = &j->pending;

	for (uint32_t e = 0; e < x->nentries; e++)
		if (x->disk[e] && home_write(st, x->disk[e] - 1,
				j->pending_data + (size_t)e * SPD_BLOCK))
			return -1;
	if (dev_sync(&st->dev))
		return -1;
	nvix_reset(x);
	nvix_finish_rebuild(x);
	j->pos = j->log_first;
	st->st.checkpoints++;
	return jsb_write(st, j);
}

/* write_records -- descriptor and metadata copies at j->pos */
static int write_records(struct spd_store *st, struct journal *j, struct jdesc *d)
{
	uint64_t p = j->pos + 1;

	for (unsigned i = 0; i < st->ntx; i++) {
		struct tx_block *t = &st->tx[i];
		if (!t->meta)
			continue;
		d->e[d->count].blk = t->blk;
		d->e[d->count].crc = spd_crc32c(0, t->buf, SPD_BLOCK);
		d->count++;
		if (dev_write(&st->dev, p++, t->buf))
			return -1;
	}
	d->crc = desc_crc(d);
	memset(j->rec, 0, SPD_BLOCK);
	memcpy(j->rec, d, sizeof *d);
	return dev_write(&st->dev, j->pos, j->rec);
}

/* journal_commit -- ordered mode: data home, metadata to the log, commit record */
int journal_commit(struct spd_store *st, struct journal *j)
{
	struct jdesc d;
	struct jcommit *c = (struct jcommit *)j->rec;
	unsigned meta = 0;

	for (unsigned i = 0; i < st->ntx; i++)
		meta += st->tx[i].meta;
	if (meta + 2 > j->log_end - j->log_first)
		return spd_err(ENOSPC, "journal full: the transaction needs %u blocks and the "
			"journal holds %llu", meta + 2,
			(unsigned long long)(j->log_end - j->log_first));
	if (j->pos + meta + 2 > j->log_end && journal_checkpoint(st, j))
		return -1;
	for (unsigned i = 0; i < st->ntx; i++)
		if (!st->tx[i].meta && home_write(st, st->tx[i].blk, st->tx[i].buf))
			return -1;
	if (!meta)
		return dev_sync(&st->dev);
	memset(&d, 0, sizeof d);
	d.magic = DESC_MAGIC;
	d.seq = j->seq;
	if (write_records(st, j, &d) || dev_sync(&st->dev))
		return -1;
	memset(j->rec, 0, SPD_BLOCK);
	*c = (struct jcommit){ COMM_MAGIC, j->seq, d.count, d.crc, 0, 0 };
	c->crc = spd_crc32c(0, c, offsetof(struct jcommit, crc));
	j->last_commit_fblk = j->pos + 1 + meta;
	if (dev_write(&st->dev, j->last_commit_fblk, j->rec) || dev_sync(&st->dev))
		return -1;
	for (unsigned i = 0; i < st->ntx; i++)
		if (st->tx[i].meta)
			pending_put(j, st->tx[i].blk, st->tx[i].buf);
	j->pos += meta + 2;
	j->seq++;
	return 0;
}
