/*
 * calls_mmap.c -- mmap of PXFS files: a private mapping is a copy of the
 * file's bytes (exact for readers, and for writers that never expect their
 * stores in the file); a shared one is refused with ENODEV, POSIX's answer
 * for a file system that does not support mapping.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#include "preload.h"

/* private_copy -- (internal) anonymous pages filled from the file at off */
static void *private_copy(void *addr, size_t len, int prot, int flags, struct pl_file *f, off_t off)
{
	void *p = PL_REAL(mmap)(addr, len, PROT_READ | PROT_WRITE, (flags & ~MAP_SHARED) | MAP_PRIVATE | MAP_ANONYMOUS,
		-1, 0);
	ssize_t got = 0;

	if (p == MAP_FAILED)
		return p;
	pl_enter();
	for (size_t at = 0; at < len; at += (size_t)got)
		if ((got = pxfs_pread(f->pxfd, (char *)p + at, len - at, off + (off_t)at)) <= 0)
			break;   /* past the end of the file: the pages stay zero */
	pl_leave();
	if (got < 0 || (prot != (PROT_READ | PROT_WRITE) && mprotect(p, len, prot) < 0)) {
		int e = errno;
		munmap(p, len);
		errno = e;
		return MAP_FAILED;
	}
	return p;
}

/* map_file -- (internal) mmap on a PXFS descriptor */
static void *map_file(void *addr, size_t len, int prot, int flags, struct pl_file *f, off_t off)
{
	if ((flags & MAP_TYPE) != MAP_PRIVATE) {
		errno = ENODEV;
		return MAP_FAILED;
	}
	if (off < 0 || off % sysconf(_SC_PAGESIZE) || !len) {
		errno = EINVAL;
		return MAP_FAILED;
	}
	if ((f->flags & O_ACCMODE) == O_WRONLY) {
		errno = EACCES;
		return MAP_FAILED;
	}
	return private_copy(addr, len, prot, flags, f, off);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	struct pl_file *f = (flags & MAP_ANONYMOUS) ? NULL : pl_fd_get(fd);
	return f ? map_file(addr, len, prot, flags, f, off) : PL_REAL(mmap)(addr, len, prot, flags, fd, off);
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t off)
{
	struct pl_file *f = (flags & MAP_ANONYMOUS) ? NULL : pl_fd_get(fd);
	return f ? map_file(addr, len, prot, flags, f, off) : PL_REAL(mmap64)(addr, len, prot, flags, fd, off);
}
