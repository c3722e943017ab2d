/*
 * dev.c -- the block device: a file of 4 KiB blocks on this machine's disk,
 * opened with O_DIRECT where the file system allows it, else buffered (then
 * durability comes from fdatasync alone).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* dev_alloc_buf -- a zeroed buffer aligned for O_DIRECT */
void *dev_alloc_buf(size_t blocks)
{
	void *p = NULL;

	if (posix_memalign(&p, SPD_BLOCK, blocks * SPD_BLOCK))
		return NULL;
	memset(p, 0, blocks * SPD_BLOCK);
	return p;
}

/* dev_try_direct -- 1 when an aligned read through O_DIRECT works on fd */
static int dev_try_direct(int fd)
{
	void *buf = dev_alloc_buf(1);
	int ok = buf && pread(fd, buf, SPD_BLOCK, 0) == SPD_BLOCK;

	free(buf);
	return ok;
}

/* dev_format -- sizes and allocates a new file of blocks */
static int dev_format(int fd, const char *path, uint64_t blocks)
{
	int e = posix_fallocate(fd, 0, (off_t)(blocks * SPD_BLOCK));

	if (e == EOPNOTSUPP || e == EINVAL)
		e = ftruncate(fd, (off_t)(blocks * SPD_BLOCK)) ? errno : 0;
	if (e)
		return spd_err(e, "cannot size block device '%s' to %llu blocks: %s",
			path, (unsigned long long)blocks, strerror(e));
	return 0;
}

/* dev_open -- opens (create: makes, it must not exist) the device file */
int dev_open(struct spd_dev *d, const char *path, int create, uint64_t blocks,
		int buffered)
{
	int flags = O_RDWR | O_CLOEXEC | (create ? O_CREAT | O_EXCL : 0);
	struct stat sb;

	memset(d, 0, sizeof *d);
	d->fd = open(path, flags, 0600);
	if (d->fd < 0)
		return spd_err(errno, "cannot %s block device '%s': %s",
			create ? "create" : "open", path, strerror(errno));
	if (create && dev_format(d->fd, path, blocks)) {
		close(d->fd);
		d->fd = -1;
		unlink(path);
		return -1;
	}
	if (fstat(d->fd, &sb) || sb.st_size < SPD_BLOCK || sb.st_size % SPD_BLOCK) {
		close(d->fd);
		d->fd = -1;
		return spd_err(EINVAL, "block device '%s' is not a whole number of "
			"4 KiB blocks (%lld bytes)", path, (long long)sb.st_size);
	}
	d->file_blocks = (uint64_t)sb.st_size / SPD_BLOCK;
	if (!buffered) {
		int fl = fcntl(d->fd, F_GETFL);
		if (fcntl(d->fd, F_SETFL, fl | O_DIRECT) == 0 && dev_try_direct(d->fd))
			d->direct = 1;
		else
			fcntl(d->fd, F_SETFL, fl);
	}
	powerloss_disk_arm(d->fd);
	return 0;
}

/* dev_close -- closes the file */
void dev_close(struct spd_dev *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

/* dev_read -- reads file block fblk into an aligned buffer */
int dev_read(struct spd_dev *d, uint64_t fblk, void *buf)
{
	ssize_t n;

	if (fblk >= d->file_blocks)
		return spd_err(EINVAL, "block %llu is past the device's end (%llu blocks)",
			(unsigned long long)fblk, (unsigned long long)d->file_blocks);
	n = pread(d->fd, buf, SPD_BLOCK, (off_t)(fblk * SPD_BLOCK));
	d->reads++;
	if (n != SPD_BLOCK)
		return spd_err(n < 0 ? errno : EIO, "read of device block %llu failed: %s",
			(unsigned long long)fblk, n < 0 ? strerror(errno) : "short read");
	return 0;
}

/* dev_write -- writes an aligned buffer to file block fblk */
int dev_write(struct spd_dev *d, uint64_t fblk, const void *buf)
{
	ssize_t n;

	if (fblk >= d->file_blocks)
		return spd_err(EINVAL, "block %llu is past the device's end (%llu blocks)",
			(unsigned long long)fblk, (unsigned long long)d->file_blocks);
	if (powerloss_disk_on_)
		powerloss_disk_write(d->fd, fblk);
	n = pwrite(d->fd, buf, SPD_BLOCK, (off_t)(fblk * SPD_BLOCK));
	d->writes++;
	if (n != SPD_BLOCK)
		return spd_err(n < 0 ? errno : EIO, "write of device block %llu failed: %s",
			(unsigned long long)fblk, n < 0 ? strerror(errno) : "short write");
	return 0;
}

/* dev_sync -- fdatasync: the barrier of the journal and of write-backs */
int dev_sync(struct spd_dev *d)
{
	d->syncs++;
	debug_barrier();
	if (fdatasync(d->fd))
		return spd_err(errno, "fdatasync of the block device failed: %s",
			strerror(errno));
	if (powerloss_disk_on_)
		powerloss_disk_synced(d->fd);
	return 0;
}

/* dev_prefill -- writes a pattern into blocks [first, first+n) so that reads
 * of never-written blocks reach the disk instead of a file hole */
int dev_prefill(struct spd_dev *d, uint64_t first, uint64_t n)
{
	enum { CHUNK = 256 };
	unsigned char *buf = dev_alloc_buf(CHUNK);
	int r = 0;

	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	memset(buf, 0xa5, CHUNK * SPD_BLOCK);
	for (uint64_t b = 0; b < n && !r; b += CHUNK) {
		size_t len = (size_t)(n - b < CHUNK ? n - b : CHUNK) * SPD_BLOCK;
		if (pwrite(d->fd, buf, len, (off_t)((first + b) * SPD_BLOCK)) != (ssize_t)len)
			r = spd_err(errno ? errno : EIO, "prefill of the block device failed: %s",
				strerror(errno));
	}
	free(buf);
	return r ? r : dev_sync(d);
}
