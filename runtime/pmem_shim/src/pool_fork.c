/*
 * pool_fork.c -- a forked child's own copy of the pool, as it was at the fork.
 *
 * A forked child (Redis' BGSAVE and AOF rewrite) must neither change its parent's pool nor see
 * the parent's later changes: it serializes the state of the moment of the fork, which fork's
 * copy-on-write gives it for ordinary memory. The pool is a shared mapping of a file, which
 * fork shares instead. A private mapping of the same file in the child (all this did before)
 * keeps the child's stores to itself, but every page the child has not written is still read
 * from the file, which the parent goes on changing: a slab chunk that the parent filled after
 * the fork looked free to the child's counts and full in the bitmap it read, PMDK's heap in
 * the child refused to allocate, and a BGSAVE could write out a keyspace of several moments.
 * So the parent copies the pool's data (the file's extents that hold data) into a memory file
 * just before the fork, and the child maps that copy in place of the pool.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create, SEEK_DATA (the build defines it; the fuzzer's does not) */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include "internal.h"

static int snapshot_fd = -1; /* the copy for the child being forked, or -1 */

/* pool_file_fd -- a descriptor of the pool's file (the parent's name for it
 * may be relative to a directory the program has left) */
static int pool_file_fd(void)
{
	return pool_cur->lock_fd >= 0 ? dup(pool_cur->lock_fd) :
		open(pool_cur->path, O_RDONLY | O_CLOEXEC);
}

/* copy_range -- bytes [off, end) of the pool into the memory file mfd: by
 * sendfile from the pool's file (the page cache holds every store made
 * through the shared mapping; 0.7-1.3 s a GB here, memcpy through the two
 * mappings 1.2-6 s), or through dst where sendfile cannot */
static void copy_range(int fd, int mfd, char *dst, off_t off, off_t end)
{
	ssize_t n = 0;

	if (lseek(mfd, off, SEEK_SET) == off)
		while (off < end && (n = sendfile(mfd, fd, &off, (size_t)(end - off))) > 0)
			;
	if (off < end)
		memcpy(dst + off, (const char *)pms_pool_base_ + off, (size_t)(end - off));
}

/* copy_data -- copies the extents of the pool's file fd that hold data (all of
 * it where the file system cannot tell) into the memory file mfd */
static void copy_data(int fd, int mfd, char *dst)
{
	off_t off = 0, end;

	while ((size_t)off < pms_pool_size_) {
		off = lseek(fd, off, SEEK_DATA);
		if (off < 0) {
			if (errno != ENXIO) /* ENXIO: no data after off */
				copy_range(fd, mfd, dst, 0, (off_t)pms_pool_size_);
			return;
		}
		end = lseek(fd, off, SEEK_HOLE);
		if (end < 0 || (size_t)end > pms_pool_size_)
			end = (off_t)pms_pool_size_;
		copy_range(fd, mfd, dst, off, end);
		off = end;
	}
}

/* snapshot -- a memory file holding the pool's bytes now, or -1 */
static int snapshot(void)
{
	int mfd = memfd_create("pmem_shim-fork", MFD_CLOEXEC), fd = -1;
	char *dst = MAP_FAILED;

	if (mfd < 0 || ftruncate(mfd, (off_t)pms_pool_size_) != 0)
		goto fail;
	dst = mmap(NULL, pms_pool_size_, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	fd = pool_file_fd();
	if (dst == MAP_FAILED || fd < 0)
		goto fail;
	copy_data(fd, mfd, dst);
	munmap(dst, pms_pool_size_);
	close(fd);
	return mfd;
fail:
	if (dst != MAP_FAILED)
		munmap(dst, pms_pool_size_);
	if (fd >= 0)
		close(fd);
	if (mfd >= 0)
		close(mfd);
	return -1;
}

/* pool_fork_prepare -- in the parent, before fork: PMDK opened (the child
 * must not open it on its parent's file) and the child's copy made */
void pool_fork_prepare(void)
{
	pool_pmdk_before_fork();
	snapshot_fd = pool_cur ? snapshot() : -1;
}

/* pool_fork_parent -- in the parent, after fork: the copy is the child's */
void pool_fork_parent(void)
{
	if (snapshot_fd >= 0)
		close(snapshot_fd);
	snapshot_fd = -1;
}

/* map_at -- maps the copy (or, without one, the pool's file privately) at addr */
static int map_at(uintptr_t addr, int fd)
{
	int flags = snapshot_fd >= 0 ? MAP_SHARED | MAP_FIXED : MAP_PRIVATE | MAP_FIXED;

	return mmap((void *)addr, pms_pool_size_, PROT_READ | PROT_WRITE, flags, fd, 0) !=
		MAP_FAILED;
}

/* pool_fork_child -- in the child: the pool (PMDK's mapping too, when it is
 * not the runtime's) becomes the copy made at the fork; without one (no memory
 * for it), a private mapping of the file, as before */
void pool_fork_child(void)
{
	uintptr_t pmdk_base;
	int fd;

	if (!pool_cur)
		return;
	pmdk_base = (uintptr_t)pool_cur->pop;
	if (!pmdk_base)
		pool_pmdk_forbid(); /* the parent could not open it before the fork */
	fd = snapshot_fd >= 0 ? snapshot_fd : pool_file_fd();
	if (fd < 0 || !map_at(pms_pool_base_, fd) ||
			(pmdk_base && pmdk_base != pms_pool_base_ && !map_at(pmdk_base, fd))) {
		/* unable to detach: the child must not touch the parent's pool */
		fprintf(stderr, "pmem_shim: forked child cannot map the pool privately\n");
		_exit(127);
	}
	close(fd);
	snapshot_fd = -1;
	pool_cur->is_pmem = 0;
	flush_msync_ = 0; /* the child's stores must not reach the file */
}
