/*
 * path.c -- path walks and consistent metadata reads for PXFS and KVFS. A
 * TFS client reads a layout the service may change under it, so each read
 * runs under the superblock's seqlock and is retried when a journal was
 * applied meanwhile; every reference is bounds-checked before it is followed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* strchrnul */
#endif
#include <errno.h>
#include <string.h>
#include <time.h>

#include "client.h"

/* lookup_raw -- (internal) the inode of a name of len bytes in dir, or 0 */
static uint32_t lookup_raw(struct aer_fs *fs, uint32_t dir, const char *name, size_t len)
{
	const struct aer_inode *d = aer_inode(fs, dir);

	if (!d || d->type != AER_TYPE_DIR)
		return 0;
	return fs->dir->lookup(fs, d, name, len, NULL);
}

/* walk_once -- (internal) one attempt at resolving path */
static int walk_once(struct aer_fs *fs, const char *path, uint32_t *out)
{
	uint32_t cur = AER_INO_ROOT;
	const char *p = path;

	while (*p) {
		const char *e;
		size_t len;
		const struct aer_inode *in = aer_inode(fs, cur);

		while (*p == '/')
			p++;
		if (!*p)
			break;
		e = strchrnul(p, '/');
		len = (size_t)(e - p);
		if (!in || in->type != AER_TYPE_DIR)
			return aer_fail(ENOTDIR, "'%s': a component before '%.*s' is not a directory",
					path, (int)len, p);
		if (len > AER_NAME_MAX)
			return aer_fail(ENAMETOOLONG, "'%.*s...' is longer than %u bytes", 20, p, AER_NAME_MAX);
		if (len == 2 && p[0] == '.' && p[1] == '.')
			cur = in->parent;
		else if (!(len == 1 && p[0] == '.')) {
			uint32_t next = lookup_raw(fs, cur, p, len);
			if (!next)
				return aer_fail(ENOENT, "'%s': no '%.*s'", path, (int)len, p);
			cur = next;
		}
		p = e;
	}
	if (path[0] && path[strlen(path) - 1] == '/') {
		const struct aer_inode *in = aer_inode(fs, cur);
		if (!in || in->type != AER_TYPE_DIR)
			return aer_fail(ENOTDIR, "'%s' is not a directory", path);
	}
	*out = cur;
	return 0;
}

/* check_path -- (internal) empty and overlong paths */
static int check_path(const char *path)
{
	if (!path)
		return aer_fail(EFAULT, "NULL path");
	if (!*path)
		return aer_fail(ENOENT, "empty path");
	if (strnlen(path, AER_PATH_MAX + 1) > AER_PATH_MAX)
		return aer_fail(ENAMETOOLONG, "path longer than %u bytes", AER_PATH_MAX);
	return 0;
}

/* aer_seq_wait -- the seqlock's slow path: spin, then sleep, then give up */
uint64_t aer_seq_wait(const struct aer_fs *fs)
{
	uint64_t s;

	for (unsigned i = 0; i < 100000 + 1000; i++) {
		if (!((s = __atomic_load_n(&fs->sb->seq, __ATOMIC_ACQUIRE)) & 1))
			return s;
		if (i >= 100000) {
			struct timespec ts = { 0, 1000000 };
			nanosleep(&ts, NULL);
		}
	}
	return s;
}

/* aer_walk -- the inode path names */
int aer_walk(struct aer_fs *fs, const char *path, uint32_t *ino)
{
	uint64_t s;
	int rc;

	if (check_path(path) < 0)
		return -1;
	if (!aer_is_client(fs))
		return walk_once(fs, path, ino);
	do {
		s = aer_seq_begin(fs);
		rc = walk_once(fs, path, ino);
	} while (aer_seq_retry(fs, s));
	return rc;
}

/* aer_walk_parent -- the directory of path's last component, and the component */
int aer_walk_parent(struct aer_fs *fs, const char *path, uint32_t *dir, char *name)
{
	char parent[AER_PATH_MAX + 1];
	size_t n, len;
	const char *last;

	if (check_path(path) < 0)
		return -1;
	n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;  /* "a/b/" names b */
	memcpy(parent, path, n);
	parent[n] = '\0';
	last = strrchr(parent, '/');
	last = last ? last + 1 : parent;
	len = strlen(last);
	if (len == 0 || !strcmp(last, ".") || !strcmp(last, ".."))
		return aer_fail(EINVAL, "'%s' does not end in a name", path);
	if (len > AER_NAME_MAX)
		return aer_fail(ENAMETOOLONG, "'%s' is longer than %u bytes", last, AER_NAME_MAX);
	memcpy(name, last, len + 1);
	parent[last - parent] = '\0';
	if (aer_walk(fs, parent[0] ? parent : "/", dir) < 0)
		return -1;
	if (aer_inode(fs, *dir)->type != AER_TYPE_DIR)
		return aer_fail(ENOTDIR, "'%s' is not a directory", parent);
	return 0;
}

/* aer_lookup -- name in dir, consistently */
uint32_t aer_lookup(struct aer_fs *fs, uint32_t dir, const char *name)
{
	uint32_t ino;
	uint64_t s;

	if (!aer_is_client(fs))
		return lookup_raw(fs, dir, name, strlen(name));
	do {
		s = aer_seq_begin(fs);
		ino = lookup_raw(fs, dir, name, strlen(name));
	} while (aer_seq_retry(fs, s));
	return ino;
}

/* aer_inode_copy -- a consistent copy of an allocated inode */
int aer_inode_copy(struct aer_fs *fs, uint32_t ino, struct aer_inode *out)
{
	const struct aer_inode *in = aer_inode(fs, ino);
	uint64_t s;

	if (!in)
		return aer_fail(ENOENT, "inode %u is out of range", ino);
	do {
		s = aer_is_client(fs) ? aer_seq_begin(fs) : 0;
		*out = *in;
	} while (aer_is_client(fs) && aer_seq_retry(fs, s));
	if (out->type == AER_TYPE_FREE)
		return aer_fail(ENOENT, "inode %u was removed", ino);
	return 0;
}

/* aer_op_name_set -- copies a name into an operation */
int aer_op_name_set(char *dst, const char *name)
{
	size_t n = strnlen(name, AER_NAME_MAX + 1);

	if (n > AER_NAME_MAX)
		return aer_fail(ENAMETOOLONG, "name longer than %u bytes", AER_NAME_MAX);
	memcpy(dst, name, n);
	dst[n] = '\0';
	return 0;
}

/* aer_submit_one -- a journal of one operation */
int aer_submit_one(struct aer_fs *fs, const struct aer_op *op)
{
	static __thread struct aer_journal j;

	j.nops = 1;
	j.ops[0] = *op;
	return fs->backend->submit(fs, &j);
}
