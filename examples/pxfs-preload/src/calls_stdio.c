/*
 * calls_stdio.c -- stdio streams on PXFS files: fopen and fdopen build a
 * stream whose reads, writes, seeks and close go through the interposer.
 *
 * glibc's fopen opens with its internal open, and its streams read and
 * write with internal calls that bypass the symbols interposed here; a FILE
 * made by glibc on a reserved descriptor would only see EBADF. fopencookie
 * gives a FILE whose I/O is ours; fileno() of it is the PXFS descriptor.
 * freopen onto a PXFS file is refused (EOPNOTSUPP).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "preload.h"

/* the streams made here, for fileno(): glibc's answers -1 for a cookie
 * stream, and sort, sed -i and others fstat(fileno(fp)) */
struct stream {
	FILE *fp;
	int fd;
	struct stream *next;
};
static struct stream *streams;   /* under pl_lock */

/* stream_fd -- (internal) the descriptor of one of our streams, or -1 */
static int stream_fd(FILE *fp)
{
	int fd = -1;

	if (!streams)
		return -1;
	pl_enter();
	for (struct stream *s = streams; s; s = s->next)
		if (s->fp == fp)
			fd = s->fd;
	pl_leave();
	return fd;
}

/* forget_stream -- (internal) at fclose: the entry of descriptor fd */
static void forget_stream(int fd)
{
	pl_enter();
	for (struct stream **pp = &streams; *pp; pp = &(*pp)->next)
		if ((*pp)->fd == fd) {
			struct stream *s = *pp;
			*pp = s->next;
			free(s);
			break;
		}
	pl_leave();
}

/* the cookie is the descriptor */
static ssize_t cookie_read(void *c, char *buf, size_t n) { return read((int)(intptr_t)c, buf, n); }
static ssize_t cookie_write(void *c, const char *buf, size_t n)
{
	ssize_t r = write((int)(intptr_t)c, buf, n);
	return r < 0 ? 0 : r;   /* fopencookie: 0 is the write error */
}
static int cookie_seek(void *c, off64_t *off, int whence)
{
	off64_t r = lseek64((int)(intptr_t)c, *off, whence);

	if (r < 0)
		return -1;
	*off = r;
	return 0;
}
static int cookie_close(void *c)
{
	forget_stream((int)(intptr_t)c);
	return close((int)(intptr_t)c);
}

static const cookie_io_functions_t cookie_io = { cookie_read, cookie_write, cookie_seek, cookie_close };

/* mode_flags -- (internal) open flags of an fopen mode, or -1 (EINVAL) */
static int mode_flags(const char *mode)
{
	int flags;

	switch (mode[0]) {
	case 'r': flags = 0; break;
	case 'w': flags = O_CREAT | O_TRUNC; break;
	case 'a': flags = O_CREAT | O_APPEND; break;
	default: errno = EINVAL; return -1;
	}
	if (strchr(mode, '+'))
		flags |= O_RDWR;
	else
		flags |= mode[0] == 'r' ? O_RDONLY : O_WRONLY;
	if (strchr(mode, 'x'))
		flags |= O_EXCL;
	if (strchr(mode, 'e'))
		flags |= O_CLOEXEC;
	return flags;
}

/* stream_of -- (internal) a stream on PXFS descriptor fd */
static FILE *stream_of(int fd, const char *mode)
{
	struct stream *s = malloc(sizeof *s);   /* first: no stream to undo after */
	FILE *fp;

	if (!s) {
		errno = ENOMEM;
		return NULL;
	}
	if (!(fp = fopencookie((void *)(intptr_t)fd, mode, cookie_io))) {
		free(s);
		return NULL;
	}
	pl_enter();
	*s = (struct stream){ fp, fd, streams };
	streams = s;
	pl_leave();
	if (strchr(mode, 'a'))
		fseeko(fp, 0, SEEK_END);
	return fp;
}

/* open_stream -- (internal) fopen under the mount */
static FILE *open_stream(const char *inner, const char *mode)
{
	int flags = mode_flags(mode), fd;
	FILE *fp;

	if (flags < 0)
		return NULL;
	pl_enter();
	fd = pl_open_inner(inner, flags, 0666, 0);
	pl_leave();
	if (fd < 0)
		return NULL;
	if (!(fp = stream_of(fd, mode))) {
		int e = errno;
		close(fd);
		errno = e;
	}
	return fp;
}

FILE *fopen(const char *path, const char *mode)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner);

	if (r == 0)
		return PL_REAL(fopen)(path, mode);
	return r < 0 ? NULL : open_stream(inner, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner);

	if (r == 0)
		return PL_REAL(fopen64)(path, mode);
	return r < 0 ? NULL : open_stream(inner, mode);
}

FILE *fdopen(int fd, const char *mode)
{
	if (!pl_fd_get(fd))
		return PL_REAL(fdopen)(fd, mode);
	if (mode_flags(mode) < 0)
		return NULL;
	return stream_of(fd, mode);
}

int fileno(FILE *fp)
{
	int fd = stream_fd(fp);
	return fd >= 0 ? fd : PL_REAL(fileno)(fp);
}

int fileno_unlocked(FILE *fp)
{
	int fd = stream_fd(fp);
	return fd >= 0 ? fd : PL_REAL(fileno_unlocked)(fp);
}

/* reopen -- (internal) freopen onto a PXFS file: glibc's stream would go on
 * writing with internal calls on a reserved descriptor, so it is refused;
 * the stream is closed, as POSIX has freopen do whatever the open gives */
static FILE *reopen(FILE *fp)
{
	if (fp)
		fclose(fp);
	errno = EOPNOTSUPP;
	return NULL;
}

FILE *freopen(const char *path, const char *mode, FILE *fp)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner);

	if (r == 0)
		return PL_REAL(freopen)(path, mode, fp);
	return r < 0 ? NULL : reopen(fp);
}

FILE *freopen64(const char *path, const char *mode, FILE *fp)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner);

	if (r == 0)
		return PL_REAL(freopen64)(path, mode, fp);
	return r < 0 ? NULL : reopen(fp);
}
