/*
 * cache_none.c -- the configuration without an NVM cache: the journal on
 * disk, reads from the journal's pending blocks or home.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"

/* none_open -- the journal, recovered */
static int none_open(struct spd_store *st, int create)
{
	struct journal *j = calloc(1, sizeof *j);

	if (!j)
		return spd_err(ENOMEM, "out of memory");
	if (journal_open(st, j, create)) {
		free(j);
		return -1;
	}
	st->cache = j;
	return 0;
}

/* none_close -- frees the journal's DRAM side (the log stays for replay) */
static void none_close(struct spd_store *st)
{
	journal_close(st->cache);
	free(st->cache);
}

/* none_read -- committed content: pending in the journal, else home */
static int none_read(struct spd_store *st, uint64_t blk, void *buf)
{
	const unsigned char *p = journal_pending(st->cache, blk);

	if (p) {
		memcpy(buf, p, SPD_BLOCK);
		return 0;
	}
	return home_read(st, blk, buf);
}

/* none_commit -- journal commit */
static int none_commit(struct spd_store *st)
{
	return journal_commit(st, st->cache);
}

/* none_sync -- checkpoint */
static int none_sync(struct spd_store *st)
{
	return journal_checkpoint(st, st->cache);
}

/* none_check -- every pending block holds what the caller expects */
static int none_check(struct spd_store *st,
		int (*expect)(void *, uint64_t, const void *), void *arg)
{
	struct journal *j = st->cache;

	for (uint32_t e = 0; e < j->pending.nentries; e++)
		if (j->pending.disk[e] && expect(arg, j->pending.disk[e] - 1,
				j->pending_data + (size_t)e * SPD_BLOCK))
			return spd_err(EUCLEAN, "journal's pending copy of block %llu is not "
				"what was committed", (unsigned long long)j->pending.disk[e] - 1);
	return 0;
}

const struct cache_ops cache_none_ops = {
	"none", none_open, none_close, none_read, none_commit, none_sync, none_check,
};
