/*
 * calls_stat.c -- the stat family (old __xstat entry points, the 64 and *at
 * forms, statx) and statfs/statvfs for paths and descriptors under the mount.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "preload.h"

int __xstat(int ver, const char *path, struct stat *st);
int __xstat64(int ver, const char *path, struct stat64 *st);
int __lxstat(int ver, const char *path, struct stat *st);
int __lxstat64(int ver, const char *path, struct stat64 *st);
int __fxstat(int ver, int fd, struct stat *st);
int __fxstat64(int ver, int fd, struct stat64 *st);
int __fxstatat(int ver, int dirfd, const char *path, struct stat *st, int flags);
int __fxstatat64(int ver, int dirfd, const char *path, struct stat64 *st, int flags);

/* the device number stat reports for PXFS files: any value no real file
 * system of this machine has, so that "same file" checks (cp, tar, find)
 * never confuse a PXFS inode with a real one */
#define PXFS_DEV_MAJOR 0xae
#define PXFS_DEV_MINOR 0x1e
#define PXFS_FS_MAGIC 0x41455249   /* "AERI" */

/* complete -- (internal) what PXFS leaves zero */
static void complete(struct stat *st)
{
	st->st_dev = makedev(PXFS_DEV_MAJOR, PXFS_DEV_MINOR);
	st->st_uid = getuid();
	st->st_gid = getgid();
}

/* pl_stat_inner -- stat of a path inside the file system */
int pl_stat_inner(const char *inner, struct stat *st)
{
	if (pxfs_stat(inner, st) < 0)
		return -1;
	complete(st);
	return 0;
}

/* pl_fstat_file -- stat of an open PXFS file */
int pl_fstat_file(struct pl_file *f, struct stat *st)
{
	if (pxfs_fstat(f->pxfd, st) < 0)
		return -1;
	complete(st);
	return 0;
}

/* stat_at -- (internal) 1 done (r set), 0 for libc (*path possibly
 * rewritten into buf); fd-only when path is "" with AT_EMPTY_PATH */
static int stat_at(int dirfd, const char **path, int flags, struct stat *st, int *r, char *buf)
{
	struct pl_file *f;
	int route;

	if (*path && !(*path)[0] && (flags & AT_EMPTY_PATH)) {
		if (!(f = pl_fd_get(dirfd)))
			return 0;
		pl_enter();
		*r = pl_fstat_file(f, st);
		pl_leave();
		return 1;
	}
	if ((route = pl_route(dirfd, path, buf)) == 0)
		return 0;
	*r = -1;
	if (route > 0) {
		pl_enter();
		*r = pl_stat_inner(buf, st);
		pl_leave();
	}
	return 1;
}

/* fstat_fd -- (internal) 1 done (r set), 0 for libc */
static int fstat_fd(int fd, struct stat *st, int *r)
{
	const char *empty = "";
	return stat_at(fd, &empty, AT_EMPTY_PATH, st, r, NULL);
}

#define STAT_PATH(dirfd, path, flags, st, real_call) do { \
	char buf_[PL_PATH_MAX]; \
	int r_; \
	if (stat_at(dirfd, &(path), flags, (struct stat *)(st), &r_, buf_)) \
		return r_; \
	return real_call; } while (0)

/* struct stat and struct stat64 are the same on x86_64 and aarch64 */
_Static_assert(sizeof(struct stat) == sizeof(struct stat64), "stat64 differs from stat");

int stat(const char *p, struct stat *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(stat)(p, st)); }
int stat64(const char *p, struct stat64 *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(stat64)(p, st)); }
int lstat(const char *p, struct stat *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(lstat)(p, st)); }
int lstat64(const char *p, struct stat64 *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(lstat64)(p, st)); }
int fstatat(int d, const char *p, struct stat *st, int fl)
{
	STAT_PATH(d, p, fl, st, PL_REAL(fstatat)(d, p, st, fl));
}
int fstatat64(int d, const char *p, struct stat64 *st, int fl)
{
	STAT_PATH(d, p, fl, st, PL_REAL(fstatat64)(d, p, st, fl));
}
int fstat(int fd, struct stat *st)
{
	int r;
	return fstat_fd(fd, st, &r) ? r : PL_REAL(fstat)(fd, st);
}
int fstat64(int fd, struct stat64 *st)
{
	int r;
	return fstat_fd(fd, (struct stat *)st, &r) ? r : PL_REAL(fstat64)(fd, st);
}

/* the entry points of binaries linked against glibc before 2.33 */
int __xstat(int v, const char *p, struct stat *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(__xstat)(v, p, st)); }
int __xstat64(int v, const char *p, struct stat64 *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(__xstat64)(v, p, st)); }
int __lxstat(int v, const char *p, struct stat *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(__lxstat)(v, p, st)); }
int __lxstat64(int v, const char *p, struct stat64 *st) { STAT_PATH(AT_FDCWD, p, 0, st, PL_REAL(__lxstat64)(v, p, st)); }
int __fxstat(int v, int fd, struct stat *st)
{
	int r;
	return fstat_fd(fd, st, &r) ? r : PL_REAL(__fxstat)(v, fd, st);
}
int __fxstat64(int v, int fd, struct stat64 *st)
{
	int r;
	return fstat_fd(fd, (struct stat *)st, &r) ? r : PL_REAL(__fxstat64)(v, fd, st);
}
int __fxstatat(int v, int d, const char *p, struct stat *st, int fl)
{
	STAT_PATH(d, p, fl, st, PL_REAL(__fxstatat)(v, d, p, st, fl));
}
int __fxstatat64(int v, int d, const char *p, struct stat64 *st, int fl)
{
	STAT_PATH(d, p, fl, st, PL_REAL(__fxstatat64)(v, d, p, st, fl));
}

/* to_statx -- (internal) struct statx from struct stat (no birth time) */
static void to_statx(const struct stat *st, struct statx *sx)
{
	memset(sx, 0, sizeof *sx);
	sx->stx_mask = STATX_BASIC_STATS;
	sx->stx_blksize = (uint32_t)st->st_blksize;
	sx->stx_nlink = (uint32_t)st->st_nlink;
	sx->stx_uid = st->st_uid;
	sx->stx_gid = st->st_gid;
	sx->stx_mode = (uint16_t)st->st_mode;
	sx->stx_ino = st->st_ino;
	sx->stx_size = (uint64_t)st->st_size;
	sx->stx_blocks = (uint64_t)st->st_blocks;
	sx->stx_atime = (struct statx_timestamp){ st->st_atim.tv_sec, (uint32_t)st->st_atim.tv_nsec, 0 };
	sx->stx_mtime = (struct statx_timestamp){ st->st_mtim.tv_sec, (uint32_t)st->st_mtim.tv_nsec, 0 };
	sx->stx_ctime = (struct statx_timestamp){ st->st_ctim.tv_sec, (uint32_t)st->st_ctim.tv_nsec, 0 };
	sx->stx_dev_major = major(st->st_dev);
	sx->stx_dev_minor = minor(st->st_dev);
}

int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *sx)
{
	char buf[PL_PATH_MAX];
	struct stat st;
	int r;

	if (!stat_at(dirfd, &path, flags, &st, &r, buf))
		return PL_REAL(statx)(dirfd, path, flags, mask, sx);
	if (r == 0)
		to_statx(&st, sx);
	return r;
}

/* fill_statfs -- (internal) what is known without a PXFS statfs: the kind,
 * block size and name length; the counts are unknown and reported as 0 */
static void fill_statfs(struct statfs *sf)
{
	memset(sf, 0, sizeof *sf);
	sf->f_type = PXFS_FS_MAGIC;
	sf->f_bsize = 4096;
	sf->f_frsize = 4096;
	sf->f_namelen = 119;
}

/* statfs_at -- (internal) 1 done (r set), 0 for libc (*path possibly
 * rewritten into buf); path NULL: descriptor fd */
static int statfs_at(int fd, const char **path, struct statfs *sf, int *r, char *buf)
{
	struct stat st;
	int route;

	if (!path) {
		if (!pl_fd_get(fd))
			return 0;
		fill_statfs(sf);
		*r = 0;
		return 1;
	}
	if ((route = pl_route(AT_FDCWD, path, buf)) == 0)
		return 0;
	*r = -1;
	if (route > 0) {
		pl_enter();
		*r = pl_stat_inner(buf, &st);
		pl_leave();
		if (*r == 0)
			fill_statfs(sf);
	}
	return 1;
}

_Static_assert(sizeof(struct statfs) == sizeof(struct statfs64), "statfs64 differs from statfs");

int statfs(const char *p, struct statfs *sf)
{
	char buf[PL_PATH_MAX];
	int r;
	return statfs_at(-1, &p, sf, &r, buf) ? r : PL_REAL(statfs)(p, sf);
}
int statfs64(const char *p, struct statfs64 *sf)
{
	char buf[PL_PATH_MAX];
	int r;
	return statfs_at(-1, &p, (struct statfs *)sf, &r, buf) ? r : PL_REAL(statfs64)(p, sf);
}
int fstatfs(int fd, struct statfs *sf)
{
	int r;
	return statfs_at(fd, NULL, sf, &r, NULL) ? r : PL_REAL(fstatfs)(fd, sf);
}
int fstatfs64(int fd, struct statfs64 *sf)
{
	int r;
	return statfs_at(fd, NULL, (struct statfs *)sf, &r, NULL) ? r : PL_REAL(fstatfs64)(fd, sf);
}

/* to_statvfs -- (internal) struct statvfs of the same knowledge */
static void to_statvfs(struct statvfs *sv)
{
	memset(sv, 0, sizeof *sv);
	sv->f_bsize = sv->f_frsize = 4096;
	sv->f_namemax = 119;
}

int statvfs(const char *p, struct statvfs *sv)
{
	char buf[PL_PATH_MAX];
	struct statfs sf;
	int r;

	if (!statfs_at(-1, &p, &sf, &r, buf))
		return PL_REAL(statvfs)(p, sv);
	if (r == 0)
		to_statvfs(sv);
	return r;
}
int fstatvfs(int fd, struct statvfs *sv)
{
	if (!pl_fd_get(fd))
		return PL_REAL(fstatvfs)(fd, sv);
	to_statvfs(sv);
	return 0;
}
