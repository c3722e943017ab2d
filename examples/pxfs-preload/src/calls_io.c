/*
 * calls_io.c -- data calls on PXFS descriptors: read, write, their p- and
 * v- forms, lseek, fsync, fdatasync, ftruncate.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <limits.h>
#include <sys/uio.h>
#include <unistd.h>

#include "preload.h"

/* file_write -- (internal) write at the offset, or at the end under O_APPEND */
static ssize_t file_write(struct pl_file *f, const void *buf, size_t n)
{
	ssize_t r = (f->flags & O_APPEND) ? pxfs_append(f->pxfd, buf, n) : pxfs_write(f->pxfd, buf, n);

	if (r > 0 && (f->flags & (O_SYNC | O_DSYNC)))
		pxfs_fsync(f->pxfd);
	return r;
}

/* file_pwrite -- (internal) write at off */
static ssize_t file_pwrite(struct pl_file *f, const void *buf, size_t n, off_t off)
{
	ssize_t r = pxfs_pwrite(f->pxfd, buf, n, off);

	if (r > 0 && (f->flags & (O_SYNC | O_DSYNC)))
		pxfs_fsync(f->pxfd);
	return r;
}

#define ON_FILE(fd, f, real_call, body) do { \
	struct pl_file *f = pl_fd_get(fd); \
	ssize_t r_; \
	if (!f) \
		return real_call; \
	pl_enter(); \
	r_ = (body); \
	pl_leave(); \
	return r_; } while (0)

ssize_t read(int fd, void *buf, size_t n)
{
	ON_FILE(fd, f, PL_REAL(read)(fd, buf, n), pxfs_read(f->pxfd, buf, n));
}

ssize_t write(int fd, const void *buf, size_t n)
{
	ON_FILE(fd, f, PL_REAL(write)(fd, buf, n), file_write(f, buf, n));
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	ON_FILE(fd, f, PL_REAL(pread)(fd, buf, n, off), pxfs_pread(f->pxfd, buf, n, off));
}

ssize_t pread64(int fd, void *buf, size_t n, off64_t off)
{
	ON_FILE(fd, f, PL_REAL(pread64)(fd, buf, n, off), pxfs_pread(f->pxfd, buf, n, off));
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	ON_FILE(fd, f, PL_REAL(pwrite)(fd, buf, n, off), file_pwrite(f, buf, n, off));
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
	ON_FILE(fd, f, PL_REAL(pwrite64)(fd, buf, n, off), file_pwrite(f, buf, n, off));
}

/* vec_io -- (internal) one call per buffer, stopping at a short one; off < 0: at the offset */
static ssize_t vec_io(struct pl_file *f, const struct iovec *iov, int cnt, off_t off, int writing)
{
	ssize_t total = 0;

	if (cnt < 0 || cnt > IOV_MAX) {
		errno = EINVAL;
		return -1;
	}
	for (int i = 0; i < cnt; i++) {
		ssize_t r;

		if (writing)
			r = off < 0 ? file_write(f, iov[i].iov_base, iov[i].iov_len)
				: file_pwrite(f, iov[i].iov_base, iov[i].iov_len, off + total);
		else
			r = off < 0 ? pxfs_read(f->pxfd, iov[i].iov_base, iov[i].iov_len)
				: pxfs_pread(f->pxfd, iov[i].iov_base, iov[i].iov_len, off + total);
		if (r < 0)
			return total ? total : -1;
		total += r;
		if ((size_t)r < iov[i].iov_len)
			break;
	}
	return total;
}

/* check_off -- (internal) preadv/pwritev refuse a negative offset */
static ssize_t check_off(off_t off)
{
	errno = EINVAL;
	return off < 0 ? -1 : 0;
}

ssize_t readv(int fd, const struct iovec *iov, int cnt)
{
	ON_FILE(fd, f, PL_REAL(readv)(fd, iov, cnt), vec_io(f, iov, cnt, -1, 0));
}

ssize_t writev(int fd, const struct iovec *iov, int cnt)
{
	ON_FILE(fd, f, PL_REAL(writev)(fd, iov, cnt), vec_io(f, iov, cnt, -1, 1));
}

ssize_t preadv(int fd, const struct iovec *iov, int cnt, off_t off)
{
	ON_FILE(fd, f, PL_REAL(preadv)(fd, iov, cnt, off), check_off(off) ? -1 : vec_io(f, iov, cnt, off, 0));
}

ssize_t preadv64(int fd, const struct iovec *iov, int cnt, off64_t off)
{
	ON_FILE(fd, f, PL_REAL(preadv64)(fd, iov, cnt, off), check_off(off) ? -1 : vec_io(f, iov, cnt, off, 0));
}

ssize_t pwritev(int fd, const struct iovec *iov, int cnt, off_t off)
{
	ON_FILE(fd, f, PL_REAL(pwritev)(fd, iov, cnt, off), check_off(off) ? -1 : vec_io(f, iov, cnt, off, 1));
}

ssize_t pwritev64(int fd, const struct iovec *iov, int cnt, off64_t off)
{
	ON_FILE(fd, f, PL_REAL(pwritev64)(fd, iov, cnt, off), check_off(off) ? -1 : vec_io(f, iov, cnt, off, 1));
}

/* file_seek -- (internal) lseek, with SEEK_DATA/SEEK_HOLE as a file without holes */
static off_t file_seek(struct pl_file *f, off_t off, int whence)
{
	struct stat st;

	if (whence != SEEK_DATA && whence != SEEK_HOLE)
		return pxfs_lseek(f->pxfd, off, whence);
	if (pxfs_fstat(f->pxfd, &st) < 0)
		return -1;
	if (off < 0 || off >= st.st_size) {
		errno = ENXIO;
		return -1;
	}
	return pxfs_lseek(f->pxfd, whence == SEEK_DATA ? off : st.st_size, SEEK_SET);
}

off_t lseek(int fd, off_t off, int whence)
{
	ON_FILE(fd, f, PL_REAL(lseek)(fd, off, whence), file_seek(f, off, whence));
}

off64_t lseek64(int fd, off64_t off, int whence)
{
	ON_FILE(fd, f, PL_REAL(lseek64)(fd, off, whence), file_seek(f, off, whence));
}

int fsync(int fd)
{
	ON_FILE(fd, f, PL_REAL(fsync)(fd), pxfs_fsync(f->pxfd));
}

int fdatasync(int fd)
{
	ON_FILE(fd, f, PL_REAL(fdatasync)(fd), pxfs_fsync(f->pxfd));
}

int ftruncate(int fd, off_t len)
{
	ON_FILE(fd, f, PL_REAL(ftruncate)(fd, len), pxfs_ftruncate(f->pxfd, len));
}

int ftruncate64(int fd, off64_t len)
{
	ON_FILE(fd, f, PL_REAL(ftruncate64)(fd, len), pxfs_ftruncate(f->pxfd, len));
}
