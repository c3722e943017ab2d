/*
 * journal_ns.c -- validating and applying the namespace operations of a
 * journal: create, mkdir, link, unlink, rmdir, rename.
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "fs.h"

/* aer_name_check -- a name a directory may hold */
int aer_name_check(const char *name, size_t *len)
{
	size_t n = strnlen(name, AER_NAME_MAX + 1);

	if (n > AER_NAME_MAX)
		return aer_fail(ENAMETOOLONG, "name longer than %u bytes", AER_NAME_MAX);
	if (n == 0)
		return aer_fail(EINVAL, "empty name");
	if (memchr(name, '/', n) || !strcmp(name, ".") || !strcmp(name, ".."))
		return aer_fail(EINVAL, "name '%s' is not a single path component", name);
	*len = n;
	return 0;
}

/* dir_of -- (internal) the directory inode dir, or -1 with ENOENT/ENOTDIR */
static struct aer_inode *dir_of(struct aer_fs *fs, uint32_t dir)
{
	struct aer_inode *d = aer_inode(fs, dir);

	if (!d || d->type == AER_TYPE_FREE) {
		aer_fail(ENOENT, "directory inode %u does not exist", dir);
		return NULL;
	}
	if (d->type != AER_TYPE_DIR) {
		aer_fail(ENOTDIR, "inode %u is not a directory", dir);
		return NULL;
	}
	return d;
}

/* log_inode -- (internal) undo-logs a whole inode */
static int log_inode(struct aer_inode *in)
{
	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	return 0;
}

/* aer_inode_free -- frees the blocks and the slot of ino */
int aer_inode_free(struct aer_fs *fs, uint32_t ino)
{
	struct aer_inode *in = aer_inode(fs, ino);

	if (aer_map_truncate(fs, ino, 0) < 0 || log_inode(in) < 0)
		return -1;
	if (in->type == AER_TYPE_DIR)
		aer_dir_forget(fs, ino);
	uint32_t gen = in->gen;
	memset(in, 0, sizeof *in);
	in->gen = gen;  /* kept, so the next user's gen differs from any descriptor's */
	return 0;
}

/* new_inode -- (internal) claims granted inode ino as a file or directory */
static int new_inode(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx,
		uint16_t type)
{
	struct aer_inode *in = aer_inode(fs, op->ino);

	if (!in || op->ino <= AER_INO_KV)
		return aer_fail(EINVAL, "inode %u is out of range", op->ino);
	if (in->type != AER_TYPE_FREE)
		return aer_fail(EEXIST, "inode %u is already in use", op->ino);
	if (fs->inode_owner[op->ino] != ctx->client)
		return aer_fail(EPERM, "inode %u was not granted to this client", op->ino);
	if (log_inode(in) < 0)
		return -1;
	uint32_t gen = in->gen + 1;
	memset(in, 0, sizeof *in);
	in->type = type;
	in->gen = gen;
	in->mode = op->mode & 07777;
	in->nlink = type == AER_TYPE_DIR ? 2 : 1;
	in->parent = type == AER_TYPE_DIR ? op->dir : 0;
	in->mtime_ns = aer_now_ns();
	return 0;
}

/* op_create -- (internal) create and mkdir: a granted inode under a new name */
static int op_create(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx)
{
	int is_dir = op->kind == AER_OP_MKDIR;
	struct aer_inode *d = dir_of(fs, op->dir);
	size_t len;

	if (!d || aer_name_check(op->name, &len) < 0)
		return -1;
	if (fs->dir->lookup(fs, d, op->name, len, NULL))
		return aer_fail(EEXIST, "'%s' already exists in directory %u", op->name, op->dir);
	if (new_inode(fs, op, ctx, is_dir ? AER_TYPE_DIR : AER_TYPE_FILE) < 0)
		return -1;
	if (fs->dir->insert(fs, op->dir, op->name, len, op->ino) < 0)
		return -1;
	if (log_inode(d) < 0)
		return -1;
	d->nlink += is_dir;
	d->mtime_ns = aer_now_ns();
	return 0;
}

/* op_link -- (internal) one more name for an existing file */
static int op_link(struct aer_fs *fs, const struct aer_op *op)
{
	struct aer_inode *d = dir_of(fs, op->dir), *in = aer_inode(fs, op->ino);
	size_t len;

	if (!d || aer_name_check(op->name, &len) < 0)
		return -1;
	if (!in || in->type == AER_TYPE_FREE)
		return aer_fail(ENOENT, "inode %u is free: a name may not point to it", op->ino);
	if (aer_is_orphan(in))
		return aer_fail(ENOENT, "inode %u was unlinked: it gets no new name", op->ino);
	if (fs->dir->lookup(fs, d, op->name, len, NULL))
		return aer_fail(EEXIST, "'%s' already exists in directory %u", op->name, op->dir);
	if (in->type == AER_TYPE_DIR)
		return aer_fail(EPERM, "inode %u is a directory: no hard links to directories", op->ino);
	if (in->nlink == UINT16_MAX)
		return aer_fail(EMLINK, "inode %u has the most links a file may have", op->ino);
	if (fs->dir->insert(fs, op->dir, op->name, len, op->ino) < 0 || log_inode(in) < 0)
		return -1;
	in->nlink++;
	return 0;
}

/* drop_name -- (internal) removes a name and what it alone kept alive */
static int drop_name(struct aer_fs *fs, uint32_t dirno, uint32_t slot, uint32_t ino)
{
	struct aer_inode *d = aer_inode(fs, dirno), *in = aer_inode(fs, ino);

	if (fs->dir->remove(fs, dirno, slot) < 0 || log_inode(d) < 0 || log_inode(in) < 0)
		return -1;
	d->mtime_ns = aer_now_ns();
	if (in->type == AER_TYPE_DIR) {
		d->nlink--;
		return aer_inode_free(fs, ino);
	}
	if (--in->nlink == 0 && !(fs->pins && fs->pins[ino]))
		return aer_inode_free(fs, ino);
	return 0;  /* an open file without names lives until its last close */
}

/* is_empty_dir -- (internal) 1 when directory ino holds no name */
static int is_empty_dir(struct aer_fs *fs, uint32_t ino)
{
	struct aer_dirent e;
	uint32_t cursor = 0;
	return !fs->dir->next(fs, aer_inode(fs, ino), &cursor, &e);
}

/* op_remove -- (internal) unlink (a file) and rmdir (an empty directory) */
static int op_remove(struct aer_fs *fs, const struct aer_op *op)
{
	struct aer_inode *d = dir_of(fs, op->dir), *in;
	uint32_t slot = 0, ino;
	size_t len;

	if (!d || aer_name_check(op->name, &len) < 0)
		return -1;
	if (!(ino = fs->dir->lookup(fs, d, op->name, len, &slot)) || !(in = aer_inode(fs, ino)))
		return aer_fail(ENOENT, "no '%s' in directory %u", op->name, op->dir);
	if (op->kind == AER_OP_UNLINK && in->type == AER_TYPE_DIR)
		return aer_fail(EISDIR, "'%s' is a directory", op->name);
	if (op->kind == AER_OP_RMDIR && in->type != AER_TYPE_DIR)
		return aer_fail(ENOTDIR, "'%s' is not a directory", op->name);
	if (op->kind == AER_OP_RMDIR && !is_empty_dir(fs, ino))
		return aer_fail(ENOTEMPTY, "directory '%s' is not empty", op->name);
	return drop_name(fs, op->dir, slot, ino);
}

/* is_under -- (internal) 1 when directory dir is anc or lies below it */
static int is_under(struct aer_fs *fs, uint32_t dir, uint32_t anc)
{
	for (uint32_t depth = 0; depth < fs->sb->ninodes; depth++) {
		struct aer_inode *d = aer_inode(fs, dir);
		if (dir == anc)
			return 1;
		if (!d || d->parent == dir)
			return 0;  /* reached a root */
		dir = d->parent;
	}
	return 0;
}

/* replace_target -- (internal) removes the name a rename overwrites */
static int replace_target(struct aer_fs *fs, const struct aer_op *op, uint32_t src,
		uint32_t dst, uint32_t dslot)
{
	struct aer_inode *s = aer_inode(fs, src), *t = aer_inode(fs, dst);

	if (s->type == AER_TYPE_DIR && t->type != AER_TYPE_DIR)
		return aer_fail(ENOTDIR, "'%s' is not a directory", op->name2);
	if (s->type != AER_TYPE_DIR && t->type == AER_TYPE_DIR)
		return aer_fail(EISDIR, "'%s' is a directory", op->name2);
	if (t->type == AER_TYPE_DIR && !is_empty_dir(fs, dst))
		return aer_fail(ENOTEMPTY, "directory '%s' is not empty", op->name2);
	return drop_name(fs, op->dir2, dslot, dst);
}

/* op_rename -- (internal) moves a name, replacing the target as POSIX says */
static int op_rename(struct aer_fs *fs, const struct aer_op *op)
{
	struct aer_inode *sd = dir_of(fs, op->dir), *dd = dir_of(fs, op->dir2), *s;
	uint32_t sslot = 0, dslot = 0, src, dst;
	size_t slen, dlen;

	if (!sd || !dd || aer_name_check(op->name, &slen) < 0 || aer_name_check(op->name2, &dlen) < 0)
		return -1;
	if (!(src = fs->dir->lookup(fs, sd, op->name, slen, &sslot)) || !(s = aer_inode(fs, src)))
		return aer_fail(ENOENT, "no '%s' in directory %u", op->name, op->dir);
	dst = fs->dir->lookup(fs, dd, op->name2, dlen, &dslot);
	if (dst == src)
		return 0;  /* both names are the same file: POSIX does nothing */
	if (s->type == AER_TYPE_DIR && is_under(fs, op->dir2, src))
		return aer_fail(EINVAL, "cannot move directory '%s' inside itself", op->name);
	if (dst && aer_inode(fs, dst)->type == AER_TYPE_DIR && is_under(fs, op->dir, dst))
		return aer_fail(ENOTEMPTY, "'%s' holds '%s': it cannot be replaced by it", op->name2, op->name);
	if (dst && replace_target(fs, op, src, dst, dslot) < 0)
		return -1;
	if (fs->dir->remove(fs, op->dir, sslot) < 0 ||
			fs->dir->insert(fs, op->dir2, op->name2, dlen, src) < 0)
		return -1;
	if (s->type == AER_TYPE_DIR && op->dir != op->dir2) {
		if (log_inode(sd) < 0 || log_inode(dd) < 0 || log_inode(s) < 0)
			return -1;
		sd->nlink--;
		dd->nlink++;
		s->parent = op->dir2;
	}
	return 0;
}

/* aer_op_namespace -- one namespace operation, validated then applied */
int aer_op_namespace(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx)
{
	switch (op->kind) {
	case AER_OP_CREATE: case AER_OP_MKDIR: return op_create(fs, op, ctx);
	case AER_OP_LINK: return op_link(fs, op);
	case AER_OP_UNLINK: case AER_OP_RMDIR: return op_remove(fs, op);
	case AER_OP_RENAME: return op_rename(fs, op);
	}
	return aer_fail(EINVAL, "not a namespace operation");
}
