/*
 * dir_gatherfree.c -- the Gather-free directory policy (SanGuo), an adapter
 * over libsanguo's directories on aerie's own directory slots.
 *
 * The slots are the linear policy's (struct aer_dirent is struct
 * sg_dirent), but a directory grows a whole block at a time, so its size is
 * always whole blocks and the free slots of its last block are in the free
 * list. The indexes (free-slot list sorted by slot, block -> first free
 * range, AVL tree over name hashes) live in DRAM: the pool's owner (single
 * process, aerie-tfs, fsck) opens them at a directory's first use after the
 * mount, and libsanguo resynchronises them when a transaction aborts. A
 * client of aerie-tfs only reads, through a mapping the service changes under
 * it, so it scans the slots as the linear policy does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>
#include <sanguo/dir.h>

#include "fs.h"

_Static_assert(sizeof(struct sg_dirent) == sizeof(struct aer_dirent), "same slots");
_Static_assert(SG_DIR_BLOCK_SIZE == AER_BLOCK_SIZE, "same blocks");

/* One open directory: libsanguo's handle and what its store callbacks need. */
struct aer_gf_dir {
	sg_dir *d;
	struct aer_fs *fs;
	uint32_t ino;
};

/* gf_nblocks -- (internal) store: blocks the directory's size covers */
static uint32_t gf_nblocks(void *ctx)
{
	struct aer_gf_dir *g = ctx;
	return (uint32_t)(aer_inode(g->fs, g->ino)->size / AER_BLOCK_SIZE);
}

/* gf_block -- (internal) store: the slots of file block i (mapped: checked at open) */
static struct sg_dirent *gf_block(void *ctx, uint32_t i)
{
	struct aer_gf_dir *g = ctx;
	uint32_t blk = 0, run;

	if (aer_map_lookup(g->fs, aer_inode(g->fs, g->ino), i, &blk, &run) != 1)
		return NULL;
	return aer_block_addr(g->fs, blk);
}

/* gf_grow -- (internal) store: one more zeroed block, inside the transaction */
static int gf_grow(void *ctx)
{
	struct aer_gf_dir *g = ctx;
	struct aer_inode *in = aer_inode(g->fs, g->ino);
	uint32_t n = gf_nblocks(g), blk;

	if (aer_alloc_meta_block(g->fs, &blk) < 0 || aer_map_insert(g->fs, g->ino, n, blk, 1) < 0)
		return -1;
	if (pms_tx_add_range(&in->size, sizeof in->size) < 0)
		return aer_fail(errno, "cannot log directory size: %s", pms_errormsg());
	in->size = (uint64_t)(n + 1) * AER_BLOCK_SIZE;
	return 0;
}

/* gf_openable -- (internal) whole blocks, every one mapped: else no index */
static int gf_openable(struct aer_fs *fs, const struct aer_inode *in)
{
	uint32_t blk, run;

	if (in->type != AER_TYPE_DIR || in->size % AER_BLOCK_SIZE)
		return 0;
	for (uint32_t i = 0; i < in->size / AER_BLOCK_SIZE; i += run)
		if (aer_map_lookup(fs, in, i, &blk, &run) != 1 || !run)
			return 0;
	return 1;
}

/* gf_get -- (internal) the open index of directory ino; NULL for a client,
 * or (errno set) for a directory whose slots cannot be indexed */
static sg_dir *gf_get(struct aer_fs *fs, uint32_t ino)
{
	struct aer_inode *in = aer_inode(fs, ino);
	struct sg_dir_opts o = { SG_DIR_GATHER_FREE, 0 };
	struct sg_dir_store s = { NULL, gf_nblocks, gf_block, gf_grow };
	struct aer_gf_dir *g;

	if (fs->role != AER_ROLE_OWNER || !in)
		return NULL;
	if (!fs->gf_dirs && !(fs->gf_dirs = calloc(fs->sb->ninodes, sizeof *fs->gf_dirs))) {
		aer_fail(ENOMEM, "no memory for the directory indexes");
		return NULL;
	}
	if (fs->gf_dirs[ino])
		return fs->gf_dirs[ino]->d;
	if (!gf_openable(fs, in)) {
		aer_fail(EIO, "directory %u: size %llu is not whole mapped blocks", ino,
				(unsigned long long)in->size);
		return NULL;
	}
	if (!(g = calloc(1, sizeof *g))) {
		aer_fail(ENOMEM, "no memory for directory %u's index", ino);
		return NULL;
	}
	*g = (struct aer_gf_dir){ NULL, fs, ino };
	s.ctx = g;
	if (!(g->d = sg_dir_open(&s, &o))) {
		aer_fail(errno, "directory %u: %s", ino, sg_errormsg());
		free(g);
		return NULL;
	}
	fs->gf_dirs[ino] = g;
	return g->d;
}

/* dir_ino -- (internal) the number of an inode of the table */
static uint32_t dir_ino(const struct aer_fs *fs, const struct aer_inode *dir)
{
	return (uint32_t)(dir - fs->inodes);
}

/* gf_lookup -- the AVL tree over name hashes (a client scans) */
static uint32_t gf_lookup(struct aer_fs *fs, const struct aer_inode *dir, const char *name,
		size_t len, uint32_t *slot)
{
	sg_dir *d = gf_get(fs, dir_ino(fs, dir));
	uint32_t ino = 0, s;

	if (!d)
		return aer_dir_linear.lookup(fs, dir, name, len, slot);
	if (sg_dir_find(d, name, len, &ino, &s) < 0)
		return 0;
	if (slot)
		*slot = s;
	return ino;
}

/* gf_insert -- the head of the free-slot list, or a new block */
static int gf_insert(struct aer_fs *fs, uint32_t dirno, const char *name, size_t len,
		uint32_t ino)
{
	sg_dir *d = gf_get(fs, dirno);

	if (!d)
		return fs->role == AER_ROLE_OWNER ? -1
			: aer_fail(EPERM, "only the pool's owner changes directories");
	if (sg_dir_insert(d, name, len, ino) < 0)
		return aer_fail(errno, "%s", sg_errormsg());
	return 0;
}

/* gf_remove -- clears slot; the slot rejoins the free list in order */
static int gf_remove(struct aer_fs *fs, uint32_t dirno, uint32_t slot)
{
	sg_dir *d = gf_get(fs, dirno);

	if (!d)
		return fs->role == AER_ROLE_OWNER ? -1
			: aer_fail(EPERM, "only the pool's owner changes directories");
	if (sg_dir_remove_slot(d, slot, NULL) < 0)
		return aer_fail(errno, "%s", sg_errormsg());
	return 0;
}

/* gf_next -- slots in order, as the linear policy gives them */
static int gf_next(struct aer_fs *fs, const struct aer_inode *dir, uint32_t *cursor,
		struct aer_dirent *out)
{
	sg_dir *d = gf_get(fs, dir_ino(fs, dir));

	if (!d)
		return aer_dir_linear.next(fs, dir, cursor, out);
	if (sg_dir_next(d, cursor, (struct sg_dirent *)out) != 1)
		return 0;
	out->name[out->name_len > AER_NAME_MAX ? AER_NAME_MAX : out->name_len] = '\0';
	return 1;
}

const struct aer_dir_policy aer_dir_gatherfree = {
	AER_DIR_GATHERFREE, "gather-free", gf_lookup, gf_insert, gf_remove, gf_next,
};

/* aer_gf_check -- the indexes of directory ino against its slots (fsck):
 * 0, or -1 with the first mismatch as the message */
int aer_gf_check(struct aer_fs *fs, uint32_t ino)
{
	sg_dir *d = gf_get(fs, ino);

	if (!d)
		return -1;
	if (sg_dir_check(d) < 0)
		return aer_fail(EIO, "%s", sg_errormsg());
	return 0;
}

/* aer_dir_forget -- ino is being freed: its index must not outlive it */
void aer_dir_forget(struct aer_fs *fs, uint32_t ino)
{
	struct aer_gf_dir *g = fs->gf_dirs && ino < fs->sb->ninodes ? fs->gf_dirs[ino] : NULL;

	if (!g)
		return;
	fs->gf_dirs[ino] = NULL;
	/* libsanguo may still resync it when this transaction ends: close later */
	if (fs->gf_ndead == fs->gf_dead_cap) {
		uint32_t cap = fs->gf_dead_cap ? 2 * fs->gf_dead_cap : 16;
		struct aer_gf_dir **n = realloc(fs->gf_dead, cap * sizeof *n);
		if (!n)
			return;  /* leaks one index rather than risk a use after free */
		fs->gf_dead = n;
		fs->gf_dead_cap = cap;
	}
	fs->gf_dead[fs->gf_ndead++] = g;
}

/* aer_dirs_reap -- closes the indexes of removed directories */
void aer_dirs_reap(struct aer_fs *fs)
{
	for (uint32_t i = 0; i < fs->gf_ndead; i++) {
		sg_dir_close(fs->gf_dead[i]->d);
		free(fs->gf_dead[i]);
	}
	fs->gf_ndead = 0;
}

/* aer_dirs_close_all -- every index goes (unmount) */
void aer_dirs_close_all(struct aer_fs *fs)
{
	aer_dirs_reap(fs);
	free(fs->gf_dead);
	fs->gf_dead = NULL;
	fs->gf_dead_cap = 0;
	if (fs->gf_dirs)
		for (uint32_t i = 0; i < fs->sb->ninodes; i++)
			if (fs->gf_dirs[i]) {
				sg_dir_close(fs->gf_dirs[i]->d);
				free(fs->gf_dirs[i]);
			}
	free(fs->gf_dirs);
	fs->gf_dirs = NULL;
}
