/*
 * preload.h -- what the interposer's files share: the real libc functions,
 * the mount state, path routing and the table of descriptors it handed out.
 */
#ifndef PXFS_PRELOAD_H
#define PXFS_PRELOAD_H

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "aerie/pxfs.h"

/** Longest path the interposer builds (joined and normalized). */
#define PL_PATH_MAX 4096
/** Real descriptors at or above this are never handed out for PXFS files. */
#define PL_MAX_FDS 65536

/** The real (next) definition of a libc function, looked up once. Statement
 * expression: each call site keeps its own cached pointer. */
#define PL_REAL(name) ({ \
	static __typeof__(&name) real_; \
	if (!real_) \
		real_ = (__typeof__(&name))pl_real_sym(#name); \
	real_; })

/** dlsym(RTLD_NEXT, name); exits with one line when libc lacks it. */
void *pl_real_sym(const char *name);

/** Every interposed call that touches PXFS state holds this (recursive:
 * libaerie's own calls to open() come back through the interposer). */
extern pthread_mutex_t pl_lock;
void pl_enter(void);
void pl_leave(void);    /* keeps errno */

/** 1 when PXFS_MOUNT is set: paths under it are interposed. */
int pl_enabled(void);
/** The mount prefix ("/pxfs") and its length. */
const char *pl_mount_prefix(size_t *len);
/** Mounts the file system on first use; 0, or -1 with errno (one line on
 * stderr the first time it fails). */
int pl_mount_ready(void);

/** One open file description: shared by every descriptor dup'ed from it. */
struct pl_file {
	int refs;
	int pxfd;                  /* the PXFS descriptor */
	int flags;                 /* open flags; status flags follow F_SETFL */
	char path[PL_PATH_MAX];    /* inside the file system: "/a/b" */
};

/** The description behind real descriptor fd, or NULL when fd is not ours. */
struct pl_file *pl_fd_get(int fd);
/** Maps fd to f (f->refs is incremented). */
void pl_fd_install(int fd, struct pl_file *f);
/** Unmaps fd and drops its reference (the PXFS file closes with the last). */
void pl_fd_forget(int fd);
/** Drops one reference of f. */
void pl_file_put(struct pl_file *f);
/** A real descriptor that reserves a number for a PXFS file: /dev/null
 * opened O_PATH, so that a call the interposer misses fails (EBADF) instead
 * of reading or writing something else. -1 with errno on failure. */
int pl_reserve_fd(int cloexec, int min_fd);
/** How many real descriptors stand for PXFS files now. */
int pl_fd_count(void);
/** Closes every PXFS descriptor (exit). */
void pl_fd_forget_all(void);

/** Descriptors 0-2 (std_streams.c). pl_std_install: fd now stands for f,
 * so stdin/stdout/stderr becomes a stream on the interposed calls and a
 * program executed next opens f's file again. pl_std_forget: fd is about to
 * stop standing for a PXFS file (the original stream comes back).
 * pl_std_flush: before fd changes, its stream's pending bytes go out. */
void pl_std_install(int fd, const struct pl_file *f);
void pl_std_forget(int fd);
void pl_std_flush(int fd);
/** At fork: descriptors 0-2 record their offset again; write-only ones append. */
void pl_std_before_fork(void);

/** Routes (dirfd, *path): 1 with buf set to the path inside the file system
 * when it lies under the mount and the mount is ready; 0 for libc, with
 * *path replaced by buf (an absolute path) when ".." led out of the mount;
 * -1 with errno (the mount failed, a path too long). */
int pl_route(int dirfd, const char **path, char buf[PL_PATH_MAX]);
/** PL_ROUTE1 -- in a call on one path: returns real_call when (dirfd, path)
 * is libc's (path possibly rewritten), -1 on a routing error, else body
 * (which names the PXFS path `inner`) under the lock. */
#define PL_ROUTE1(dirfd, path, real_call, body) do { \
	char inner[PL_PATH_MAX]; \
	int route_ = pl_route(dirfd, &(path), inner), r_; \
	if (route_ == 0) \
		return real_call; \
	if (route_ < 0) \
		return -1; \
	pl_enter(); \
	r_ = (body); \
	pl_leave(); \
	return r_; } while (0)
/** Lexical normalization of an absolute path ("." "..", "//"); 0 or -1. */
int pl_normalize(const char *in, char out[PL_PATH_MAX]);
/** The virtual current directory inside the file system, or NULL. */
const char *pl_cwd_inner(void);

/** Opens inner (already routed); the caller holds pl_lock. A real
 * descriptor number, or -1 with errno. */
int pl_open_inner(const char *inner, int flags, mode_t mode, int min_fd);
/** stat of a PXFS path or file, completed the way stat() callers expect
 * (device, owner). */
int pl_stat_inner(const char *inner, struct stat *st);
int pl_fstat_file(struct pl_file *f, struct stat *st);
/** The current umask, without changing it. */
mode_t pl_umask(void);

#endif /* PXFS_PRELOAD_H */
