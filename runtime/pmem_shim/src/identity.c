/*
 * identity.c -- PMDK opened before the process gives up the rights that
 * opened its pool.
 *
 * A warm open after a clean stop leaves PMDK closed until it is needed
 * (pool_direct.c), and PMDK opens the pool file by its path. A server that
 * starts as root and then drops to another user (dnsmasq: setgroups, setgid,
 * setuid, capset) or changes its root could not open a root-owned pool any
 * more. The runtime therefore defines these calls itself: each opens PMDK on a
 * pool opened that way, then does what libc's would. A program linked with
 * the runtime finds them before libc's; a failed PMDK open does not stop the
 * call (PMDK's later use then fails with its own message).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_NEXT */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <grp.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "internal.h"

/* next -- libc's definition of name, NULL if there is none */
static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

/* before_identity_change -- opens PMDK while the pool file can still be */
static void before_identity_change(void)
{
	if (pool_cur && !__atomic_load_n(&pool_cur->pop, __ATOMIC_ACQUIRE))
		pool_pmdk_slow();
}

/* Each wrapper: PMDK first, then libc's call (ENOSYS if libc has none). */
#define FORWARD(ret, name, params, args)                                \
	ret name params                                                 \
	{                                                               \
		ret (*f) params;                                        \
		void *sym = next(#name);                                \
		before_identity_change();                               \
		if (!sym)                                               \
			return err_set(ENOSYS, "%s: not in libc", #name); \
		memcpy(&f, &sym, sizeof(f));                            \
		return f args;                                          \
	}

FORWARD(int, setuid, (uid_t u), (u))
FORWARD(int, setgid, (gid_t g), (g))
FORWARD(int, seteuid, (uid_t u), (u))
FORWARD(int, setegid, (gid_t g), (g))
FORWARD(int, setreuid, (uid_t r, uid_t e), (r, e))
FORWARD(int, setregid, (gid_t r, gid_t e), (r, e))
FORWARD(int, setresuid, (uid_t r, uid_t e, uid_t s), (r, e, s))
FORWARD(int, setresgid, (gid_t r, gid_t e, gid_t s), (r, e, s))
FORWARD(int, setgroups, (size_t n, const gid_t *l), (n, l))
FORWARD(int, initgroups, (const char *user, gid_t g), (user, g))
FORWARD(int, chroot, (const char *path), (path))
FORWARD(int, capset, (void *hdr, const void *data), (hdr, data))
