/*
 * calls_cwd.c -- a current directory inside the mount: chdir and fchdir
 * into it set a virtual one that relative paths start from, getcwd reports
 * it; chdir or fchdir anywhere else goes back to the kernel's.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "preload.h"

char *__getcwd_chk(char *buf, size_t size, size_t buflen);

static char cwd[PL_PATH_MAX];   /* inside the file system; "" when the kernel's applies */

/* pl_cwd_inner -- the virtual current directory, or NULL */
const char *pl_cwd_inner(void)
{
	return cwd[0] ? cwd : NULL;
}

/* enter_dir -- (internal) makes inner the current directory if it is one */
static int enter_dir(const char *inner)
{
	struct stat st;

	if (pl_stat_inner(inner, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	strcpy(cwd, inner);
	return 0;
}

int chdir(const char *path)
{
	char inner[PL_PATH_MAX];
	int r = pl_route(AT_FDCWD, &path, inner);

	if (r == 0) {
		if ((r = PL_REAL(chdir)(path)) == 0) {
			pl_enter();
			cwd[0] = '\0';
			pl_leave();
		}
		return r;
	}
	if (r < 0)
		return -1;
	pl_enter();
	r = enter_dir(inner);
	pl_leave();
	return r;
}

int fchdir(int fd)
{
	struct pl_file *f = pl_fd_get(fd);
	int r;

	if (!f) {
		if ((r = PL_REAL(fchdir)(fd)) == 0) {
			pl_enter();
			cwd[0] = '\0';
			pl_leave();
		}
		return r;
	}
	pl_enter();
	r = enter_dir(f->path);
	pl_leave();
	return r;
}

/* virtual_cwd -- (internal) prefix + cwd into buf (allocated when NULL) */
static char *virtual_cwd(char *buf, size_t size)
{
	size_t mlen, need;
	const char *m = pl_mount_prefix(&mlen);
	const char *rest = strcmp(cwd, "/") ? cwd : "";

	need = mlen + strlen(rest) + 1;
	if (!buf) {
		if (size && size < need) {
			errno = ERANGE;
			return NULL;
		}
		if (!(buf = malloc(size > need ? size : need)))
			return NULL;
	} else if (size < need) {
		errno = size ? ERANGE : EINVAL;
		return NULL;
	}
	memcpy(buf, m, mlen);
	strcpy(buf + mlen, rest);
	return buf;
}

char *getcwd(char *buf, size_t size)
{
	char *r;

	if (!cwd[0])
		return PL_REAL(getcwd)(buf, size);
	pl_enter();
	r = virtual_cwd(buf, size);
	pl_leave();
	return r;
}

char *__getcwd_chk(char *buf, size_t size, size_t buflen)
{
	return getcwd(buf, size < buflen ? size : buflen);
}

char *get_current_dir_name(void)
{
	return cwd[0] ? getcwd(NULL, 0) : PL_REAL(get_current_dir_name)();
}
