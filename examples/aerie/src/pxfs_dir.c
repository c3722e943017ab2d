/*
 * pxfs_dir.c -- PXFS directory listings: opendir, readdir, closedir.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "aerie/pxfs.h"
#include "client.h"

struct pxfs_dir {
	uint32_t ino;
	uint32_t gen;
	uint32_t cursor;   /* slots of the directory; "." and ".." before them */
	int dots;          /* how many of "." and ".." were returned */
	struct pxfs_dirent ent;
};

/* pxfs_opendir -- a listing of path */
PXFS_DIR *pxfs_opendir(const char *path)
{
	struct aer_fs *fs = aer_enter();
	struct aer_inode in;
	PXFS_DIR *d = NULL;
	uint32_t ino;

	if (!fs)
		return NULL;
	if (aer_walk(fs, path, &ino) < 0 || aer_inode_copy(fs, ino, &in) < 0)
		goto out;
	if (in.type != AER_TYPE_DIR) {
		aer_fail(ENOTDIR, "'%s' is not a directory", path);
		goto out;
	}
	if (!(d = calloc(1, sizeof *d))) {
		aer_fail(ENOMEM, "no memory for a directory listing");
		goto out;
	}
	d->ino = ino;
	d->gen = in.gen;
out:
	aer_leave();
	return d;
}

/* next_entry -- (internal) the next used slot, consistently */
static int next_entry(struct aer_fs *fs, PXFS_DIR *d, struct aer_dirent *e)
{
	uint32_t cursor;
	uint64_t s = 0;
	int got;

	do {
		if (aer_is_client(fs))
			s = aer_seq_begin(fs);
		cursor = d->cursor;
		got = fs->dir->next(fs, aer_inode(fs, d->ino), &cursor, e);
	} while (aer_is_client(fs) && aer_seq_retry(fs, s));
	d->cursor = cursor;
	return got;
}

/* pxfs_readdir -- the next entry, NULL at the end */
struct pxfs_dirent *pxfs_readdir(PXFS_DIR *d)
{
	struct aer_fs *fs;
	struct pxfs_dirent *r = NULL;
	struct aer_inode in;
	struct aer_dirent e;

	if (!d) {
		aer_fail(EBADF, "NULL directory listing");
		return NULL;
	}
	if (!(fs = aer_enter()))
		return NULL;
	if (aer_inode_copy(fs, d->ino, &in) < 0 || in.gen != d->gen) {
		aer_fail(ENOENT, "the directory was removed");
		goto out;
	}
	if (d->dots < 2) {
		d->ent.d_ino = d->dots ? in.parent : d->ino;
		d->ent.d_type = DT_DIR;
		strcpy(d->ent.d_name, d->dots ? ".." : ".");
		d->dots++;
		r = &d->ent;
	} else if (next_entry(fs, d, &e)) {
		struct aer_inode child;
		d->ent.d_ino = e.ino;
		d->ent.d_type = aer_inode_copy(fs, e.ino, &child) == 0 && child.type == AER_TYPE_DIR
			? DT_DIR : DT_REG;
		memcpy(d->ent.d_name, e.name, (size_t)e.name_len + 1);
		r = &d->ent;
	}
out:
	aer_leave();
	return r;
}

/* pxfs_closedir -- frees the listing */
int pxfs_closedir(PXFS_DIR *d)
{
	if (!d)
		return aer_fail(EBADF, "NULL directory listing");
	free(d);
	return 0;
}
