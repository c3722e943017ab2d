/*
 * pmem_shim/pool.h -- opening a persistent pool at a fixed address, named
 * roots, warm/cold start and the generation number.
 */
#ifndef PMEM_SHIM_POOL_H
#define PMEM_SHIM_POOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Default mapping address of a pool: 32 TiB, above AddressSanitizer's
 * shadow and below the kernel's top-down mmap area. PMS_POOL_ADDR overrides.
 */
#define PMS_DEFAULT_ADDR ((uintptr_t)0x200000000000ULL)
/** Default size of a new pool (PMS_POOL_SIZE overrides); PMDK's minimum is 8 MiB. */
#define PMS_DEFAULT_SIZE ((size_t)64 << 20)
/** Number of named roots a pool holds, and the longest name (without NUL). */
#define PMS_MAX_ROOTS 64
#define PMS_ROOT_NAME_MAX 55

/** Flags of pms_pool_open(). */
#define PMS_CREATE 0x1u  /* create the file when it does not exist */
#define PMS_EXCL 0x2u    /* with PMS_CREATE: fail when it exists */

/** Options of pms_pool_open(); a NULL pointer or zero fields mean defaults. */
struct pms_pool_opts {
	uintptr_t addr;  /* mapping address; 0: PMS_POOL_ADDR or PMS_DEFAULT_ADDR */
	size_t size;     /* size of a new pool; 0: PMS_POOL_SIZE or default */
	unsigned mode;   /* permissions of a new file; 0: 0600 */
};

/** What this start found. */
struct pms_pool_info {
	uintptr_t addr;       /* where the pool is mapped (== where it was created) */
	size_t size;          /* bytes mapped */
	int warm;             /* 1: an existing pool was recovered; 0: created now */
	int was_clean;        /* 1: the previous user closed it; 0: it crashed */
	uint64_t generation;  /* 1 at creation, +1 at every warm start */
};

typedef struct pms_pool pms_pool;

/** Opens the pool in file path at its fixed address, creating it when flags
 * has PMS_CREATE. Only one pool is open per process at a time. Returns NULL
 * with errno set when the file cannot be opened or locked, is not a pms pool
 * of this layout version, or cannot be mapped at its creation address.
 */
pms_pool *pms_pool_open(const char *path, unsigned flags,
		const struct pms_pool_opts *opts);

/** Marks the pool cleanly closed and unmaps it. Returns 0, or -1 when a
 * transaction is still open in this thread (the pool stays open).
 */
int pms_pool_close(pms_pool *pool);

/** The open pool of the process, or NULL. */
pms_pool *pms_pool_current(void);

/** Fills *info for pool. Returns 0, or -1 (EINVAL) when pool is NULL. */
int pms_pool_info(const pms_pool *pool, struct pms_pool_info *info);

/** 1 when this start recovered an existing pool, 0 when it created it. */
int pms_pool_is_warm(const pms_pool *pool);

/** The pool's generation: 1 at creation, bumped and persisted at each warm start. */
uint64_t pms_generation(void);

/** Lazy re-initialisation of semantically volatile fields kept in persistent
 * objects (reference counts, lock words): returns 1 and stores the current
 * generation into *obj_gen (a logged store when inside a transaction) when
 * it was stale, 0 when already current, -1 on error.
 */
int pms_gen_refresh(uint64_t *obj_gen);

/** The value stored under root name, or NULL when there is none. */
void *pms_root_get(const char *name);

/** Stores ptr under root name (creating it), failure-atomically: inside a
 * transaction it commits with it. Returns 0, or -1 (ENOSPC: table full,
 * ENAMETOOLONG, EINVAL: no pool or ptr outside the pool and not NULL).
 */
int pms_root_set(const char *name, void *ptr);

/** Binds a volatile global that holds a pool pointer to root name: loads the
 * stored value into *global now, and copies *global back into the root at
 * every commit and at close, so legacy code keeps assigning the global.
 * Returns 0 or -1 like pms_root_set.
 */
int pms_root_bind(const char *name, void **global);

/* Bounds of the open pool for the inline range check below. Internal: read only. */
extern uintptr_t pms_pool_base_;
extern uintptr_t pms_pool_size_;

/** 1 when addr lies inside the open pool: one subtraction and one compare. */
static inline int pms_is_persistent(const void *addr)
{
	return (uintptr_t)addr - pms_pool_base_ < pms_pool_size_;
}

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_POOL_H */
