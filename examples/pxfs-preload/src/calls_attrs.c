/*
 * calls_attrs.c -- attribute calls PXFS cannot store (chmod, chown, times,
 * extended attributes): accepted on files that exist, or refused as a file
 * system without them refuses.
 *
 * PXFS keeps the mode given at creation and the time of the last change,
 * and has no call to change either (see README.md, "what PXFS lacks").
 * Accepting chmod/chown/utimensat lets cp, tar and mv finish as they do on a
 * file system that ignores ownership (vfat); the values are not kept.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <utime.h>

#include "preload.h"

/* exists -- (internal) 0 when inner names a file */
static int exists(const char *inner)
{
	struct stat st;
	return pl_stat_inner(inner, &st);
}

#define ON_FD(fd, real_call, value) do { \
	if (!pl_fd_get(fd)) \
		return real_call; \
	return value; } while (0)

int chmod(const char *p, mode_t m) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(chmod)(p, m), exists(inner)); }
int fchmodat(int d, const char *p, mode_t m, int fl) { PL_ROUTE1(d, p, PL_REAL(fchmodat)(d, p, m, fl), exists(inner)); }
int fchmod(int fd, mode_t m) { ON_FD(fd, PL_REAL(fchmod)(fd, m), 0); }
int chown(const char *p, uid_t u, gid_t g) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(chown)(p, u, g), exists(inner)); }
int lchown(const char *p, uid_t u, gid_t g) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(lchown)(p, u, g), exists(inner)); }
int fchownat(int d, const char *p, uid_t u, gid_t g, int fl)
{
	PL_ROUTE1(d, p, PL_REAL(fchownat)(d, p, u, g, fl), exists(inner));
}
int fchown(int fd, uid_t u, gid_t g) { ON_FD(fd, PL_REAL(fchown)(fd, u, g), 0); }

int utimensat(int d, const char *p, const struct timespec t[2], int fl)
{
	if (!p)   /* utimensat(fd, NULL, ...) is futimens */
		ON_FD(d, PL_REAL(utimensat)(d, p, t, fl), 0);
	PL_ROUTE1(d, p, PL_REAL(utimensat)(d, p, t, fl), exists(inner));
}
int futimens(int fd, const struct timespec t[2]) { ON_FD(fd, PL_REAL(futimens)(fd, t), 0); }
int utime(const char *p, const struct utimbuf *t) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(utime)(p, t), exists(inner)); }
int utimes(const char *p, const struct timeval t[2]) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(utimes)(p, t), exists(inner)); }
int lutimes(const char *p, const struct timeval t[2]) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(lutimes)(p, t), exists(inner)); }
int futimes(int fd, const struct timeval t[2]) { ON_FD(fd, PL_REAL(futimes)(fd, t), 0); }

/* no_xattr -- (internal) the file must exist; PXFS keeps no extended attributes */
static int no_xattr(const char *inner)
{
	if (exists(inner) < 0)
		return -1;
	errno = ENOTSUP;
	return -1;
}

static int no_fd_xattr(void)
{
	errno = ENOTSUP;
	return -1;
}

ssize_t getxattr(const char *p, const char *n, void *v, size_t s)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(getxattr)(p, n, v, s), no_xattr(inner));
}
ssize_t lgetxattr(const char *p, const char *n, void *v, size_t s)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(lgetxattr)(p, n, v, s), no_xattr(inner));
}
ssize_t fgetxattr(int fd, const char *n, void *v, size_t s)
{
	ON_FD(fd, PL_REAL(fgetxattr)(fd, n, v, s), no_fd_xattr());
}
ssize_t listxattr(const char *p, char *l, size_t s) { PL_ROUTE1(AT_FDCWD, p, PL_REAL(listxattr)(p, l, s), no_xattr(inner)); }
ssize_t llistxattr(const char *p, char *l, size_t s)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(llistxattr)(p, l, s), no_xattr(inner));
}
ssize_t flistxattr(int fd, char *l, size_t s) { ON_FD(fd, PL_REAL(flistxattr)(fd, l, s), no_fd_xattr()); }
int setxattr(const char *p, const char *n, const void *v, size_t s, int fl)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(setxattr)(p, n, v, s, fl), no_xattr(inner));
}
int lsetxattr(const char *p, const char *n, const void *v, size_t s, int fl)
{
	PL_ROUTE1(AT_FDCWD, p, PL_REAL(lsetxattr)(p, n, v, s, fl), no_xattr(inner));
}
int fsetxattr(int fd, const char *n, const void *v, size_t s, int fl)
{
	ON_FD(fd, PL_REAL(fsetxattr)(fd, n, v, s, fl), no_fd_xattr());
}
