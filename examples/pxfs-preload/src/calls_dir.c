/*
 * calls_dir.c -- directory listings under the mount: opendir, fdopendir,
 * readdir(64)(_r), telldir, seekdir, rewinddir, dirfd, closedir.
 *
 * glibc's DIR is opaque to its callers, so a listing of a PXFS directory is
 * a DIR* that points to one of ours; every call taking a DIR* looks it up in
 * the registry below before handing it to libc.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "preload.h"

struct pl_dir {
	int fd;              /* the reserved descriptor dirfd() returns; closed by closedir */
	PXFS_DIR *d;
	long pos;            /* entries returned since the start */
	struct dirent64 ent;
	struct pl_dir *next;
};

static struct pl_dir *dirs;   /* open listings, under pl_lock */

_Static_assert(sizeof(struct dirent) == sizeof(struct dirent64), "dirent64 differs from dirent");

/* find -- (internal) our listing behind d, or NULL */
static struct pl_dir *find(DIR *d)
{
	struct pl_dir *p;

	if (!dirs)
		return NULL;
	pl_enter();
	for (p = dirs; p && (DIR *)p != d; p = p->next)
		;
	pl_leave();
	return p;
}

/* listing_of -- (internal) a listing owning fd (a PXFS descriptor) */
static DIR *listing_of(int fd)
{
	struct pl_file *f = pl_fd_get(fd);
	struct pl_dir *p;
	struct stat st;

	if (pl_fstat_file(f, &st) < 0)
		return NULL;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return NULL;
	}
	if (!(p = calloc(1, sizeof *p))) {
		errno = ENOMEM;
		return NULL;
	}
	if (!(p->d = pxfs_opendir(f->path))) {
		free(p);
		return NULL;
	}
	p->fd = fd;
	p->next = dirs;
	dirs = p;
	return (DIR *)p;
}

DIR *opendir(const char *path)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner), fd;
	DIR *d = NULL;

	if (r == 0)
		return PL_REAL(opendir)(path);
	if (r < 0)
		return NULL;
	pl_enter();
	if ((fd = pl_open_inner(inner, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0, 0)) >= 0 &&
			!(d = listing_of(fd)))
		close(fd);
	pl_leave();
	return d;
}

DIR *fdopendir(int fd)
{
	DIR *d;

	if (!pl_fd_get(fd))
		return PL_REAL(fdopendir)(fd);
	pl_enter();
	d = listing_of(fd);
	pl_leave();
	return d;
}

/* next -- (internal) the next entry of p as a dirent64, or NULL */
static struct dirent64 *next(struct pl_dir *p)
{
	struct pxfs_dirent *e;
	int saved = errno;

	pl_enter();
	errno = 0;
	e = pxfs_readdir(p->d);
	if (e) {
		p->pos++;
		p->ent.d_ino = e->d_ino;
		p->ent.d_off = p->pos;
		p->ent.d_reclen = sizeof p->ent;
		p->ent.d_type = e->d_type;
		strncpy(p->ent.d_name, e->d_name, sizeof p->ent.d_name - 1);
		p->ent.d_name[sizeof p->ent.d_name - 1] = '\0';
	}
	if (!e && !errno)
		errno = saved;   /* the end leaves errno as it was */
	pl_leave();
	return e ? &p->ent : NULL;
}

struct dirent *readdir(DIR *d)
{
	struct pl_dir *p = find(d);
	return p ? (struct dirent *)next(p) : PL_REAL(readdir)(d);
}

struct dirent64 *readdir64(DIR *d)
{
	struct pl_dir *p = find(d);
	return p ? next(p) : PL_REAL(readdir64)(d);
}

/* next_r -- (internal) the reentrant forms: 0 and *res NULL at the end */
static int next_r(struct pl_dir *p, struct dirent64 *buf, struct dirent64 **res)
{
	int saved = errno, e;
	struct dirent64 *got;

	errno = 0;
	got = next(p);
	e = errno;
	errno = saved;
	if (got) {
		memcpy(buf, got, sizeof *buf);
		*res = buf;
		return 0;
	}
	*res = NULL;
	return e;
}

int readdir_r(DIR *d, struct dirent *buf, struct dirent **res)
{
	struct pl_dir *p = find(d);
	return p ? next_r(p, (struct dirent64 *)buf, (struct dirent64 **)res) : PL_REAL(readdir_r)(d, buf, res);
}

int readdir64_r(DIR *d, struct dirent64 *buf, struct dirent64 **res)
{
	struct pl_dir *p = find(d);
	return p ? next_r(p, buf, res) : PL_REAL(readdir64_r)(d, buf, res);
}

/* restart -- (internal) a fresh listing of the same directory */
static void restart(struct pl_dir *p)
{
	PXFS_DIR *n;

	pl_enter();
	if ((n = pxfs_opendir(pl_fd_get(p->fd)->path))) {
		pxfs_closedir(p->d);
		p->d = n;
		p->pos = 0;
	}
	pl_leave();
}

void rewinddir(DIR *d)
{
	struct pl_dir *p = find(d);

	if (!p) {
		PL_REAL(rewinddir)(d);
		return;
	}
	restart(p);
}

long telldir(DIR *d)
{
	struct pl_dir *p = find(d);
	return p ? p->pos : PL_REAL(telldir)(d);
}

void seekdir(DIR *d, long pos)
{
	struct pl_dir *p = find(d);

	if (!p) {
		PL_REAL(seekdir)(d, pos);
		return;
	}
	restart(p);
	while (p->pos < pos && next(p))
		;
}

int dirfd(DIR *d)
{
	struct pl_dir *p = find(d);
	return p ? p->fd : PL_REAL(dirfd)(d);
}

int closedir(DIR *d)
{
	struct pl_dir *p = find(d), **pp;

	if (!p)
		return PL_REAL(closedir)(d);
	pl_enter();
	for (pp = &dirs; *pp != p; pp = &(*pp)->next)
		;
	*pp = p->next;
	pxfs_closedir(p->d);
	close(p->fd);
	free(p);
	pl_leave();
	return 0;
}
