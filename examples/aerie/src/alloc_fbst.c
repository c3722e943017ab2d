/*
 * alloc_fbst.c -- the FBST random-walk allocation policy (SanGuo's
 * Scatter-alloc), an adapter over libsanguo's finder on aerie's own bitmap.
 *
 * The bitmap stays aerie's and aerie still marks it in its journal's
 * transaction; libsanguo keeps a DRAM tree of free counts over it, opened by
 * the pool's owner at mount, recounted for every range aer_bits_set changes,
 * and rebuilt whole after an abort (the undo log restores bits behind its
 * back). Clients of aerie-tfs never allocate, so they open no tree.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sanguo/alloc.h>

#include "fs.h"

/* fbst_usable -- (internal) not granted to a client yet (sanguo checks the bit) */
static int fbst_usable(void *ctx, uint32_t blk)
{
	const struct aer_fs *fs = ctx;
	return !fs->block_owner[blk];
}

/* fbst_find -- a run of up to want free blocks starting where the walk lands */
static int fbst_find(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len)
{
	if (!fs->sga)
		return aer_fail(EINVAL, "the fbst allocator is not open (not the pool's owner)");
	if (sg_alloc_find(fs->sga, want, fbst_usable, fs, start, len) < 0)
		return aer_fail(errno, "%s", sg_errormsg());
	return 0;
}

const struct aer_alloc_policy aer_alloc_fbst = {
	AER_ALLOC_FBST, "fbst", fbst_find,
};

/* fbst_seed -- (internal) AER_FBST_SEED for repeatable runs, else the clock */
static uint64_t fbst_seed(void)
{
	const char *s = getenv("AER_FBST_SEED");
	struct timespec ts;

	if (s && *s)
		return strtoull(s, NULL, 0);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* aer_fbst_open -- the owner's DRAM tree over the bitmap (fbst pools only) */
int aer_fbst_open(struct aer_fs *fs)
{
	struct sg_alloc_opts o = { SG_FBST_WALK, 0, fbst_seed() };

	if (fs->sb->alloc_policy != AER_ALLOC_FBST || fs->role != AER_ROLE_OWNER)
		return 0;
	fs->sga = sg_alloc_open((uint64_t *)fs->bitmap, fs->sb->nblocks, fs->sb->data_start, &o);
	if (!fs->sga)
		return aer_fail(errno, "cannot build the fbst allocator: %s", sg_errormsg());
	return 0;
}

/* aer_fbst_close -- frees the tree */
void aer_fbst_close(struct aer_fs *fs)
{
	sg_alloc_close(fs->sga);
	fs->sga = NULL;
}

/* aer_alloc_bits_changed -- the tree follows bits aer_bits_set changed */
void aer_alloc_bits_changed(struct aer_fs *fs, uint32_t start, uint32_t len)
{
	if (fs->sga)
		sg_alloc_resync(fs->sga, start, len);
}

/* aer_alloc_rolled_back -- a transaction aborted: the bitmap went back */
void aer_alloc_rolled_back(struct aer_fs *fs)
{
	fs->alloc_hint = fs->sb->data_start;
	if (fs->sga)
		sg_alloc_rebuild(fs->sga);
}
