/*
 * pmdk.c -- loads libpmemobj at run time so that its mapping hint can be set
 * first.
 *
 * libpmemobj reads PMEM_MMAP_HINT once, in its constructor, and from then on
 * maps every pool at the first free, suitably aligned address at or above it.
 * Linking it normally would run that constructor before any code of ours, so
 * the shim does not link it: it sets the hint, dlopen()s the library, and
 * restores the environment. The pool code then checks the address it got.
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

extern char **environ;

#define PMDK_SONAME "libpmemobj.so.1"

struct pmdk_api pmdk;

static pthread_mutex_t pmdk_lock = PTHREAD_MUTEX_INITIALIZER;
static void *pmdk_handle;
static uintptr_t pmdk_addr;

/* pmdk_sym -- resolves one symbol into *slot; -1 when missing */
static int pmdk_sym(void *slot, const char *name)
{
	void *f = dlsym(pmdk_handle, name);

	if (!f)
		return err_set(ENOSYS, "libpmemobj lacks %s", name);
	memcpy(slot, &f, sizeof(f));
	return 0;
}

/* pmdk_is_pmem -- whether [addr, addr+len) is real pmem (libpmem's test); a pool on an
 * ordinary file system is not, and only msync makes its stores durable */
int pmdk_is_pmem(const void *addr, size_t len)
{
	int (*is_pmem)(const void *, size_t);
	void *f = pmdk_handle ? dlsym(pmdk_handle, "pmem_is_pmem") : NULL;

	if (!f)
		return 0;
	memcpy(&is_pmem, &f, sizeof(f));
	return is_pmem(addr, len);
}

/* pmdk_resolve -- fills the pmdk table */
static int pmdk_resolve(void)
{
	int r = 0;

	r |= pmdk_sym(&pmdk.create, "pmemobj_create");
	r |= pmdk_sym(&pmdk.open, "pmemobj_open");
	r |= pmdk_sym(&pmdk.close, "pmemobj_close");
	r |= pmdk_sym(&pmdk.errormsg, "pmemobj_errormsg");
	r |= pmdk_sym(&pmdk.root, "pmemobj_root");
	r |= pmdk_sym(&pmdk.root_size, "pmemobj_root_size");
	r |= pmdk_sym(&pmdk.direct, "pmemobj_direct");
	r |= pmdk_sym(&pmdk.oid, "pmemobj_oid");
	r |= pmdk_sym(&pmdk.persist, "pmemobj_persist");
	r |= pmdk_sym(&pmdk.xalloc, "pmemobj_xalloc");
	r |= pmdk_sym(&pmdk.realloc, "pmemobj_realloc");
	r |= pmdk_sym(&pmdk.free, "pmemobj_free");
	r |= pmdk_sym(&pmdk.usable_size, "pmemobj_alloc_usable_size");
	r |= pmdk_sym(&pmdk.tx_begin, "pmemobj_tx_begin");
	r |= pmdk_sym(&pmdk.tx_set_failure_behavior,
			"pmemobj_tx_set_failure_behavior");
	r |= pmdk_sym(&pmdk.tx_commit, "pmemobj_tx_commit");
	r |= pmdk_sym(&pmdk.tx_abort, "pmemobj_tx_abort");
	r |= pmdk_sym(&pmdk.tx_end, "pmemobj_tx_end");
	r |= pmdk_sym(&pmdk.tx_xadd_range_direct, "pmemobj_tx_xadd_range_direct");
	r |= pmdk_sym(&pmdk.tx_xalloc, "pmemobj_tx_xalloc");
	r |= pmdk_sym(&pmdk.tx_realloc, "pmemobj_tx_realloc");
	r |= pmdk_sym(&pmdk.tx_xfree, "pmemobj_tx_xfree");
	r |= pmdk_sym(&pmdk.first, "pmemobj_first");
	r |= pmdk_sym(&pmdk.next, "pmemobj_next");
	r |= pmdk_sym(&pmdk.type_num, "pmemobj_type_num");
	r |= pmdk_sym(&pmdk.check, "pmemobj_check");
	return r ? -1 : 0;
}

/* pmdk_open_lib -- dlopen()s libpmemobj with PMEM_MMAP_HINT=addr. PMDK reads it
 * with secure_getenv, straight from environ: a program with its own setenv
 * (bash keeps its variables apart until it execs) would not pass it on, so
 * environ itself is replaced for the dlopen, besides setenv for a getenv of
 * the program's own. */
static int pmdk_open_lib(uintptr_t addr)
{
	static char hint[48]; /* in environ during the dlopen */
	char *old = getenv("PMEM_MMAP_HINT");
	char *saved = old ? strdup(old) : NULL;
	char **env_saved, **env;
	size_t n = 0, k = 0;

	if (old && !saved)
		return err_set(ENOMEM, "cannot save PMEM_MMAP_HINT");
	snprintf(hint, sizeof(hint), "PMEM_MMAP_HINT=%" PRIxPTR, addr);
	setenv("PMEM_MMAP_HINT", hint + 15, 1);
	env_saved = environ;
	for (char **e = env_saved; e && *e; e++)
		n++;
	env = malloc((n + 2) * sizeof(*env));
	if (!env) {
		if (saved)
			setenv("PMEM_MMAP_HINT", saved, 1);
		else
			unsetenv("PMEM_MMAP_HINT");
		free(saved);
		return err_set(ENOMEM, "cannot copy the environment");
	}
	env[k++] = hint;
	for (size_t i = 0; i < n; i++)
		if (strncmp(env_saved[i], "PMEM_MMAP_HINT=", 15) != 0)
			env[k++] = env_saved[i];
	env[k] = NULL;
	environ = env;
	pmdk_handle = dlopen(PMDK_SONAME, RTLD_NOW | RTLD_LOCAL);
	environ = env_saved;
	free(env);
	if (saved)
		setenv("PMEM_MMAP_HINT", saved, 1);
	else
		unsetenv("PMEM_MMAP_HINT");
	free(saved);
	if (!pmdk_handle)
		return err_set(ENOENT, "cannot load %s (install libpmemobj1): %s",
				PMDK_SONAME, dlerror());
	return 0;
}

/* pmdk_load -- loads libpmemobj once with the mapping hint addr */
int pmdk_load(uintptr_t addr)
{
	int r = 0;

	pthread_mutex_lock(&pmdk_lock);
	if (!pmdk_handle) {
		r = pmdk_open_lib(addr);
		if (r == 0 && pmdk_resolve() != 0) {
			dlclose(pmdk_handle);
			pmdk_handle = NULL;
			r = -1;
		}
		if (r == 0)
			pmdk_busy_install();
		if (r == 0)
			pmdk_addr = addr;
	} else if (addr != pmdk_addr) {
		r = err_set(EINVAL, "pool address 0x%" PRIxPTR " requested, but "
			"this process already fixed pool mappings at 0x%" PRIxPTR,
			addr, pmdk_addr);
	}
	pthread_mutex_unlock(&pmdk_lock);
	return r;
}

/* pmdk_hint -- the mapping address fixed for this process, 0 before load */
uintptr_t pmdk_hint(void)
{
	return pmdk_addr;
}

/* pool_persist -- pmemobj_persist of runtime metadata, seen by the wear map;
 * without PMDK (pop NULL: a pmem pool the runtime mapped itself) a write-back
 * and a fence, which is what PMDK's persist does on pmem */
void pool_persist(PMEMobjpool *pop, const void *addr, size_t len)
{
	if (pop) {
		if (flush_msync_) /* what was written back before is durable first */
			persist_fence();
		pmdk.persist(pop, addr, len);
	} else {
		flush_lines_uncharged(addr, len);
		persist_fence_counted();
	}
	if (wear_counts_)
		wear_note(addr, len);
}
