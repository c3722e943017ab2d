/*
 * pool_direct.c -- a warm open without PMDK: after a clean stop, or a kill
 * while PMDK had no operation in flight (pmdk_busy.c), the runtime maps the
 * pool file itself, and PMDK is opened the first time something needs it (an
 * allocation outside the slab, a new slab chunk, a transaction that PMDK must
 * log, a free of a PMDK object).
 *
 * Loading libpmemobj (1.8 ms) and pmemobj_open (5-6 ms: its lanes and heap
 * state, thousands of first-touch page faults) cost the same whatever the
 * pool holds, and a pool its last process closed has nothing for PMDK to
 * recover. When PMDK opens later it maps the file a second time, elsewhere:
 * the same pages, so a store through either mapping is one store. The runtime
 * keeps handing out addresses of its own mapping and translates the few it
 * passes to PMDK (pmdk_ptr).
 *
 * Only for pools that are pmem by PMDK's own test (PMEM_IS_PMEM_FORCE=1, or
 * a file that accepts a MAP_SYNC mapping): a write-back and a fence are then
 * all that persistence needs, with or without PMDK. PMS_PMDK_OPEN=eager
 * turns it off.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* F_OFD_SETLK, MAP_FIXED_NOREPLACE */
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

#ifndef MAP_SHARED_VALIDATE
#define MAP_SHARED_VALIDATE 0x03
#endif
#ifndef MAP_SYNC
#define MAP_SYNC 0x80000
#endif

/* PMDK 1.x's on-media object pool: a 4 KiB pool header and a 2 KiB
 * descriptor (layout name first), each ending in a Fletcher-64 checksum of
 * itself; the root object's offset and size follow (header.c) */
#define PMDK_HDR_BYTES 4096
#define PMDK_DESC_BYTES 2048
#define PMDK_MAJOR 6
#define PMDK_ROOT_OFF_AT 6144
#define PMDK_ROOT_SIZE_AT 6160

static pthread_mutex_t deferred_lock = PTHREAD_MUTEX_INITIALIZER;
static int pmdk_forbidden;  /* a forked child whose parent had not opened PMDK */

/* pool_lock_file -- p->lock_fd: the existing pool file, open with an
 * exclusive OFD lock until the pool is closed. A deferred open holds no PMDK
 * lock, so every open of an existing pool takes this one before it reads the
 * header; -1 (EBUSY) when another process has the pool. A file this process
 * cannot open is left to the open's own checks (lock_fd stays -1). */
int pool_lock_file(struct pms_pool *p, const char *path)
{
	struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 1 };

	p->lock_fd = open(path, O_RDWR | O_CLOEXEC);
	if (p->lock_fd < 0 || fcntl(p->lock_fd, F_OFD_SETLK, &l) == 0)
		return 0;
	if (errno == EAGAIN || errno == EACCES)
		err_set(EBUSY, "pool '%s' is in use by another process", path);
	else
		err_set(errno, "cannot lock pool '%s': %s", path, strerror(errno));
	close(p->lock_fd);
	p->lock_fd = -1;
	return -1;
}

/* force_pmem -- PMEM_IS_PMEM_FORCE as libpmem reads it: 1, 0, or -1 unset */
static int force_pmem(void)
{
	const char *e = getenv("PMEM_IS_PMEM_FORCE");

	if (e && strcmp(e, "1") == 0)
		return 1;
	if (e && strcmp(e, "0") == 0)
		return 0;
	return -1;
}

/* deferred_wanted -- whether this open may leave PMDK closed */
static int deferred_wanted(void)
{
	const char *e = getenv("PMS_PMDK_OPEN");

	if (e && strcmp(e, "eager") == 0)
		return 0;
	return force_pmem() != 0 && !pool_check_wanted(1);
}

/* fletcher64 -- PMDK's checksum of the n bytes at b, whose last 8 bytes hold
 * it (counted as zero) */
static uint64_t fletcher64(const unsigned char *b, size_t n)
{
	uint32_t lo = 0, hi = 0, w;

	for (size_t i = 0; i < n - 8; i += 4) {
		memcpy(&w, b + i, 4);
		lo += w;
		hi += lo;
	}
	hi += lo; /* the two zero words of the checksum itself */
	hi += lo;
	return (uint64_t)hi << 32 | lo;
}

/* pmdk_hdr_intact -- 1 when PMDK's pool header and descriptor at m are as
 * PMDK wrote them, for our layout: otherwise PMDK's own open decides (and
 * refuses a damaged pool before anything is written) */
static int pmdk_hdr_intact(const unsigned char *m)
{
	uint64_t sum;
	uint32_t major;

	memcpy(&major, m + 8, 4);
	if (memcmp(m, "PMEMOBJ", 8) != 0 || major != PMDK_MAJOR)
		return 0;
	memcpy(&sum, m + PMDK_HDR_BYTES - 8, 8);
	if (sum != fletcher64(m, PMDK_HDR_BYTES))
		return 0;
	memcpy(&sum, m + PMDK_HDR_BYTES + PMDK_DESC_BYTES - 8, 8);
	if (sum != fletcher64(m + PMDK_HDR_BYTES, PMDK_DESC_BYTES))
		return 0;
	return strncmp((const char *)m + PMDK_HDR_BYTES, PMS_LAYOUT, PMDK_DESC_BYTES) == 0;
}

/* map_pmem -- maps fd at addr when the mapping is pmem; MAP_FAILED if not */
static void *map_pmem(int fd, uintptr_t addr, size_t size)
{
	int prot = PROT_READ | PROT_WRITE;
	void *m;

	if (force_pmem() == 1)
		return mmap((void *)addr, size, prot, MAP_SHARED | MAP_FIXED_NOREPLACE, fd, 0);
	m = mmap((void *)addr, size, prot, MAP_SHARED_VALIDATE | MAP_SYNC |
			MAP_FIXED_NOREPLACE, fd, 0);
	return m;
}

/*
 * pool_open_deferred -- the open of an existing pool whose last process
 * closed it (or left PMDK settled), without PMDK. 1 when opened (p filled, PMDK left closed), 0 when
 * it does not apply (PMDK opens it as before), -1 when the pool is refused.
 */
int pool_open_deferred(struct pms_pool *p, const char *path, uintptr_t addr,
		unsigned flags)
{
	struct stat st;
	struct pool_header *h;
	uint64_t root_off, root_size;
	int settled = 0;
	void *m;

	if (p->lock_fd < 0 || !deferred_wanted() ||
			((flags & PMS_CREATE) && (flags & PMS_EXCL)) || fstat(p->lock_fd, &st) != 0 ||
			!S_ISREG(st.st_mode) || (uint64_t)st.st_size < PMEMOBJ_MIN_POOL)
		return 0;
	if (pool_precheck(path, addr, (uint64_t)st.st_size, &settled) != 0)
		return -1;
	if (!settled || !(p->pmdk_path = realpath(path, NULL)))
		return 0;
	m = map_pmem(p->lock_fd, addr, (size_t)st.st_size);
	if (m == MAP_FAILED || (uintptr_t)m != addr || !pmdk_hdr_intact(m)) {
		if (m != MAP_FAILED)
			munmap(m, (size_t)st.st_size);
		/* not pmem, not clean, the range is taken or PMDK's part is
		 * damaged: PMDK's open says which */
		return 0;
	}
	/* the header as precheck validated it, now through the mapping (the lock
	 * was held since) */
	root_off = *(const uint64_t *)(addr + PMDK_ROOT_OFF_AT);
	root_size = *(const uint64_t *)(addr + PMDK_ROOT_SIZE_AT);
	h = (struct pool_header *)(addr + root_off);
	if (pool_header_check(path, root_size, h, addr, (uint64_t)st.st_size) != 0) {
		munmap(m, (size_t)st.st_size);
		return -1;
	}
	p->info.was_clean = h->open == 0; /* else killed, with PMDK settled */
	h->open = POOL_OPEN;
	h->generation++;
	pool_persist(NULL, &h->generation, 2 * sizeof(uint64_t));
	p->pop = NULL;
	p->mapped_here = 1;
	p->is_pmem = 1;
	p->hdr = h;
	p->info.addr = addr;
	p->info.size = h->size;
	p->info.warm = 1;
	p->info.generation = h->generation;
	return 1;
}

/* pool_pmdk_open_deferred -- opens PMDK on the pool mapped by
 * pool_open_deferred (deferred_lock held) */
static int pool_pmdk_open_deferred(struct pms_pool *p)
{
	uint64_t t0 = now_ns();
	PMEMobjpool *pop;
	PMEMoid root;

	if (pmdk_load(p->info.addr) != 0)
		return -1;
	pop = pmdk.open(p->pmdk_path, PMS_LAYOUT);
	if (!pop)
		return err_pmdk(errno, "cannot open the pool's heap");
	root = pmdk.root(pop, sizeof(struct pool_header));
	if (OID_IS_NULL(root) || pms_pool_base_ + root.off != (uintptr_t)p->hdr) {
		pmdk.close(pop);
		return err_set(EPROTO, "pool '%s': PMDK's root object is not the "
			"header this process opened", p->path);
	}
	p->uuid_lo = root.pool_uuid_lo;
	__atomic_store_n(&p->pop, pop, __ATOMIC_RELEASE);
	open_times.deferred = now_ns() - t0;
	return 0;
}

/* pool_pmdk_slow -- pool_pmdk when PMDK is not open yet */
PMEMobjpool *pool_pmdk_slow(void)
{
	struct pms_pool *p = pool_cur;
	PMEMobjpool *pop;

	if (!p) {
		err_set(EINVAL, "no pool is open");
		return NULL;
	}
	pthread_mutex_lock(&deferred_lock);
	if (!p->pop && pmdk_forbidden)
		err_set(EPERM, "pool '%s': a forked child cannot open PMDK on its "
			"parent's pool", p->path);
	else if (!p->pop)
		pool_pmdk_open_deferred(p);
	pop = p->pop;
	pthread_mutex_unlock(&deferred_lock);
	return pop;
}

/* pool_pmdk_before_fork -- a forked child must not open PMDK on the file
 * its parent uses (PMDK's open writes to the pool): the parent opens it
 * first */
void pool_pmdk_before_fork(void)
{
	if (pool_cur && !__atomic_load_n(&pool_cur->pop, __ATOMIC_ACQUIRE))
		pool_pmdk_slow();
}

/* pool_pmdk_forbid -- in a forked child: PMDK must not be opened here (its
 * open would write to the parent's pool file) */
void pool_pmdk_forbid(void)
{
	pmdk_forbidden = 1;
}

/* pool_unlock_unmap -- at close: unmaps what pool_open_deferred mapped and
 * drops the lock of pool_lock_file */
void pool_unlock_unmap(struct pms_pool *p)
{
	int e = errno;

	if (p->mapped_here)
		munmap((void *)p->info.addr, p->info.size);
	p->mapped_here = 0;
	if (p->lock_fd >= 0)
		close(p->lock_fd);
	p->lock_fd = -1;
	free(p->pmdk_path);
	p->pmdk_path = NULL;
	errno = e;
}
