/*
 * calls_names.c -- calls on names under the mount: mkdir, rmdir, unlink,
 * rename, link, truncate, access, readlink, symlink, mknod, realpath, remove.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "preload.h"

char *__realpath_chk(const char *path, char *resolved, size_t len);

/* at_root -- (internal) -1 with e when inner is the mount's root, which the
 * kernel would treat as a mount point (PXFS calls it an invalid name) */
static int at_root(const char *inner, int e)
{
	if (strcmp(inner, "/"))
		return 0;
	errno = e;
	return -1;
}

/* mkdir_inner, rmdir_inner -- (internal) with the mount point's errnos */
static int mkdir_inner(const char *inner, mode_t m)
{
	return at_root(inner, EEXIST) ? -1 : pxfs_mkdir(inner, (m & 07777) & ~pl_umask());
}
static int rmdir_inner(const char *inner)
{
	return at_root(inner, EBUSY) ? -1 : pxfs_rmdir(inner);
}

int mkdir(const char *p, mode_t m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(mkdir)(p, m), mkdir_inner(inner, m)); }
int mkdirat(int d, const char *p, mode_t m) { PL_ROUTE1(d, p, PL_REAL(mkdirat)(d, p, m), mkdir_inner(inner, m)); }
int rmdir(const char *p) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(rmdir)(p), rmdir_inner(inner)); }
int unlink(const char *p) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(unlink)(p), pxfs_unlink(inner)); }
int unlinkat(int d, const char *p, int fl)
{
	PL_ROUTE1(d, p, PL_REAL(unlinkat)(d, p, fl), (fl & AT_REMOVEDIR) ? rmdir_inner(inner) : pxfs_unlink(inner));
}
int truncate(const char *p, off_t len) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(truncate)(p, len), pxfs_truncate(inner, len)); }
int truncate64(const char *p, off64_t len)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(truncate64)(p, len), pxfs_truncate(inner, len));
}

/* access_inner -- (internal) permissions are stored, not enforced by PXFS:
 * the file must exist, and X_OK needs an execute bit (or a directory) */
static int access_inner(const char *inner, int mode)
{
	struct stat st;

	if (pl_stat_inner(inner, &st) < 0)
		return -1;
	if ((mode & X_OK) && !S_ISDIR(st.st_mode) && !(st.st_mode & 0111)) {
		errno = EACCES;
		return -1;
	}
	return 0;
}

int access(const char *p, int m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(access)(p, m), access_inner(inner, m)); }
int faccessat(int d, const char *p, int m, int fl)
{
	PL_ROUTE1(d, p, PL_REAL(faccessat)(d, p, m, fl), access_inner(inner, m));
}
int euidaccess(const char *p, int m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(euidaccess)(p, m), access_inner(inner, m)); }
int eaccess(const char *p, int m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(eaccess)(p, m), access_inner(inner, m)); }

/* not_a_link -- (internal) PXFS has no symbolic links: EINVAL on what exists */
static int not_a_link(const char *inner)
{
	struct stat st;

	if (pl_stat_inner(inner, &st) < 0)
		return -1;
	errno = EINVAL;
	return -1;
}

ssize_t readlink(const char *p, char *buf, size_t n)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(readlink)(p, buf, n), not_a_link(inner));
}
ssize_t readlinkat(int d, const char *p, char *buf, size_t n)
{
	PL_ROUTE1(d, p, PL_REAL(readlinkat)(d, p, buf, n), not_a_link(inner));
}

/* unsupported -- (internal) a kind of file PXFS cannot hold */
static int unsupported(void)
{
	errno = EPERM;
	return -1;
}

int symlink(const char *t, const char *p) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(symlink)(t, p), unsupported()); }
int symlinkat(const char *t, int d, const char *p) { PL_ROUTE1(d, p, PL_REAL(symlinkat)(t, d, p), unsupported()); }
int mknod(const char *p, mode_t m, dev_t dev)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(mknod)(p, m, dev), unsupported());
}
int mknodat(int d, const char *p, mode_t m, dev_t dev)
{
	PL_ROUTE1(d, p, PL_REAL(mknodat)(d, p, m, dev), unsupported());
}
int mkfifo(const char *p, mode_t m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(mkfifo)(p, m), unsupported()); }

/* two_paths -- (internal) 1 both under the mount, 0 both outside, -1 error
 * (EXDEV when they straddle it, as between two real file systems) */
static int two_paths(int d1, const char **p1, int d2, const char **p2, char *in1, char *in2)
{
	int r1 = pl_route(d1, p1, in1), r2;

	if (r1 < 0)
		return -1;
	if ((r2 = pl_route(d2, p2, in2)) < 0)
		return -1;
	if (r1 != r2) {
		errno = EXDEV;
		return -1;
	}
	return r1;
}

/* rename_inner -- (internal) RENAME_NOREPLACE checked here; RENAME_EXCHANGE unsupported */
static int rename_inner(const char *from, const char *to, unsigned flags)
{
	struct stat st;

	if (flags & ~RENAME_NOREPLACE) {
		errno = EINVAL;
		return -1;
	}
	if ((flags & RENAME_NOREPLACE) && pxfs_stat(to, &st) == 0) {
		errno = EEXIST;
		return -1;
	}
	return pxfs_rename(from, to);
}

#define ROUTE2(d1, p1, d2, p2, real_call, body) do { \
	char in1[PL_PATH_MAX], in2[PL_PATH_MAX]; \
	int route_ = two_paths(d1, &(p1), d2, &(p2), in1, in2), r_; \
	if (route_ == 0) \
		return real_call; \
	if (route_ < 0) \
		return -1; \
	pl_enter(); \
	r_ = (body); \
	pl_leave(); \
	return r_; } while (0)

int rename(const char *a, const char *b)
{
	ROUTE2(AT_FDCWD, a, AT_FDCWD, b, PL_REAL(rename)(a, b), rename_inner(in1, in2, 0));
}
int renameat(int da, const char *a, int db, const char *b)
{
	ROUTE2(da, a, db, b, PL_REAL(renameat)(da, a, db, b), rename_inner(in1, in2, 0));
}
int renameat2(int da, const char *a, int db, const char *b, unsigned fl)
{
	ROUTE2(da, a, db, b, PL_REAL(renameat2)(da, a, db, b, fl), rename_inner(in1, in2, fl));
}
int link(const char *a, const char *b)
{
	ROUTE2(AT_FDCWD, a, AT_FDCWD, b, PL_REAL(link)(a, b), pxfs_link(in1, in2));
}
int linkat(int da, const char *a, int db, const char *b, int fl)
{
	ROUTE2(da, a, db, b, PL_REAL(linkat)(da, a, db, b, fl), pxfs_link(in1, in2));
}

/* real_path_inner -- (internal) the mount prefix + inner, when it exists */
static char *real_path_inner(const char *inner, char *resolved)
{
	size_t mlen;
	const char *m = pl_mount_prefix(&mlen);
	struct stat st;
	char *out;

	if (pl_stat_inner(inner, &st) < 0)
		return NULL;
	if (mlen + strlen(inner) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	if (!(out = resolved ? resolved : malloc(PATH_MAX)))
		return NULL;
	snprintf(out, PATH_MAX, "%s%s", m, strcmp(inner, "/") ? inner : "");
	return out;
}

#define ROUTE_PTR(path, real_call, body) do { \
	char inner[PL_PATH_MAX]; \
	int route_ = pl_route(AT_FDCWD, &(path), inner); \
	char *r_; \
	if (route_ == 0) \
		return real_call; \
	if (route_ < 0) \
		return NULL; \
	pl_enter(); \
	r_ = (body); \
	pl_leave(); \
	return r_; } while (0)

char *realpath(const char *p, char *res) { ROUTE_PTR(p, PL_REAL(realpath)(p, res), real_path_inner(inner, res)); }
char *__realpath_chk(const char *p, char *res, size_t len)
{
	ROUTE_PTR(p, PL_REAL(__realpath_chk)(p, res, len), real_path_inner(inner, res));
}
char *canonicalize_file_name(const char *p)
{
	ROUTE_PTR(p, PL_REAL(canonicalize_file_name)(p), real_path_inner(inner, NULL));
}

/* remove_inner -- (internal) remove(): unlink, or rmdir for a directory */
static int remove_inner(const char *inner)
{
	struct stat st;

	if (pl_stat_inner(inner, &st) < 0)
		return -1;
	return S_ISDIR(st.st_mode) ? rmdir_inner(inner) : pxfs_unlink(inner);
}

/* glibc's remove() calls its internal unlink and rmdir, past the symbols above */
int remove(const char *p) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(remove)(p), remove_inner(inner)); }
