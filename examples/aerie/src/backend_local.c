/*
 * backend_local.c -- single-process mode: the process owns the pool and
 * applies its own journals with the same validating function the TFS uses.
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "fs.h"
#include "mount.h"

/* The one client of a single-process mount. */
#define LOCAL_CLIENT 1

static pms_pool *local_pool;

/* aer_open_owner -- opens the pool and attaches to its file system */
int aer_open_owner(struct aer_fs *fs, const char *pool_path)
{
	struct pms_pool_info info;
	struct aer_super *sb;
	pms_pool *pool;

	if (!(pool = pms_pool_open(pool_path, 0, NULL)))
		return aer_fail(errno, "%s", pms_errormsg());
	pms_pool_info(pool, &info);
	sb = pms_root_get(AER_ROOT_NAME);
	if (!sb || !pms_is_persistent(sb)) {
		pms_pool_close(pool);
		return aer_fail(EINVAL, "pool '%s' holds no Aerie file system (no '%s' root)",
				pool_path, AER_ROOT_NAME);
	}
	if (aer_super_check(sb, info.addr + info.size - (uintptr_t)sb) < 0 ||
			aer_fs_attach(fs, sb, AER_ROLE_OWNER) < 0) {
		int e = errno;
		pms_pool_close(pool);
		errno = e;
		return -1;
	}
	if (sb->seq & 1) {  /* a TFS died while applying: its transaction was undone */
		sb->seq++;
		pms_persist(&sb->seq, sizeof sb->seq);
	}
	local_pool = pool;
	return 0;
}

/* aer_close_owner -- detaches and closes the pool */
void aer_close_owner(struct aer_fs *fs)
{
	aer_fs_detach(fs);
	pms_pool_close(local_pool);
	local_pool = NULL;
}

/* aer_local_mount -- attaches and selects this backend */
int aer_local_mount(struct aer_fs *fs, const char *pool_path)
{
	if (aer_open_owner(fs, pool_path) < 0)
		return -1;
	if (aer_orphans_sweep(fs) < 0) {
		int e = errno;
		aer_close_owner(fs);
		errno = e;
		return -1;
	}
	fs->backend = &aer_local_backend;
	return 0;
}

/* local_submit -- applies a journal as client 1 */
static int local_submit(struct aer_fs *fs, const struct aer_journal *j)
{
	struct aer_apply_ctx ctx = { LOCAL_CLIENT, NULL, NULL };
	return aer_journal_apply(fs, j, &ctx);
}

/* local_grant_blocks -- reserves blocks in this process's grant table */
static int local_grant_blocks(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len)
{
	return aer_grant_blocks(fs, LOCAL_CLIENT, want, start, len);
}

/* local_ungrant_blocks -- returns unclaimed blocks */
static void local_ungrant_blocks(struct aer_fs *fs, uint32_t start, uint32_t len)
{
	for (uint32_t b = start; b < start + len; b++)
		if (fs->block_owner[b] == LOCAL_CLIENT)
			fs->block_owner[b] = 0;
	if (start < fs->alloc_hint)
		fs->alloc_hint = start;
}

/* local_grant_inode -- reserves an inode number */
static int local_grant_inode(struct aer_fs *fs, uint32_t *ino)
{
	return aer_grant_inode(fs, LOCAL_CLIENT, ino);
}

/* local_ungrant_inode -- returns an unclaimed inode number */
static void local_ungrant_inode(struct aer_fs *fs, uint32_t ino)
{
	if (aer_inode(fs, ino) && fs->inode_owner[ino] == LOCAL_CLIENT)
		fs->inode_owner[ino] = 0;
}

/* local_lease, local_release, local_writable -- one process: nobody else to
 * exclude, and the whole pool is writable */
static int local_lease(struct aer_fs *fs, uint32_t ino, uint32_t gen) { return 0; }
static void local_release(struct aer_fs *fs, uint32_t ino) { }
static int local_retake(struct aer_fs *fs, uint32_t ino, uint32_t gen) { return 0; }
static int local_writable(struct aer_fs *fs, uint32_t ino, uint32_t start, uint32_t len)
{
	return 0;
}

/* local_pin, local_unpin -- this process owns the pins (and the walk that
 * found ino ran under the same lock: it cannot be stale) */
static void local_pin(struct aer_fs *fs, uint32_t ino, uint32_t gen) { aer_pin(fs, ino); }
static void local_unpin(struct aer_fs *fs, uint32_t ino) { aer_unpin(fs, ino); }

/* local_flush -- cache-line write-back through pmem_shim */
static void local_flush(struct aer_fs *fs, const void *addr, size_t len)
{
	pms_flush(addr, len);  /* msyncs on its own when the pool is not pmem */
}

/* local_unmount -- closes the pool */
static void local_unmount(struct aer_fs *fs)
{
	aer_close_owner(fs);
}

const struct aer_backend aer_local_backend = {
	"local", local_submit, local_grant_blocks, local_ungrant_blocks, local_grant_inode,
	local_ungrant_inode, local_lease, local_release, local_retake, local_writable, local_pin, local_unpin, local_flush,
	local_unmount,
};
