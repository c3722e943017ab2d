/*
 * route.c -- decides whether a (directory descriptor, path) pair names
 * something under the mount prefix, and which path inside PXFS it is.
 *
 * PXFS has no symbolic links, so "." and ".." can be resolved lexically
 * inside the mount. Paths outside it are passed to libc untouched, never
 * rewritten, so their symlink semantics stay the kernel's.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <string.h>

#include "preload.h"

/* pl_normalize -- absolute path without ".", "..", empty components */
int pl_normalize(const char *in, char out[PL_PATH_MAX])
{
	size_t len = 0;
	const char *p = in;

	out[0] = '\0';
	while (*p) {
		const char *c;
		size_t n;

		while (*p == '/')
			p++;
		c = p;
		while (*p && *p != '/')
			p++;
		n = (size_t)(p - c);
		if (n == 0 || (n == 1 && c[0] == '.'))
			continue;
		if (n == 2 && c[0] == '.' && c[1] == '.') {
			while (len > 0 && out[len - 1] != '/')
				len--;
			if (len > 0)
				len--;
			out[len] = '\0';
			continue;
		}
		if (len + 1 + n >= PL_PATH_MAX) {
			errno = ENAMETOOLONG;
			return -1;
		}
		out[len++] = '/';
		memcpy(out + len, c, n);
		len += n;
		out[len] = '\0';
	}
	if (len == 0)
		strcpy(out, "/");
	return 0;
}

/* join -- (internal) prefix + base + "/" + path into out */
static int join(const char *prefix, const char *base, const char *path, char *out)
{
	size_t a = strlen(prefix), b = strlen(base), c = strlen(path);

	if (a + b + c + 2 >= PL_PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(out, prefix, a);
	memcpy(out + a, base, b);
	out[a + b] = '/';
	memcpy(out + a + b + 1, path, c + 1);
	return 0;
}

/* under_mount -- (internal) the part of a normalized path inside the mount, or NULL */
static const char *under_mount(const char *norm)
{
	size_t mlen;
	const char *m = pl_mount_prefix(&mlen);

	if (strncmp(norm, m, mlen) || (norm[mlen] && norm[mlen] != '/'))
		return NULL;
	return norm[mlen] ? norm + mlen : "/";
}

/* pl_route -- PXFS or libc for (dirfd, *path) */
int pl_route(int dirfd, const char **pathp, char buf[PL_PATH_MAX])
{
	char full[PL_PATH_MAX], norm[PL_PATH_MAX];
	const char *path = *pathp, *in, *m;
	size_t mlen;

	if (!path || !pl_enabled())
		return 0;
	m = pl_mount_prefix(&mlen);
	if (path[0] == '/') {
		if (strncmp(path, m, mlen))   /* the common case, without normalizing */
			return 0;
		if (pl_normalize(path, norm) < 0)
			return -1;
	} else {
		const char *cwd = NULL;
		struct pl_file *f = NULL;
		int r = 0;

		pl_enter();
		if (dirfd == AT_FDCWD)
			cwd = pl_cwd_inner();
		else
			f = pl_fd_get(dirfd);
		if (!cwd && !f)
			r = 1;
		else if (!path[0])
			r = -(errno = ENOENT);
		else if (join(m, strcmp(cwd ? cwd : f->path, "/") ? (cwd ? cwd : f->path) : "", path, full) < 0)
			r = -1;
		pl_leave();
		if (r)
			return r > 0 ? 0 : -1;
		if (pl_normalize(full, norm) < 0)
			return -1;
	}
	if (!(in = under_mount(norm))) {
		/* ".." out of the mount: the kernel resolves the rest from an
		 * absolute path, which neither a PXFS descriptor nor a mount
		 * point that does not exist can give it (symbolic links after
		 * the ".." were resolved lexically, the one approximation) */
		strcpy(buf, norm);
		*pathp = buf;
		return 0;
	}
	strcpy(buf, in);
	return pl_mount_ready() == 0 ? 1 : -1;
}
