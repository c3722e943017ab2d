/*
 * calls_temp.c -- temporary files and directories under the mount:
 * mkstemp, mkostemp, mkstemps, mkostemps (and their 64 names), mkdtemp.
 *
 * glibc's versions create the file with its internal open, past the
 * interposer (sed -i makes its temporary file next to the one it edits).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "preload.h"

/* fill_x -- (internal) the six X's before suffix characters of t, replaced
 * by letters and digits; 0, or -1 (EINVAL) when t does not end so */
static int fill_x(char *t, int suffix, uint64_t *seed)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t len = strlen(t);
	char *x;

	if (suffix < 0 || len < 6 + (size_t)suffix || memcmp(t + len - suffix - 6, "XXXXXX", 6)) {
		errno = EINVAL;
		return -1;
	}
	x = t + len - suffix - 6;
	for (int i = 0; i < 6; i++) {
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		x[i] = chars[(*seed >> 33) % (sizeof chars - 1)];
	}
	return 0;
}

/* make_temp -- (internal) 1 done (*r set), 0 for libc: a new file (dir 0)
 * or directory (dir 1) named by t, created exclusively */
static int make_temp(char *t, int suffix, int flags, int dir, int *r)
{
	char inner[PL_PATH_MAX], orig[PL_PATH_MAX];
	const char *path = t;
	struct timespec ts;
	uint64_t seed;
	int route;

	if (!t || ((route = pl_route(AT_FDCWD, &path, inner)) == 0 && path == t))
		return 0;
	*r = -1;
	if (route == 0)   /* ".." out of the mount, relative: no real directory to make it in */
		errno = EXDEV;
	if (route <= 0)
		return 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	seed = (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32) ^ (uintptr_t)t;
	strcpy(orig, t);
	for (int tries = 0; tries < 100; tries++) {
		strcpy(t, orig);
		path = t;
		if (fill_x(t, suffix, &seed) < 0 || pl_route(AT_FDCWD, &path, inner) <= 0)
			return 1;
		pl_enter();
		*r = dir ? pxfs_mkdir(inner, 0700)
			: pl_open_inner(inner, O_RDWR | O_CREAT | O_EXCL | (flags & ~O_ACCMODE), 0600, 0);
		pl_leave();
		if (*r >= 0 || errno != EEXIST)
			return 1;
	}
	return 1;
}

#define TEMP(t, suffix, flags, real_call) do { \
	int r_; \
	return make_temp(t, suffix, flags, 0, &r_) ? r_ : real_call; } while (0)

int mkstemp(char *t) { TEMP(t, 0, 0, PL_REAL(mkstemp)(t)); }
int mkstemp64(char *t) { TEMP(t, 0, 0, PL_REAL(mkstemp64)(t)); }
int mkostemp(char *t, int fl) { TEMP(t, 0, fl, PL_REAL(mkostemp)(t, fl)); }
int mkostemp64(char *t, int fl) { TEMP(t, 0, fl, PL_REAL(mkostemp64)(t, fl)); }
int mkstemps(char *t, int sfx) { TEMP(t, sfx, 0, PL_REAL(mkstemps)(t, sfx)); }
int mkstemps64(char *t, int sfx) { TEMP(t, sfx, 0, PL_REAL(mkstemps64)(t, sfx)); }
int mkostemps(char *t, int sfx, int fl) { TEMP(t, sfx, fl, PL_REAL(mkostemps)(t, sfx, fl)); }
int mkostemps64(char *t, int sfx, int fl) { TEMP(t, sfx, fl, PL_REAL(mkostemps64)(t, sfx, fl)); }

char *mkdtemp(char *t)
{
	int r;

	if (!make_temp(t, 0, 0, 1, &r))
		return PL_REAL(mkdtemp)(t);
	return r == 0 ? t : NULL;
}
