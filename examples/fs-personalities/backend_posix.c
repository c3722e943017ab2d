/* The POSIX backend of fsbench: each table entry is the system call of the same name. */
#include "backend.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The backend needs no state; init() returns a non-NULL token. */
static char posix_token;

static void *posix_init(const char *location)
{
	(void)location;
	return &posix_token;
}

static void posix_fini(void *ctx)
{
	(void)ctx;
}

static int posix_open(void *ctx, const char *path, int flags, mode_t mode)
{
	(void)ctx;
	return open(path, flags, mode);
}

static int posix_close(void *ctx, int fd)
{
	(void)ctx;
	return close(fd);
}

static ssize_t posix_read(void *ctx, int fd, void *buf, size_t n)
{
	(void)ctx;
	return read(fd, buf, n);
}

static ssize_t posix_write(void *ctx, int fd, const void *buf, size_t n)
{
	(void)ctx;
	return write(fd, buf, n);
}

static ssize_t posix_pread(void *ctx, int fd, void *buf, size_t n, off_t off)
{
	(void)ctx;
	return pread(fd, buf, n, off);
}

static ssize_t posix_pwrite(void *ctx, int fd, const void *buf, size_t n, off_t off)
{
	(void)ctx;
	return pwrite(fd, buf, n, off);
}

static off_t posix_lseek(void *ctx, int fd, off_t off, int whence)
{
	(void)ctx;
	return lseek(fd, off, whence);
}

static int posix_fsync(void *ctx, int fd)
{
	(void)ctx;
	return fsync(fd);
}

static int posix_unlink(void *ctx, const char *path)
{
	(void)ctx;
	return unlink(path);
}

static int posix_mkdir(void *ctx, const char *path, mode_t mode)
{
	(void)ctx;
	return mkdir(path, mode);
}

static int posix_rmdir(void *ctx, const char *path)
{
	(void)ctx;
	return rmdir(path);
}

static int posix_stat(void *ctx, const char *path, struct stat *st)
{
	(void)ctx;
	return stat(path, st);
}

static void *posix_opendir(void *ctx, const char *path)
{
	(void)ctx;
	return opendir(path);
}

/* posix_readdir -- the next name other than "." and ".." */
static int posix_readdir(void *ctx, void *dir, char *name, size_t cap)
{
	(void)ctx;
	for (;;) {
		errno = 0;
		struct dirent *d = readdir(dir);
		if (!d)
			return errno ? -1 : 0;
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		if (strlen(d->d_name) >= cap) {
			errno = ENAMETOOLONG;
			return -1;
		}
		strcpy(name, d->d_name);
		return 1;
	}
}

static int posix_closedir(void *ctx, void *dir)
{
	(void)ctx;
	return closedir(dir);
}

const struct fsb_fs_ops fsb_posix_ops = {
	.name = "posix",
	.init = posix_init,
	.fini = posix_fini,
	.open = posix_open,
	.close = posix_close,
	.read = posix_read,
	.write = posix_write,
	.pread = posix_pread,
	.pwrite = posix_pwrite,
	.lseek = posix_lseek,
	.fsync = posix_fsync,
	.unlink = posix_unlink,
	.mkdir = posix_mkdir,
	.rmdir = posix_rmdir,
	.stat = posix_stat,
	.opendir = posix_opendir,
	.readdir = posix_readdir,
	.closedir = posix_closedir,
};
