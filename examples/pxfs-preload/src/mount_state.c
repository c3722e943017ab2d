/*
 * mount_state.c -- the interposer's configuration (environment), its lock,
 * and the lazy mount of the file system with its end at exit or fork.
 *
 * The mount happens at the first call under the prefix, not at load: every
 * process of a preloaded shell pipeline gets the library, and one that never
 * touches the mount must not take the pool (single-process mode allows one
 * process at a time). A fork gives the mount up when nothing is open on it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aerie/aerie.h"
#include "preload.h"

pthread_mutex_t pl_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

static char mount_prefix[PL_PATH_MAX];
static size_t mount_len;
static int configured;        /* 1 enabled, -1 disabled */
static int mount_state;       /* 0 not yet, 1 mounted, -1 failed, -2 ended, -3 forked */
static int mount_errno;
static pid_t mount_pid;

/* pl_real_sym -- the next definition of name */
void *pl_real_sym(const char *name)
{
	void *p = dlsym(RTLD_NEXT, name);

	if (!p) {
		fprintf(stderr, "pxfs-preload: libc has no %s\n", name);
		_exit(127);
	}
	return p;
}

/* pl_enter, pl_leave -- the interposer's lock; leaving keeps errno */
void pl_enter(void) { pthread_mutex_lock(&pl_lock); }
void pl_leave(void)
{
	int e = errno;
	pthread_mutex_unlock(&pl_lock);
	errno = e;
}

/* configure -- (internal) reads PXFS_MOUNT once */
static void configure(void)
{
	const char *m = getenv("PXFS_MOUNT");

	configured = -1;
	if (!m || !*m)
		return;
	if (m[0] != '/' || pl_normalize(m, mount_prefix) < 0) {
		fprintf(stderr, "pxfs-preload: PXFS_MOUNT '%s' is not an absolute path; nothing is interposed\n", m);
		return;
	}
	if (!strcmp(mount_prefix, "/")) {
		fprintf(stderr, "pxfs-preload: PXFS_MOUNT cannot be '/'; nothing is interposed\n");
		return;
	}
	mount_len = strlen(mount_prefix);
	configured = 1;
}

/* pl_enabled -- whether a mount prefix is set */
int pl_enabled(void)
{
	if (!configured) {
		pl_enter();
		if (!configured)
			configure();
		pl_leave();
	}
	return configured == 1;
}

/* pl_mount_prefix -- the normalized prefix */
const char *pl_mount_prefix(size_t *len)
{
	*len = mount_len;
	return mount_prefix;
}

/* at_exit -- (internal) flushes stdio streams on PXFS files, closes, unmounts */
static void at_exit(void)
{
	if (mount_state != 1 || getpid() != mount_pid)
		return;
	fflush(NULL);   /* exit() flushes streams only after this handler */
	pl_enter();
	pl_fd_forget_all();
	aerie_unmount();
	mount_state = -2;
	pl_leave();
}

/* before_fork -- (internal) a process that has nothing open on the mount
 * gives it up before forking, so that parent and child can each mount
 * again on their next call (fio lays out its files, closes them, and forks
 * a process per job); the lock is held across the fork */
static void before_fork(void)
{
	pl_enter();
	pl_std_before_fork();
	if (mount_state == 1 && getpid() == mount_pid && pl_fd_count() == 0) {
		fflush(NULL);
		aerie_unmount();
		mount_state = 0;
	}
}

/* after_fork_parent -- (internal) the lock taken before the fork */
static void after_fork_parent(void)
{
	pl_leave();
}

/* after_fork_child -- (internal) a child that inherited a mount with files
 * open shares the parent's pool mapping or service connection: it must not
 * use them as its own */
static void after_fork_child(void)
{
	pthread_mutexattr_t a;

	if (mount_state == 1)
		mount_state = -3;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&pl_lock, &a);
}

/* try_mount -- (internal) the mount the environment names */
static int try_mount(void)
{
	const char *pool = getenv("PXFS_POOL"), *sock = getenv("PXFS_TFS_SOCKET");
	char norm[PL_PATH_MAX];
	int rc;

	if (!(pool && *pool) == !(sock && *sock)) {
		fprintf(stderr, "pxfs-preload: set exactly one of PXFS_POOL and PXFS_TFS_SOCKET to use %s\n",
			mount_prefix);
		errno = ENODEV;
		return -1;
	}
	if (pool && *pool && pool[0] == '/' && pl_normalize(pool, norm) == 0 &&
			!strncmp(norm, mount_prefix, mount_len) && (!norm[mount_len] || norm[mount_len] == '/')) {
		fprintf(stderr, "pxfs-preload: the pool %s cannot lie under the mount %s\n", pool, mount_prefix);
		errno = EINVAL;
		return -1;
	}
	rc = pool && *pool ? aerie_mount(pool) : aerie_mount_tfs(sock);
	if (rc < 0) {
		int e = errno;
		fprintf(stderr, "pxfs-preload: cannot mount %s on %s: %s\n", pool && *pool ? pool : sock,
			mount_prefix, aerie_errormsg());
		errno = e;
	}
	return rc;
}

/* pl_mount_ready -- mounts on first use */
int pl_mount_ready(void)
{
	static int hooks;

	if (mount_state == 1)
		return 0;
	if (mount_state == -3) {
		fprintf(stderr, "pxfs-preload: process %d was forked while its parent had files open under %s; "
			"its calls there fail (EBUSY)\n", (int)getpid(), mount_prefix);
		mount_state = -1;
		mount_errno = EBUSY;
	}
	if (mount_state != 0) {
		errno = mount_state == -2 ? EIO : mount_errno;
		return -1;
	}
	pl_enter();
	if (!hooks) {
		hooks = 1;
		pthread_atfork(before_fork, after_fork_parent, after_fork_child);
		atexit(at_exit);
	}
	mount_pid = getpid();
	if (try_mount() == 0) {
		mount_state = 1;
	} else {
		mount_errno = errno;
		mount_state = -1;
	}
	pl_leave();
	errno = mount_errno;
	return mount_state == 1 ? 0 : -1;
}

/* pl_umask -- the umask, read by setting and restoring it */
mode_t pl_umask(void)
{
	mode_t m = umask(022);
	umask(m);
	return m;
}
