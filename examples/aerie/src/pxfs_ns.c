/*
 * pxfs_ns.c -- PXFS calls on names: stat, truncate, unlink, link, rename,
 * mkdir, rmdir.
 */
#include <errno.h>
#include <string.h>

#include "aerie/pxfs.h"
#include "client.h"

/* aer_stat_fill -- struct stat of inode ino */
int aer_stat_fill(struct aer_fs *fs, uint32_t ino, struct stat *st)
{
	struct aer_inode in;
	uint64_t blocks = 0;

	if (aer_inode_copy(fs, ino, &in) < 0)
		return -1;
	for (uint32_t i = 0; i < in.nextents && i < AER_MAX_EXTENTS; i++) {
		const struct aer_extent *e = aer_extent_at(fs, &in, i);
		if (e)
			blocks += e->len;
	}
	memset(st, 0, sizeof *st);
	st->st_ino = ino;
	st->st_mode = (in.type == AER_TYPE_DIR ? S_IFDIR : S_IFREG) | (in.mode & 07777);
	st->st_nlink = in.nlink;
	st->st_size = (off_t)in.size;
	st->st_blksize = AER_BLOCK_SIZE;
	st->st_blocks = (blkcnt_t)(blocks * (AER_BLOCK_SIZE / 512));
	st->st_mtim.tv_sec = (time_t)(in.mtime_ns / 1000000000u);
	st->st_mtim.tv_nsec = (long)(in.mtime_ns % 1000000000u);
	st->st_ctim = st->st_atim = st->st_mtim;
	return 0;
}

/* aer_set_size -- truncate or extend a file (the caller holds its lease) */
int aer_set_size(struct aer_fs *fs, uint32_t ino, off_t len)
{
	struct aer_op op = { .kind = AER_OP_SET_SIZE, .ino = ino, .size = (uint64_t)len };

	if (len < 0)
		return aer_fail(EINVAL, "negative length %lld", (long long)len);
	if (aer_inode(fs, ino)->type == AER_TYPE_DIR)
		return aer_fail(EISDIR, "inode %u is a directory", ino);
	return aer_submit_one(fs, &op);
}

/* pxfs_stat -- stat of path */
int pxfs_stat(const char *path, struct stat *st)
{
	struct aer_fs *fs;
	uint32_t ino;
	int rc;

	if (!st)
		return aer_fail(EFAULT, "NULL stat buffer");
	if (!(fs = aer_enter()))
		return -1;
	rc = aer_walk(fs, path, &ino) < 0 ? -1 : aer_stat_fill(fs, ino, st);
	aer_leave();
	return rc;
}

/* pxfs_truncate -- the size of the file path names */
int pxfs_truncate(const char *path, off_t len)
{
	struct aer_fs *fs = aer_enter();
	uint32_t ino;
	int rc = -1;

	if (!fs)
		return -1;
	/* the lease checks the walk's generation: a file removed meanwhile is
	 * looked up again, never resized under its old number */
	for (int tries = 0; tries < 16 && rc < 0; tries++) {
		struct aer_inode in;
		if (aer_walk(fs, path, &ino) < 0)
			break;
		if (aer_inode_copy(fs, ino, &in) < 0 || fs->backend->lease(fs, ino, in.gen) < 0) {
			if (errno == ENOENT || errno == ESTALE)
				continue;
			break;
		}
		rc = aer_set_size(fs, ino, len);
		fs->backend->release(fs, ino);
		break;
	}
	aer_leave();
	return rc;
}

/* name_op -- (internal) a one-operation journal on path's last name */
static int name_op(struct aer_op *op, const char *path)
{
	struct aer_fs *fs = aer_enter();
	int rc = -1;

	if (!fs)
		return -1;
	if (aer_walk_parent(fs, path, &op->dir, op->name) < 0)
		goto out;
	if (op->kind == AER_OP_UNLINK || op->kind == AER_OP_RMDIR) {
		if (!aer_lookup(fs, op->dir, op->name)) {
			aer_fail(ENOENT, "'%s' does not exist", path);
			goto out;
		}
	} else if (aer_lookup(fs, op->dir, op->name)) {
		aer_fail(EEXIST, "'%s' exists", path);
		goto out;
	} else if (op->kind == AER_OP_MKDIR && fs->backend->grant_inode(fs, &op->ino) < 0)
		goto out;
	rc = aer_submit_one(fs, op);
	if (rc < 0 && op->kind == AER_OP_MKDIR) {
		int e = errno;
		fs->backend->ungrant_inode(fs, op->ino);
		errno = e;
	}
out:
	aer_leave();
	return rc;
}

/* pxfs_unlink -- removes a file's name */
int pxfs_unlink(const char *path)
{
	struct aer_op op = { .kind = AER_OP_UNLINK };
	return name_op(&op, path);
}

/* pxfs_rmdir -- removes an empty directory */
int pxfs_rmdir(const char *path)
{
	struct aer_op op = { .kind = AER_OP_RMDIR };
	return name_op(&op, path);
}

/* pxfs_mkdir -- creates a directory */
int pxfs_mkdir(const char *path, mode_t mode)
{
	struct aer_op op = { .kind = AER_OP_MKDIR, .mode = mode };
	return name_op(&op, path);
}

/* pxfs_link -- newpath names the file oldpath names */
int pxfs_link(const char *oldpath, const char *newpath)
{
	struct aer_op op = { .kind = AER_OP_LINK };
	struct aer_fs *fs = aer_enter();
	int rc;

	if (!fs)
		return -1;
	rc = aer_walk(fs, oldpath, &op.ino);
	aer_leave();
	/* a directory is refused by the journal, after EEXIST as POSIX orders them */
	return rc < 0 ? -1 : name_op(&op, newpath);
}

/* pxfs_rename -- moves oldpath to newpath, replacing it as POSIX says */
int pxfs_rename(const char *oldpath, const char *newpath)
{
	struct aer_op op = { .kind = AER_OP_RENAME };
	struct aer_fs *fs = aer_enter();
	int rc = -1;

	if (!fs)
		return -1;
	if (aer_walk_parent(fs, oldpath, &op.dir, op.name) < 0 ||
			aer_walk_parent(fs, newpath, &op.dir2, op.name2) < 0)
		goto out;
	if (!aer_lookup(fs, op.dir, op.name)) {
		aer_fail(ENOENT, "'%s' does not exist", oldpath);
		goto out;
	}
	rc = aer_submit_one(fs, &op);
out:
	aer_leave();
	return rc;
}
