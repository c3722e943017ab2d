/*
 * calls_open.c -- the open family, close (and close_range, closefrom),
 * dup/dup2/dup3 and fcntl, for paths under the mount and the descriptors
 * handed out for them.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/close_range.h>
#include <unistd.h>

#include "preload.h"

int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags);

/* flags PXFS understands; the rest (O_CLOEXEC, O_NOCTTY, O_NONBLOCK,
 * O_LARGEFILE, O_NOFOLLOW, O_NOATIME, O_DIRECT...) mean nothing to it */
#define PXFS_OPEN_FLAGS (O_ACCMODE | O_CREAT | O_EXCL | O_TRUNC | O_APPEND | O_DIRECTORY)

/* pl_open_inner -- a PXFS file behind a reserved real descriptor */
int pl_open_inner(const char *inner, int flags, mode_t mode, int min_fd)
{
	struct pl_file *f;
	int pflags = flags & PXFS_OPEN_FLAGS, fd;

	if ((flags & O_TMPFILE) == O_TMPFILE) {
		errno = EOPNOTSUPP;
		return -1;
	}
	if (flags & O_PATH)
		pflags = O_RDONLY | (flags & O_DIRECTORY);
	if (!(f = calloc(1, sizeof *f))) {
		errno = ENOMEM;
		return -1;
	}
	if ((f->pxfd = pxfs_open(inner, pflags, (mode & 07777) & ~pl_umask())) < 0) {
		free(f);
		return -1;
	}
	if ((fd = pl_reserve_fd(flags & O_CLOEXEC, min_fd)) < 0) {
		int e = errno;
		pxfs_close(f->pxfd);
		free(f);
		errno = e;
		return -1;
	}
	f->flags = flags & ~(O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC);
	strcpy(f->path, inner);
	pl_fd_install(fd, f);
	return fd;
}

/* OPEN_ROUTED -- PXFS when (dirfd, path) is routed there, else real_call
 * (with path rewritten when ".." led out of the mount) */
#define OPEN_ROUTED(dirfd, path, flags, mode, real_call) do { \
	char inner_[PL_PATH_MAX]; \
	int r_ = pl_route(dirfd, &(path), inner_), fd_; \
	if (r_ == 0) \
		return real_call; \
	if (r_ < 0) \
		return -1; \
	pl_enter(); \
	fd_ = pl_open_inner(inner_, flags, mode, 0); \
	pl_leave(); \
	return fd_; } while (0)

/* mode_arg -- (internal) the mode argument exists only with O_CREAT or O_TMPFILE */
#define MODE_ARG(flags, mode) do { \
	if ((flags) & (O_CREAT | O_TMPFILE)) { \
		va_list ap; \
		va_start(ap, flags); \
		mode = (mode_t)va_arg(ap, int); \
		va_end(ap); \
	} } while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	OPEN_ROUTED(AT_FDCWD, path, flags, mode, PL_REAL(open)(path, flags, mode));
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	OPEN_ROUTED(AT_FDCWD, path, flags, mode, PL_REAL(open64)(path, flags, mode));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	OPEN_ROUTED(dirfd, path, flags, mode, PL_REAL(openat)(dirfd, path, flags, mode));
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	OPEN_ROUTED(dirfd, path, flags, mode, PL_REAL(openat64)(dirfd, path, flags, mode));
}

/* the _FORTIFY_SOURCE entry points (open without a mode argument) */
int __open_2(const char *path, int flags)
{
	OPEN_ROUTED(AT_FDCWD, path, flags, 0, PL_REAL(__open_2)(path, flags));
}

int __open64_2(const char *path, int flags)
{
	OPEN_ROUTED(AT_FDCWD, path, flags, 0, PL_REAL(__open64_2)(path, flags));
}

int __openat_2(int dirfd, const char *path, int flags)
{
	OPEN_ROUTED(dirfd, path, flags, 0, PL_REAL(__openat_2)(dirfd, path, flags));
}

int __openat64_2(int dirfd, const char *path, int flags)
{
	OPEN_ROUTED(dirfd, path, flags, 0, PL_REAL(__openat64_2)(dirfd, path, flags));
}

int creat(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int creat64(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}

int close(int fd)
{
	if (!pl_fd_get(fd))
		return PL_REAL(close)(fd);
	pl_enter();
	pl_fd_forget(fd);
	PL_REAL(close)(fd);
	pl_leave();
	return 0;
}

/* forget_range -- (internal) the descriptors from first to last the kernel
 * is about to close: mapped numbers must not outlive them, or a real file
 * given one of the numbers later would be taken for a PXFS one */
static void forget_range(unsigned first, unsigned last)
{
	for (unsigned fd = first; fd <= last && fd < PL_MAX_FDS; fd++)
		if (pl_fd_get((int)fd))
			pl_fd_forget((int)fd);
}

int close_range(unsigned first, unsigned last, int flags)
{
	int r;

	pl_enter();
	r = PL_REAL(close_range)(first, last, flags);
	if (r == 0 && !(flags & CLOSE_RANGE_CLOEXEC))
		forget_range(first, last);
	pl_leave();
	return r;
}

void closefrom(int lowfd)
{
	pl_enter();
	if (lowfd >= 0)
		forget_range((unsigned)lowfd, PL_MAX_FDS - 1);
	PL_REAL(closefrom)(lowfd);
	pl_leave();
}

/* dup_to -- (internal) newfd (a real descriptor the kernel gave) shares oldfd's description */
static int dup_to(int oldfd, int newfd)
{
	struct pl_file *f;

	if (newfd < 0)
		return -1;
	if (newfd >= PL_MAX_FDS) {
		PL_REAL(close)(newfd);
		errno = EMFILE;
		return -1;
	}
	if ((f = pl_fd_get(oldfd)))
		pl_fd_install(newfd, f);
	return newfd;
}

int dup(int oldfd)
{
	int fd;

	if (!pl_fd_get(oldfd))
		return PL_REAL(dup)(oldfd);
	pl_enter();
	fd = dup_to(oldfd, PL_REAL(dup)(oldfd));
	pl_leave();
	return fd;
}

int dup2(int oldfd, int newfd)
{
	int fd;

	if (!pl_fd_get(oldfd) && !pl_fd_get(newfd))
		return PL_REAL(dup2)(oldfd, newfd);
	if (oldfd == newfd)
		return fcntl(oldfd, F_GETFD) < 0 ? -1 : newfd;
	pl_enter();
	pl_std_flush(newfd);
	fd = PL_REAL(dup2)(oldfd, newfd);
	if (fd >= 0) {
		pl_fd_forget(newfd);   /* dup2 closed it */
		fd = dup_to(oldfd, fd);
	}
	pl_leave();
	return fd;
}

int dup3(int oldfd, int newfd, int flags)
{
	int fd;

	if (!pl_fd_get(oldfd) && !pl_fd_get(newfd))
		return PL_REAL(dup3)(oldfd, newfd, flags);
	pl_enter();
	pl_std_flush(newfd);
	fd = PL_REAL(dup3)(oldfd, newfd, flags);
	if (fd >= 0) {
		pl_fd_forget(newfd);
		fd = dup_to(oldfd, fd);
	}
	pl_leave();
	return fd;
}

/* fcntl_file -- (internal) fcntl on a PXFS descriptor */
static int fcntl_file(int fd, struct pl_file *f, int cmd, void *arg)
{
	struct flock *lk = arg;
	int r;

	switch (cmd) {
	case F_GETFL:
		return f->flags & ~O_PATH;
	case F_SETFL:   /* O_APPEND and O_NONBLOCK; the access mode stays */
		f->flags = (f->flags & ~(O_APPEND | O_NONBLOCK)) | ((int)(long)arg & (O_APPEND | O_NONBLOCK));
		return 0;
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		r = PL_REAL(fcntl)(fd, cmd, (int)(long)arg);
		return dup_to(fd, r);
	case F_GETLK:
	case F_OFD_GETLK:   /* locks are not kept: one process owns a single-process mount */
		lk->l_type = F_UNLCK;
		return 0;
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		return 0;
	default:        /* F_GETFD, F_SETFD are the real descriptor's; the rest EBADF as on O_PATH */
		return PL_REAL(fcntl)(fd, cmd, arg);
	}
}

/* fcntl_any -- (internal) both fcntl symbols */
static int fcntl_any(int fd, int cmd, void *arg, int is64)
{
	struct pl_file *f = pl_fd_get(fd);
	int r;

	if (!f)
		return is64 ? PL_REAL(fcntl64)(fd, cmd, arg) : PL_REAL(fcntl)(fd, cmd, arg);
	pl_enter();
	r = fcntl_file(fd, f, cmd, arg);
	pl_leave();
	return r;
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return fcntl_any(fd, cmd, arg, 0);
}

int fcntl64(int fd, int cmd, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, cmd);
	arg = va_arg(ap, void *);
	va_end(ap);
	return fcntl_any(fd, cmd, arg, 1);
}
