/*
 * calls_refused.c -- kernel shortcuts PXFS descriptors cannot take
 * (copy_file_range, ioctl, fallocate, fadvise, splice, sendfile,
 * sync_file_range, flock): each fails the way that makes its callers fall
 * back to plain reads and writes, or is emulated with PXFS calls.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdarg.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include "preload.h"

/* fail -- (internal) -1 with e */
static int fail(int e)
{
	errno = e;
	return -1;
}

/* ours -- (internal) whether either descriptor is a PXFS one */
static int ours(int a, int b) { return pl_fd_get(a) || pl_fd_get(b); }

/* EXDEV: cp, cat and mv fall back to read/write, as across file systems */
ssize_t copy_file_range(int in, loff_t *oi, int out, loff_t *oo, size_t n, unsigned fl)
{
	return ours(in, out) ? fail(EXDEV) : PL_REAL(copy_file_range)(in, oi, out, oo, n, fl);
}
ssize_t splice(int in, loff_t *oi, int out, loff_t *oo, size_t n, unsigned fl)
{
	return ours(in, out) ? fail(EINVAL) : PL_REAL(splice)(in, oi, out, oo, n, fl);
}
ssize_t sendfile(int out, int in, off_t *off, size_t n)
{
	return ours(in, out) ? fail(EINVAL) : PL_REAL(sendfile)(out, in, off, n);
}
ssize_t sendfile64(int out, int in, off64_t *off, size_t n)
{
	return ours(in, out) ? fail(EINVAL) : PL_REAL(sendfile64)(out, in, off, n);
}

/* ENOTTY: no ioctl applies (FICLONE, FIEMAP, FIONREAD...) */
int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	return pl_fd_get(fd) ? fail(ENOTTY) : PL_REAL(ioctl)(fd, req, arg);
}

/* posix_fadvise returns the error number; ENOSYS: advice is not taken */
int posix_fadvise(int fd, off_t off, off_t len, int adv)
{
	return pl_fd_get(fd) ? ENOSYS : PL_REAL(posix_fadvise)(fd, off, len, adv);
}
int posix_fadvise64(int fd, off64_t off, off64_t len, int adv)
{
	return pl_fd_get(fd) ? ENOSYS : PL_REAL(posix_fadvise64)(fd, off, len, adv);
}

/* grow_with_zeros -- (internal) allocation as PXFS can give it: the bytes
 * past the end of the file, up to off+len, written as zeros, so that they
 * get blocks (contiguous ones, where a size change alone would leave a hole
 * that later random writes fill one extent at a time). An error number. */
static int grow_with_zeros(struct pl_file *f, off_t off, off_t len)
{
	static const char zeros[65536];
	struct stat st;
	int r = 0;

	if (off < 0 || len <= 0)
		return EINVAL;
	pl_enter();
	if (pxfs_fstat(f->pxfd, &st) < 0)
		r = errno;
	for (off_t at = st.st_size; !r && at < off + len; ) {
		size_t n = (size_t)(off + len - at) < sizeof zeros ? (size_t)(off + len - at) : sizeof zeros;
		ssize_t put = pxfs_pwrite(f->pxfd, zeros, n, at);
		if (put <= 0)
			r = put < 0 ? errno : EIO;
		else
			at += put;
	}
	pl_leave();
	return r;
}

/* fallocate_file -- (internal) mode 0 grows; KEEP_SIZE has nothing to keep
 * ahead of the end; holes and ranges cannot be punched or zeroed in PXFS */
static int fallocate_file(struct pl_file *f, int mode, off_t off, off_t len)
{
	int r;

	if (mode == FALLOC_FL_KEEP_SIZE)
		return 0;
	if (mode != 0)
		return fail(EOPNOTSUPP);
	if ((r = grow_with_zeros(f, off, len)))
		return fail(r);
	return 0;
}

int fallocate(int fd, int mode, off_t off, off_t len)
{
	struct pl_file *f = pl_fd_get(fd);
	return f ? fallocate_file(f, mode, off, len) : PL_REAL(fallocate)(fd, mode, off, len);
}
int fallocate64(int fd, int mode, off64_t off, off64_t len)
{
	struct pl_file *f = pl_fd_get(fd);
	return f ? fallocate_file(f, mode, off, len) : PL_REAL(fallocate64)(fd, mode, off, len);
}

/* posix_fallocate returns the error number */
int posix_fallocate(int fd, off_t off, off_t len)
{
	struct pl_file *f = pl_fd_get(fd);
	return f ? grow_with_zeros(f, off, len) : PL_REAL(posix_fallocate)(fd, off, len);
}
int posix_fallocate64(int fd, off64_t off, off64_t len)
{
	struct pl_file *f = pl_fd_get(fd);
	return f ? grow_with_zeros(f, off, len) : PL_REAL(posix_fallocate64)(fd, off, len);
}

/* sync_file_range: the whole file is made durable (exact, if more) */
int sync_file_range(int fd, off64_t off, off64_t n, unsigned fl)
{
	struct pl_file *f = pl_fd_get(fd);
	int r;

	if (!f)
		return PL_REAL(sync_file_range)(fd, off, n, fl);
	pl_enter();
	r = pxfs_fsync(f->pxfd);
	pl_leave();
	return r;
}

/* flock: accepted, not kept (as fcntl locks: see calls_open.c) */
int flock(int fd, int op) { return pl_fd_get(fd) ? 0 : PL_REAL(flock)(fd, op); }
