/*
 * pool.c -- opens and creates the pool at its fixed address and keeps the
 * shim's header (magic, version, address, generation) in PMDK's root object.
 *
 * A pool is only handed out when it is mapped exactly where it was created,
 * so the raw pointers stored inside it are valid. Every check that can reject
 * a pool runs before the shim writes to it; PMDK's read-only consistency
 * check runs before PMDK's own recovery touches an existing file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define POOL_ALIGN ((uintptr_t)2 << 20)

struct open_times open_times;

/* now_ns -- monotonic nanoseconds */
uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

uintptr_t pms_pool_base_;
uintptr_t pms_pool_size_;
struct pms_pool *pool_cur;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* pool_env_num -- parses an environment number with K/M/G suffix; 0 if unset */
static int pool_env_num(const char *var, uint64_t *out)
{
	const char *s = getenv(var);
	char *end;
	unsigned long long v;

	*out = 0;
	if (!s || !*s)
		return 0;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s)
		return err_set(EINVAL, "%s='%s' is not a number", var, s);
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	else if (*end == 'G' || *end == 'g')
		v <<= 30, end++;
	if (*end)
		return err_set(EINVAL, "%s='%s' has trailing characters", var, s);
	*out = v;
	return 0;
}

/* pool_params -- address and size from opts, the environment or defaults */
static int pool_params(const struct pms_pool_opts *o, uintptr_t *addr,
		size_t *size)
{
	uint64_t v;

	*addr = o && o->addr ? o->addr : 0;
	*size = o && o->size ? o->size : 0;
	if (!*addr) {
		if (pool_env_num("PMS_POOL_ADDR", &v))
			return -1;
		*addr = v ? (uintptr_t)v : PMS_DEFAULT_ADDR;
	}
	if (!*size) {
		if (pool_env_num("PMS_POOL_SIZE", &v))
			return -1;
		*size = v ? (size_t)v : PMS_DEFAULT_SIZE;
	}
	if (*addr % POOL_ALIGN)
		return err_set(EINVAL, "pool address 0x%" PRIxPTR
			" is not a multiple of 2 MiB", *addr);
	if (*size < PMEMOBJ_MIN_POOL)
		return err_set(EINVAL, "pool size %zu is below PMDK's minimum "
			"of %zu bytes", *size, (size_t)PMEMOBJ_MIN_POOL);
	return 0;
}

/* pool_check_existing -- read-only checks of a file before PMDK opens it */
static int pool_check_existing(const char *path, const struct stat *st)
{
	int fd;

	if (!S_ISREG(st->st_mode))
		return err_set(EINVAL, "pool '%s' is not a regular file", path);
	if ((uint64_t)st->st_size < PMEMOBJ_MIN_POOL)
		return err_set(EPROTO, "pool '%s' is truncated: %lld bytes, a "
			"pool has at least %zu", path, (long long)st->st_size,
			(size_t)PMEMOBJ_MIN_POOL);
	fd = open(path, O_RDWR);
	if (fd < 0)
		return err_set(errno, "cannot open pool '%s': %s", path,
				strerror(errno));
	close(fd);
	return 0;
}

/* pool_check_settled -- PMDK's check, retried for a moment while the pool is
 * busy: the killed previous opener's own checker may still hold the lock for
 * the few milliseconds its death signal takes */
static int pool_check_settled(const char *path, int settled)
{
	for (int i = 0;; i++) {
		int r = pool_pmdk_check(path, settled);
		if (r == 0 || errno != EBUSY || i == 20)
			return r;
		usleep(10000);
	}
}

/* pool_map -- opens path or creates the PMDK pool in tmp; sets *warm */
static PMEMobjpool *pool_map(const char *path, const char *tmp, uintptr_t addr,
		unsigned flags, size_t size, unsigned mode, int *warm)
{
	struct stat st;
	PMEMobjpool *pop;
	uint64_t t0, t1;
	int settled;

	if (stat(path, &st) != 0) {
		if (errno != ENOENT || !(flags & PMS_CREATE)) {
			err_set(errno, "cannot open pool '%s': %s", path,
				strerror(errno));
			return NULL;
		}
		*warm = 0;
		pop = pmdk.create(tmp, PMS_LAYOUT, size, mode ? mode : 0600);
		if (!pop)
			err_pmdk(errno, "cannot create pool");
		return pop;
	}
	if ((flags & PMS_CREATE) && (flags & PMS_EXCL)) {
		err_set(EEXIST, "pool '%s' already exists", path);
		return NULL;
	}
	t0 = now_ns();
	if (pool_check_existing(path, &st) ||
			pool_precheck(path, addr, st.st_size, &settled) ||
			pool_check_settled(path, settled))
		return NULL;
	*warm = 1;
	t1 = now_ns();
	pop = pmdk.open(path, PMS_LAYOUT);
	open_times.check = t1 - t0;
	open_times.pmdk = now_ns() - t1;
	if (!pop && (errno == EWOULDBLOCK || errno == EAGAIN))
		err_set(EBUSY, "pool '%s' is in use by another process", path);
	else if (!pop) {
		char what[4200];
		snprintf(what, sizeof(what), "cannot open pool '%s'", path);
		err_pmdk(errno, what);
	}
	return pop;
}

/* pool_attach -- validates or initialises the header and fills *p */
static int pool_attach(struct pms_pool *p, const char *path, uintptr_t addr,
		int warm)
{
	struct stat st;
	PMEMoid root;
	struct pool_header *h;

	if ((uintptr_t)p->pop != addr)
		return err_set(EADDRNOTAVAIL, "pool '%s' mapped at %p instead of "
			"its fixed address 0x%" PRIxPTR " (address range in use); "
			"raw pointers in it would be invalid", path,
			(void *)p->pop, addr);
	if (stat(path, &st) != 0)
		return err_set(errno, "cannot stat pool '%s': %s", path,
			strerror(errno));
	/* A pool of our layout without a root died before pms_pool_open
	 * returned for the first time: nothing was stored in it yet. */
	if (warm && pmdk.root_size(p->pop) == 0)
		warm = 0;
	root = pmdk.root(p->pop, sizeof(struct pool_header));
	if (OID_IS_NULL(root))
		return err_pmdk(errno, "cannot allocate the shim header");
	if (root.off + sizeof(*h) > (uint64_t)st.st_size)
		return err_set(EPROTO, "pool '%s': root object out of range",
			path);
	h = pmdk.direct(root);
	if (!warm || h->magic == 0) {
		if (warm && !pool_roots_empty(h))
			return err_set(EPROTO, "pool '%s': shim header magic "
				"is zero but roots are set (damaged header)", path);
		pool_header_init(p->pop, h, addr, (size_t)st.st_size);
		warm = 0;
	} else {
		if (pool_header_check(path, pmdk.root_size(p->pop), h, addr,
				st.st_size))
			return -1;
		p->info.was_clean = !h->open;
		h->open = 1;
		h->generation++;
		pool_persist(p->pop, &h->generation, 2 * sizeof(uint64_t));
	}
	if (!warm)
		p->info.was_clean = 1;
	p->hdr = h;
	p->info.addr = addr;
	p->info.size = h->size;
	p->info.warm = warm;
	p->info.generation = h->generation;
	return 0;
}

/* pool_remove_stale_new -- unlinks "<path>.pms-new.<pid>" files whose process
 * is gone: a process killed while it created the pool (PMDK zeroes the whole
 * file first, seconds for a large pool) leaves its unpublished pool behind, and
 * a crash loop would otherwise fill the file system with them. A file of a
 * live process (in this pid namespace) is another creator's, left alone. */
static void pool_remove_stale_new(const char *path)
{
	char dir[4096], stem[4096], victim[8192];
	const char *slash = strrchr(path, '/');
	struct dirent *e;
	DIR *d;

	if (slash)
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path + 1), path);
	else
		snprintf(dir, sizeof(dir), "./");
	snprintf(stem, sizeof(stem), "%s.pms-new.", slash ? slash + 1 : path);
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		char *end;
		long pid;

		if (strncmp(e->d_name, stem, strlen(stem)) != 0)
			continue;
		pid = strtol(e->d_name + strlen(stem), &end, 10);
		if (*end || pid <= 0 || pid == (long)getpid() ||
				kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(victim, sizeof(victim), "%s%s", dir, e->d_name);
		unlink(victim);
	}
	closedir(d);
}

/* pool_publish -- gives a fully initialised new pool its name, atomically */
static int pool_publish(const char *path, const char *tmp)
{
	if (link(tmp, path) != 0)
		return err_set(errno, "cannot create pool '%s': %s", path,
			errno == EEXIST ? "created concurrently by another "
			"process" : strerror(errno));
	unlink(tmp);
	return 0;
}

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/* fork_register -- installs the fork handlers once (pool_fork.c) */
static void fork_register(void)
{
	pthread_atfork(pool_fork_prepare, pool_fork_parent, pool_fork_child);
}

/* pms_pool_open -- opens or creates the pool in path at its fixed address */
pms_pool *pms_pool_open(const char *path, unsigned flags,
		const struct pms_pool_opts *opts)
{
	struct pms_pool *p = NULL;
	char tmp[4096];
	uintptr_t addr;
	size_t size;
	int warm = 0;
	uint64_t t_open = now_ns(), t_recover;

	memset(&open_times, 0, sizeof(open_times)); /* a cold open times no check */
	if (!path || !*path || strlen(path) > sizeof(tmp) - 32) {
		err_set(EINVAL, "pms_pool_open: no path");
		return NULL;
	}
	if (pool_params(opts, &addr, &size))
		return NULL;
	pthread_mutex_lock(&pool_lock);
	if (pool_cur) {
		err_set(EBUSY, "pool '%s' is already open in this process; "
			"close it first", pool_cur->path);
		goto fail_unlock;
	}
	p = calloc(1, sizeof(*p));
	if (!p || !(p->path = strdup(path))) {
		err_set(ENOMEM, "pms_pool_open: out of memory");
		goto fail_free;
	}
	p->lock_fd = -1;
	if (access(path, F_OK) == 0 && pool_lock_file(p, path) != 0)
		goto fail_free;
	switch (pool_open_deferred(p, path, addr, flags)) {
	case 1: /* mapped without PMDK */
		warm = 1;
		t_recover = now_ns();
		break;
	case 0:
		if (pmdk_load(addr))
			goto fail_free;
		open_times.load = now_ns() - t_open;
		snprintf(tmp, sizeof(tmp), "%s.pms-new.%ld", path, (long)getpid());
		if (access(path, F_OK) != 0)
			pool_remove_stale_new(path);
		p->pop = pool_map(path, tmp, addr, flags, size, opts ? opts->mode : 0, &warm);
		if (!p->pop)
			goto fail_free;
		t_recover = now_ns();
		if (pool_attach(p, warm ? path : tmp, addr, warm) ||
				(!warm && pool_publish(path, tmp))) {
			int e = errno;
			pmdk.close(p->pop);
			if (!warm)
				unlink(tmp);
			errno = e;
			goto fail_free;
		}
		p->uuid_lo = pmdk.oid(p->hdr).pool_uuid_lo;
		p->is_pmem = pmdk_is_pmem((void *)addr, p->info.size);
		break;
	default:
		goto fail_free;
	}
	pms_pool_base_ = addr;
	pms_pool_size_ = p->info.size;
	flush_msync_ = !p->is_pmem; /* before recovery writes anything back */
	wear_attach(addr, p->info.size);
	pool_watch_all();
	pthread_once(&fork_once, fork_register);
	pool_cur = p;
	open_times.attach = now_ns() - t_recover;
	t_recover = now_ns();
	/* the runtime's undo log is replayed before anything reads the pool */
	if (ulog_open() != 0 ||
			(open_times.recover = now_ns() - t_recover, slab_open() != 0)) {
		int e = errno;
		slab_close();
		ulog_close();
		pool_cur = NULL;
		pms_pool_base_ = 0;
		pms_pool_size_ = 0;
		flush_msync_ = 0;
		pool_watch_all();
		if (p->pop)
			pmdk.close(p->pop);
		errno = e;
		goto fail_free;
	}
	/* A pool with chunks must keep its slots (frees, sizes) whatever is wanted. */
	slab_on_ = slab_has_chunks() || slab_wanted();
	open_times.warm = warm;
	open_times.slab = now_ns() - t_recover - open_times.recover;
	open_times.total = now_ns() - t_open;
	pthread_mutex_unlock(&pool_lock);
	return p;
fail_free:
	if (p) {
		pool_unlock_unmap(p);
		free(p->path);
	}
	free(p);
fail_unlock:
	pthread_mutex_unlock(&pool_lock);
	return NULL;
}

/* pms_pool_close -- marks the pool clean and unmaps it */
int pms_pool_close(pms_pool *pool)
{
	if (!pool || pool != pool_cur)
		return err_set(EINVAL, "pms_pool_close: not the open pool");
	if (tx_tls.depth > 0)
		return err_set(EBUSY, "pms_pool_close: a transaction is open");
	if (roots_sync() != 0)
		return -1;
	pthread_mutex_lock(&pool_lock);
	roots_reset();
	if (slab_on_) {
		slab_spares_replenish();
		slab_commit(); /* starts the slab's pending write-backs */
	}
	persist_fence();
	pool->hdr->open = 0;
	pool_persist(pool->pop, &pool->hdr->open, sizeof(pool->hdr->open));
	slab_close();
	slab_on_ = 0;
	ulog_close();
	pms_pool_base_ = 0;
	pms_pool_size_ = 0;
	flush_msync_ = 0;
	pool_watch_all();
	pool_cur = NULL;
	if (pool->pop)
		pmdk.close(pool->pop);
	pool_unlock_unmap(pool);
	pthread_mutex_unlock(&pool_lock);
	free(pool->path);
	free(pool);
	return 0;
}

/* pms_pool_current -- the open pool or NULL */
pms_pool *pms_pool_current(void)
{
	return pool_cur;
}

/* pms_pool_info -- copies what this start found */
int pms_pool_info(const pms_pool *pool, struct pms_pool_info *info)
{
	if (!pool || !info)
		return err_set(EINVAL, "pms_pool_info: NULL argument");
	*info = pool->info;
	return 0;
}

/* pms_pool_is_warm -- 1 when an existing pool was recovered */
int pms_pool_is_warm(const pms_pool *pool)
{
	return pool ? pool->info.warm : 0;
}

/* pms_generation -- generation of the open pool, 0 when none */
uint64_t pms_generation(void)
{
	return pool_cur ? pool_cur->info.generation : 0;
}

/* pms_gen_refresh -- brings *obj_gen up to the pool generation; 1 if stale */
int pms_gen_refresh(uint64_t *obj_gen)
{
	uint64_t g = pms_generation();

	if (!g || !obj_gen)
		return err_set(EINVAL, "pms_gen_refresh: no pool or NULL");
	if (*obj_gen == g)
		return 0;
	if (tx_tls.depth > 0) {
		if (pms_tx_add_range(obj_gen, sizeof(*obj_gen)))
			return -1;
		*obj_gen = g;
	} else {
		__atomic_store_n(obj_gen, g, __ATOMIC_RELEASE);
		if (pms_is_persistent(obj_gen))
			pms_persist(obj_gen, sizeof(*obj_gen));
	}
	return 1;
}
