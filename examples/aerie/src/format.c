/*
 * format.c -- mkfs: a new pool holding an empty layout (superblock, inode
 * table with the two root directories, bitmap with the metadata blocks used).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmem_shim.h>

#include "aerie/aerie.h"
#include "fs.h"

/* pool_size_of -- (internal) the size a new pool gets */
static size_t pool_size_of(const struct aerie_mkfs_opts *o)
{
	const char *env = getenv("PMS_POOL_SIZE");
	char *end;
	size_t n;

	if (o && o->pool_size)
		return o->pool_size;
	if (!env)
		return PMS_DEFAULT_SIZE;
	n = strtoull(env, &end, 10);
	switch (*end) {
	case 'G': case 'g': return n << 30;
	case 'M': case 'm': return n << 20;
	case 'K': case 'k': return n << 10;
	default: return n;
	}
}

/* What a transaction must be able to snapshot once every block is taken
 * (cutting a file inside a block logs the rest of the block, 4 KiB; a journal
 * of several such operations more). */
#define AER_LOG_PROBE ((size_t)16 << 10)

/* alloc_region -- (internal) a page-aligned region of most of the pool, made
 * smaller by `shrink` steps of 1/32 of the pool. The rest stays PMDK's: its
 * undo log grows into its heap when a transaction snapshots more than a lane
 * holds, and pools under 32 MiB use only PMDK's log. */
static struct aer_super *alloc_region(size_t pool_size, unsigned shrink, uint32_t *nblocks)
{
	size_t first = pool_size < ((size_t)64 << 20) ? pool_size / 8 * 5 : pool_size / 4 * 3;
	size_t step = pool_size / 32;

	for (size_t bytes = first - (size_t)shrink * step; shrink * step < first &&
			bytes >= 64 * AER_BLOCK_SIZE; bytes -= step) {
		char *obj = pms_malloc(bytes + AER_BLOCK_SIZE);
		if (obj) {
			uintptr_t a = ((uintptr_t)obj + AER_BLOCK_SIZE - 1) & ~(uintptr_t)(AER_BLOCK_SIZE - 1);
			*nblocks = (uint32_t)(bytes / AER_BLOCK_SIZE);
			return (struct aer_super *)a;
		}
	}
	aer_fail(ENOSPC, "pool of %zu bytes is too small for a file system", pool_size);
	return NULL;
}

/* log_has_room -- (internal) 1 when a transaction on the new file system can
 * snapshot AER_LOG_PROBE bytes of its last blocks (an aborted probe) */
static int log_has_room(struct aer_super *sb)
{
	char *end = (char *)sb + (size_t)sb->nblocks * AER_BLOCK_SIZE;
	int ok;

	if (pms_tx_begin() < 0)
		return 0;
	ok = pms_tx_add_range(end - AER_LOG_PROBE, AER_LOG_PROBE) == 0;
	pms_tx_abort();
	return ok;
}

/* init_dir -- (internal) an empty directory inode */
static void init_dir(struct aer_inode *in, uint32_t parent)
{
	memset(in, 0, sizeof *in);
	in->type = AER_TYPE_DIR;
	in->nlink = 2;
	in->mode = 0755;
	in->gen = 1;
	in->parent = parent;
	in->mtime_ns = aer_now_ns();
}

/* lay_out -- (internal) writes superblock, inode table and bitmap */
static int lay_out(struct aer_super *sb, uint32_t nblocks, const struct aerie_mkfs_opts *o)
{
	const struct aer_alloc_policy *ap = aer_alloc_policy_by_name(
			o && o->alloc_policy ? o->alloc_policy : "first-fit");
	const struct aer_dir_policy *dp = aer_dir_policy_by_name(
			o && o->dir_policy ? o->dir_policy : "linear");
	uint32_t ninodes = o && o->inodes ? o->inodes + 1 : nblocks / 4;

	if (!ap)
		return aer_fail(EINVAL, "unknown allocator policy '%s' (known: first-fit, fbst)", o->alloc_policy);
	if (!dp)
		return aer_fail(EINVAL, "unknown directory policy '%s' (known: linear, gather-free)", o->dir_policy);
	if (ninodes < 64)
		ninodes = 64;
	memset(sb, 0, AER_BLOCK_SIZE);
	memcpy(sb->magic, AER_MAGIC, sizeof AER_MAGIC);
	sb->version = AER_LAYOUT_VERSION;
	sb->block_size = AER_BLOCK_SIZE;
	sb->nblocks = nblocks;
	sb->inode_start = 1;
	sb->inode_blocks = (ninodes + AER_INODES_PER_BLOCK - 1) / AER_INODES_PER_BLOCK;
	sb->ninodes = sb->inode_blocks * AER_INODES_PER_BLOCK;
	sb->bitmap_start = 1 + sb->inode_blocks;
	sb->bitmap_blocks = (nblocks + AER_BLOCK_SIZE * 8 - 1) / (AER_BLOCK_SIZE * 8);
	sb->data_start = sb->bitmap_start + sb->bitmap_blocks;
	sb->alloc_policy = ap->id;
	sb->dir_policy = dp->id;
	sb->root_ino = AER_INO_ROOT;
	sb->kv_ino = AER_INO_KV;
	if (sb->data_start + 16 > nblocks)
		return aer_fail(ENOSPC, "%u inodes leave no data blocks in %u blocks", ninodes, nblocks);
	/* the inode table and bitmap follow the superblock directly */
	memset((char *)sb + AER_BLOCK_SIZE, 0, (size_t)(sb->data_start - 1) * AER_BLOCK_SIZE);
	struct aer_inode *inodes = (struct aer_inode *)((char *)sb + AER_BLOCK_SIZE);
	uint8_t *bitmap = (uint8_t *)sb + (size_t)sb->bitmap_start * AER_BLOCK_SIZE;
	init_dir(&inodes[AER_INO_ROOT], AER_INO_ROOT);
	init_dir(&inodes[AER_INO_KV], AER_INO_KV);
	for (uint32_t b = 0; b < sb->data_start; b++)
		bitmap[b >> 3] |= (uint8_t)(1u << (b & 7));
	pms_persist(sb, (size_t)sb->data_start * AER_BLOCK_SIZE);
	return 0;
}

/* make_fs -- (internal) a new pool at pool_path with the region shrunk by
 * `shrink` steps; 1 when made and its log has room, 0 when made without room
 * (removed again), -1 on error (nothing left behind) */
static int make_fs(const char *pool_path, const struct aerie_mkfs_opts *opts, unsigned shrink)
{
	struct pms_pool_opts po = { 0, pool_size_of(opts), 0 };
	struct aer_super *sb;
	uint32_t nblocks;
	pms_pool *pool;
	int rc = -1;

	if (!(pool = pms_pool_open(pool_path, PMS_CREATE | PMS_EXCL, &po)))
		return aer_fail(errno, "%s", pms_errormsg());
	if (pms_tx_begin() < 0) {
		aer_fail(errno, "%s", pms_errormsg());
		goto out;
	}
	if (!(sb = alloc_region(po.size, shrink, &nblocks)) || lay_out(sb, nblocks, opts) < 0) {
		pms_tx_abort();
		goto out;
	}
	if (pms_root_set(AER_ROOT_NAME, sb) < 0) {
		aer_fail(errno, "%s", pms_errormsg());
		pms_tx_abort();
		goto out;
	}
	if (pms_tx_commit() < 0) {
		aer_fail(errno, "%s", pms_errormsg());
		goto out;
	}
	rc = log_has_room(sb);
out:
	pms_pool_close(pool);
	if (rc <= 0)
		unlink(pool_path);  /* a pool without a usable file system is nobody's */
	return rc;
}

/* aerie_mkfs -- a new pool with an empty file system. Its region is as large
 * as leaves PMDK's heap the room of a transaction's undo log: PMDK's lanes
 * take a few MiB of any pool, so a fixed share of a small pool left none (an
 * 8 MiB file system could not cut a full file inside a block). */
int aerie_mkfs(const char *pool_path, const struct aerie_mkfs_opts *opts)
{
	if (pms_pool_current())
		return aer_fail(EBUSY, "a pool is already open in this process");
	for (unsigned shrink = 0; shrink < 32; shrink++) {
		int rc = make_fs(pool_path, opts, shrink);
		if (rc != 0)
			return rc < 0 ? -1 : 0;
	}
	return aer_fail(ENOSPC, "pool of %zu bytes leaves no room for the undo log", pool_size_of(opts));
}
