/*
 * std_streams.c -- descriptors 0, 1 and 2 when a shell redirects them into
 * the mount (echo x > /mnt/f, cat < /mnt/f, cmd >> /mnt/f).
 *
 * Two things would miss the interposer there. glibc's stdio writes and
 * reads a stream through its internal write and read, not through the
 * symbols this library interposes, so a builtin's printf would reach the
 * reserved /dev/null descriptor (EBADF): while 0, 1 or 2 stands for a PXFS
 * file, stdin, stdout or stderr is a fopencookie stream on the interposed
 * calls (glibc documents these variables as assignable), and the original
 * stream comes back when the descriptor stops being ours. And a program the
 * shell executes with the redirection in place starts with none of this
 * process's tables: the real descriptor behind 0, 1 or 2 is an O_PATH
 * descriptor of a memfd named "pxfs-inherit" that records the file's path,
 * open flags and offset, and the library, loaded into the new program,
 * opens that file again behind the same number before main. The new program
 * shares no open file description with the old one (its offset starts where
 * the old one was when the redirection was made), as if it had opened the
 * file itself.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "preload.h"

#define INHERIT_NAME "pxfs-inherit"
#define INHERIT_MAGIC "PXFS-INHERIT 1"

static FILE *swapped[3];   /* our cookie stream standing in for stdin/stdout/stderr */
static FILE *saved[3];     /* the stream it replaced */

/* std_var -- (internal) the variable of descriptor fd's standard stream */
static FILE **std_var(int fd)
{
	return fd == 0 ? &stdin : fd == 1 ? &stdout : &stderr;
}

/* ck_read, ck_write, ck_seek, ck_close -- a cookie stream on descriptor
 * (intptr_t)c through the interposed calls */
static ssize_t ck_read(void *c, char *buf, size_t n)
{
	return read((int)(intptr_t)c, buf, n);
}

static ssize_t ck_write(void *c, const char *buf, size_t n)
{
	ssize_t r = write((int)(intptr_t)c, buf, n);
	/* 0 on error, errno set: fopencookie(3) forbids a negative count, and
	 * glibc's fwrite took a -1 for a huge count and copied past its buffer
	 * (head -c onto a full mount crashed) */
	return r < 0 ? 0 : r;
}

static int ck_seek(void *c, off64_t *off, int whence)
{
	off_t r = lseek((int)(intptr_t)c, (off_t)*off, whence);
	if (r < 0)
		return -1;
	*off = r;
	return 0;
}

static int ck_close(void *c)
{
	int fd = (int)(intptr_t)c;
	if (fd >= 0 && fd <= 2)
		swapped[fd] = NULL;   /* the program closed the stream itself */
	return 0;   /* the descriptor is the program's to close */
}

/* swap_in -- (internal) stdin/stdout/stderr on the PXFS file behind fd */
static void swap_in(int fd, const struct pl_file *f)
{
	static const cookie_io_functions_t io = { ck_read, ck_write, ck_seek, ck_close };
	int acc = f->flags & O_ACCMODE;
	FILE *s = fopencookie((void *)(intptr_t)fd, acc == O_RDWR ? "r+" : acc == O_WRONLY ? "w" : "r", io);

	if (!s)
		return;   /* no memory: stdio keeps failing with EBADF as before */
	s->_fileno = fd;   /* fileno(stdout) stays 1: isatty, fstat and friends reach us */
	if (fd == 2)
		setvbuf(s, NULL, _IONBF, 0);
	if (!swapped[fd])
		saved[fd] = *std_var(fd);
	else
		fclose(swapped[fd]);
	swapped[fd] = s;
	*std_var(fd) = s;
}

/* pl_std_flush -- pending bytes of fd's standard stream go where they were
 * meant, before a dup2 onto fd changes what fd is */
void pl_std_flush(int fd)
{
	if (fd >= 0 && fd <= 2)
		fflush(*std_var(fd));
}

/* pl_std_forget -- fd is about to stop standing for a PXFS file (the table
 * still maps it): the cookie stream is flushed and the original comes back */
void pl_std_forget(int fd)
{
	FILE *s;

	if (fd < 0 || fd > 2 || !(s = swapped[fd]))
		return;
	fflush(s);
	if (*std_var(fd) == s)
		*std_var(fd) = saved[fd];
	fclose(s);   /* ck_close clears swapped[fd] */
}

/* inherit_record -- (internal) the real descriptor behind fd becomes an
 * O_PATH memfd that says which file it is, for a program executed next */
static void inherit_record(int fd, const struct pl_file *f)
{
	char proc[64];
	int cloexec = PL_REAL(fcntl)(fd, F_GETFD), mfd, pfd;
	off_t off = pxfs_lseek(f->pxfd, 0, SEEK_CUR);

	if (cloexec < 0 || (mfd = memfd_create(INHERIT_NAME, MFD_CLOEXEC)) < 0)
		return;
	if (dprintf(mfd, "%s\n%d %lld\n%s\n", INHERIT_MAGIC, f->flags, (long long)(off < 0 ? 0 : off),
			f->path) > 0) {
		snprintf(proc, sizeof proc, "/proc/self/fd/%d", mfd);
		if ((pfd = PL_REAL(open)(proc, O_PATH | O_CLOEXEC)) >= 0) {
			/* on failure the /dev/null reservation stays: nothing is inherited */
			PL_REAL(dup3)(pfd, fd, cloexec & FD_CLOEXEC ? O_CLOEXEC : 0);
			PL_REAL(close)(pfd);
		}
	}
	PL_REAL(close)(mfd);
}

/* pl_std_install -- fd (0, 1 or 2) now stands for f */
void pl_std_install(int fd, const struct pl_file *f)
{
	if (fd < 0 || fd > 2)
		return;
	swap_in(fd, f);
	inherit_record(fd, f);
}

/* pl_std_before_fork -- a child may execute a program on these descriptors:
 * their records get the offset of now, and a write-only one (a shell's >)
 * writes at the end from now on, in this process and in the program, which
 * do not share an offset (echo a; /bin/echo b; echo c > f gives a b c) */
void pl_std_before_fork(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		struct pl_file *f = pl_fd_get(fd);
		if (!f)
			continue;
		if ((f->flags & O_ACCMODE) == O_WRONLY)
			f->flags |= O_APPEND;
		inherit_record(fd, f);
	}
}

/* inherit_one -- (internal) reopens the file fd's memfd names, behind fd */
static void inherit_one(int fd)
{
	char link[128], proc[64], path[PL_PATH_MAX], magic[32];
	int flags = 0, nfd;
	long long off = 0;
	ssize_t n;
	FILE *in;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	if ((n = readlink(proc, link, sizeof link - 1)) < 0)
		return;
	link[n] = 0;
	if (strncmp(link, "/memfd:" INHERIT_NAME, strlen("/memfd:" INHERIT_NAME)))
		return;
	if (!(in = fopen(proc, "re")))
		return;
	n = fscanf(in, "%31[^\n]\n%d %lld\n%4095[^\n]", magic, &flags, &off, path);
	fclose(in);
	if (n != 4 || strcmp(magic, INHERIT_MAGIC) || pl_mount_ready() < 0)
		return;   /* the descriptor stays what it was: calls on it fail with EBADF */
	pl_enter();
	nfd = pl_open_inner(path, flags & ~(O_CREAT | O_EXCL | O_TRUNC), 0, 3);
	if (nfd >= 0) {
		struct pl_file *f = pl_fd_get(nfd);
		if (!(flags & O_APPEND))
			pxfs_lseek(f->pxfd, (off_t)off, SEEK_SET);
		if (dup2(nfd, fd) < 0)
			fprintf(stderr, "pxfs-preload: cannot give descriptor %d back to %s: %s\n", fd, path,
				strerror(errno));
		close(nfd);
	} else {
		fprintf(stderr, "pxfs-preload: descriptor %d was %s in the program that started this one; "
			"it cannot be opened again: %s\n", fd, path, strerror(errno));
	}
	pl_leave();
}

/* inherit -- before main: descriptors 0-2 a redirection left to this program */
__attribute__((constructor)) static void inherit(void)
{
	if (!pl_enabled())
		return;
	for (int fd = 0; fd <= 2; fd++)
		inherit_one(fd);
}
