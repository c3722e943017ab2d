/*
 * fd_table.c -- the real descriptor numbers the interposer reserved for PXFS
 * files, and the open file description each one stands for.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "preload.h"

static struct pl_file *table[PL_MAX_FDS];
static int installed;   /* entries of table in use, under pl_lock */

/* pl_fd_get -- the description of fd, or NULL (lock-free: the fast path of
 * every read and write on a real descriptor) */
struct pl_file *pl_fd_get(int fd)
{
	if (fd < 0 || fd >= PL_MAX_FDS)
		return NULL;
	return __atomic_load_n(&table[fd], __ATOMIC_ACQUIRE);
}

/* pl_fd_install -- maps fd to f */
void pl_fd_install(int fd, struct pl_file *f)
{
	f->refs++;
	if (!table[fd])
		installed++;
	__atomic_store_n(&table[fd], f, __ATOMIC_RELEASE);
	pl_std_install(fd, f);
}

/* pl_file_put -- one reference less; the last closes the PXFS file */
void pl_file_put(struct pl_file *f)
{
	if (--f->refs > 0)
		return;
	pxfs_close(f->pxfd);
	free(f);
}

/* pl_fd_forget -- unmaps fd */
void pl_fd_forget(int fd)
{
	struct pl_file *f = pl_fd_get(fd);

	if (!f)
		return;
	pl_std_forget(fd);   /* while fd still reaches f: the stream's last bytes */
	__atomic_store_n(&table[fd], NULL, __ATOMIC_RELEASE);
	installed--;
	pl_file_put(f);
}

/* pl_reserve_fd -- a real number for a PXFS file: /dev/null, O_PATH */
int pl_reserve_fd(int cloexec, int min_fd)
{
	int fd = PL_REAL(open)("/dev/null", O_PATH | O_CLOEXEC), nfd;

	if (fd < 0)
		return -1;
	if (min_fd > 0 && fd < min_fd) {   /* F_DUPFD semantics */
		nfd = PL_REAL(fcntl)(fd, F_DUPFD_CLOEXEC, min_fd);
		PL_REAL(close)(fd);
		if ((fd = nfd) < 0)
			return -1;
	}
	if (!cloexec)
		PL_REAL(fcntl)(fd, F_SETFD, 0);
	if (fd >= PL_MAX_FDS) {
		PL_REAL(close)(fd);
		errno = EMFILE;
		return -1;
	}
	return fd;
}

/* pl_fd_count -- descriptors in use */
int pl_fd_count(void)
{
	return installed;
}

/* pl_fd_forget_all -- every PXFS descriptor closed (exit) */
void pl_fd_forget_all(void)
{
	for (int fd = 0; fd < PL_MAX_FDS; fd++)
		if (table[fd]) {
			pl_fd_forget(fd);
			PL_REAL(close)(fd);
		}
}
