/*
 * internal.h -- declarations shared by the runtime's source files: the PMDK
 * entry points, the open pool, per-thread state and the accounting hooks.
 */
#ifndef PMS_INTERNAL_H
#define PMS_INTERNAL_H

#include <libpmemobj.h>
#include <stdint.h>

#include "pmem_shim.h"

/* The runtime's own functions: not exported, so that it calls them directly, not through
 * the PLT (a port enters the runtime at every logged store). */
#pragma GCC visibility push(hidden)

#define PMS_LAYOUT "pmem_shim"
#define PMS_MAGIC 0x31764d4948534d50ULL  /* "PMSHIMv1" */
#define PMS_LAYOUT_VERSION 1u
#define PMS_TYPE_NUM 0x504d53u           /* type number of every shim object */
#define PMS_LINE 64u

/* PMDK entry points, resolved by dlopen after the mapping hint is set. */
struct pmdk_api {
	PMEMobjpool *(*create)(const char *, const char *, size_t, mode_t);
	PMEMobjpool *(*open)(const char *, const char *);
	void (*close)(PMEMobjpool *);
	const char *(*errormsg)(void);
	PMEMoid (*root)(PMEMobjpool *, size_t);
	size_t (*root_size)(PMEMobjpool *);
	void *(*direct)(PMEMoid);
	PMEMoid (*oid)(const void *);
	void (*persist)(PMEMobjpool *, const void *, size_t);
	int (*xalloc)(PMEMobjpool *, PMEMoid *, size_t, uint64_t, uint64_t,
			pmemobj_constr, void *);
	int (*realloc)(PMEMobjpool *, PMEMoid *, size_t, uint64_t);
	void (*free)(PMEMoid *);
	size_t (*usable_size)(PMEMoid);
	int (*tx_begin)(PMEMobjpool *, jmp_buf, ...);
	void (*tx_set_failure_behavior)(enum pobj_tx_failure_behavior);
	void (*tx_commit)(void);
	void (*tx_abort)(int);
	int (*tx_end)(void);
	int (*tx_xadd_range_direct)(const void *, size_t, uint64_t);
	PMEMoid (*tx_xalloc)(size_t, uint64_t, uint64_t);
	PMEMoid (*tx_realloc)(PMEMoid, size_t, uint64_t);
	int (*tx_xfree)(PMEMoid, uint64_t);
	PMEMoid (*first)(PMEMobjpool *);
	PMEMoid (*next)(PMEMoid);
	uint64_t (*type_num)(PMEMoid);
	int (*check)(const char *, const char *);
};
extern struct pmdk_api pmdk;
int pmdk_is_pmem(const void *addr, size_t len);

/* wear.c: the wear map (NULL while off), fed by every write-back into the pool */
extern uint64_t *wear_counts_;
void wear_attach(uintptr_t base, size_t size);
void wear_note(const void *addr, size_t len);
void wear_exit_dump(void);

/* pmdk.c */
int pmdk_load(uintptr_t addr);
void pmdk_busy_install(void);
uintptr_t pmdk_hint(void);
void pool_persist(PMEMobjpool *pop, const void *addr, size_t len);

/* One named root: 64 bytes. */
struct pool_root {
	char name[PMS_ROOT_NAME_MAX + 1];
	uint64_t ptr;
};

/* The shim's header, kept in PMDK's root object. */
#define POOL_OPEN 1u
#define POOL_PMDK_BUSY 2u /* pmdk_busy.c */

struct pool_header {
	uint64_t magic;
	uint32_t version;
	uint32_t header_size;
	uint64_t base;
	uint64_t size;
	uint64_t generation;
	uint64_t open;        /* POOL_OPEN while a process has it open, plus
	                       * POOL_PMDK_BUSY per PMDK operation in flight */
	uint64_t undo_table;  /* pool offset of ulog.c's table of undo logs */
	uint64_t slab_dir;    /* slab.c's directory of chunks: pool offset | SLAB_DIR_* bits */
	struct pool_root roots[PMS_MAX_ROOTS];
};

struct pms_pool {
	PMEMobjpool *pop;	/* NULL until PMDK is opened (pool_direct.c): use pool_pmdk() */
	uint64_t uuid_lo;	/* PMEMoid of an address without pmemobj_oid's lookup */
	int is_pmem;		/* else pms_flush must also msync (pmemobj_persist) */
	int lock_fd;		/* the pool file, OFD-locked while open; -1 if none */
	int mapped_here;	/* mapped by pool_open_deferred, not by PMDK */
	char *pmdk_path;	/* absolute path PMDK opens later (the program may chdir) */
	struct pool_header *hdr;
	struct pms_pool_info info;
	char *path;
};
extern struct pms_pool *pool_cur;

/* watch.c: the range whose stores PMS_LOGGED hands to the runtime (port.h) */
/* read by ported code (pmem_shim/port.h) */
extern uintptr_t pms_watch_base_ __attribute__((visibility("default")));
extern uintptr_t pms_watch_size_ __attribute__((visibility("default")));
/* port.c: this thread's last store run was logged in its open transaction (port.h) */
extern __thread int pms_run_logged_ __attribute__((visibility("default")));
extern int watch_load_skip_;
void pool_watch_all(void);
void watch_cold_load(void);
void watch_tx_begin_slow(void);
void watch_tx_end_slow(void);
/* Called where a thread's outermost transaction or operation level opens and ends. */
static inline void watch_tx_begin(void)
{
	if (__builtin_expect(__atomic_load_n(&watch_load_skip_, __ATOMIC_RELAXED), 0))
		watch_tx_begin_slow();
}
static inline void watch_tx_end(void)
{
	if (__builtin_expect(__atomic_load_n(&watch_load_skip_, __ATOMIC_RELAXED), 0))
		watch_tx_end_slow();
}

/* pool_direct.c: a warm open after a clean stop maps the pool without PMDK */
int pool_lock_file(struct pms_pool *p, const char *path);
int pool_open_deferred(struct pms_pool *p, const char *path, uintptr_t addr,
		unsigned flags);
void pool_pmdk_forbid(void);
PMEMobjpool *pool_pmdk_slow(void);
void pool_pmdk_before_fork(void);
/* pool_fork.c: a forked child gets a copy of the pool as of the fork */
void pool_fork_prepare(void);
void pool_fork_parent(void);
void pool_fork_child(void);
void pool_unlock_unmap(struct pms_pool *p);
/* pool_pmdk -- PMDK's handle of the open pool, opening PMDK on first use;
 * NULL (errno, message) when it cannot be opened */
static inline PMEMobjpool *pool_pmdk(void)
{
	PMEMobjpool *pop = __atomic_load_n(&pool_cur->pop, __ATOMIC_ACQUIRE);

	return __builtin_expect(pop != NULL, 1) ? pop : pool_pmdk_slow();
}
/* pmdk_ptr -- where PMDK's mapping has the pool byte at ptr of ours (the
 * same address unless the pool was opened without PMDK) */
static inline void *pmdk_ptr(const void *ptr)
{
	return (void *)((uintptr_t)pool_cur->pop + ((uintptr_t)ptr - pms_pool_base_));
}

/* header.c */
void pool_header_init(PMEMobjpool *pop, struct pool_header *h,
		uintptr_t addr, size_t size);
int pool_header_check(const char *path, uint64_t root_size,
		const struct pool_header *h, uintptr_t addr, uint64_t fsize);
int pool_roots_empty(const struct pool_header *h);
int pool_precheck(const char *path, uintptr_t addr, uint64_t fsize, int *settled);

/* check.c */
int pool_pmdk_check(const char *path, int settled);
int pool_check_wanted(int settled);

/* strict_report.c */
void strict_report_note(const void *ra);
void strict_report_print(void);

/* exe_identity.c */
int exe_identity(uint64_t *build, uint64_t *base);

/* error.c */
int err_set(int errnum, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int err_pmdk(int errnum, const char *what);

/* tx.c */
struct tx_state {
	int depth;
	int aborted;
	int lazy;             /* operation levels opened before their first write */
	uint64_t epoch;       /* number of this thread's outermost transactions */
	uint64_t stripes;     /* atomic-RMW stripe locks held until tx end */
	int pmdk;             /* a PMDK transaction is open (allocations, PMDK logging) */
	int ulog;             /* the runtime's undo log takes the logged ranges */
	int ulog_full;        /* ... until it filled up: the rest goes to PMDK */
};
extern __thread struct tx_state tx_tls;
int tx_check_usable(void);
int tx_ensure(void);
int tx_need_pmdk(void);
void tx_lazy_open(void);
int tx_lazy_close(void);
int tx_add_exact(void *addr, size_t size);
int tx_add_words(void *const *addrs, size_t n);
void tx_note_unlogged(void *addr, size_t size);
void tx_writeback_unlogged(void);
/* tx_fresh.c: objects PMDK allocated in this thread's open transaction */
void tx_fresh_note(const void *p, size_t size);
void tx_fresh_forget(const void *p);
void tx_fresh_clear(void);
int tx_fresh_holds_slow(const void *addr, size_t size);
extern __thread int tx_fresh_n_; /* how many: none in most transactions */
static inline int tx_fresh_holds(const void *addr, size_t size)
{
	return tx_fresh_n_ > 0 && tx_fresh_holds_slow(addr, size);
}

/* slab.c: small objects without per-call persist barriers */
#define SLAB_MAX 32768        /* the largest slot */
extern int slab_on_;
void slab_want(int on);
int slab_wanted(void);
int slab_has_chunks(void);
int slab_open(void);
void slab_close(void);
void *slab_alloc(size_t size, int zero);
int slab_free(void *ptr);
size_t slab_usable(const void *ptr);
int slab_is_fresh(const void *addr, size_t size);
/* A slab slot: its bytes and whether it is fresh (allocated in this thread's
 * open transaction: no undo log) */
struct slab_slot {
	char *lo;
	size_t size;
	int fresh;
};
int slab_slot_find(const void *addr, struct slab_slot *s);
static inline int slab_slot_holds_fresh(const struct slab_slot *s, const void *addr, size_t size)
{
	return s->fresh && (const char *)addr + size <= s->lo + s->size;
}
/* slab_slot_widen -- [*addr, +*size) grown to whole cache lines, within slot s.
 * Logging a line once lets the next stores into it (a header's other fields)
 * find it logged: one undo entry and one persist barrier instead of one per
 * field. Only the slot's own bytes are added, and an object's bytes belong to
 * whoever may store into the object. */
static inline void slab_slot_widen(const struct slab_slot *s, void **addr, size_t *size)
{
	uintptr_t a = (uintptr_t)*addr, slot_lo = (uintptr_t)s->lo, slot_hi = slot_lo + s->size;
	uintptr_t lo = a & ~(uintptr_t)(PMS_LINE - 1);
	uintptr_t hi = (a + *size + PMS_LINE - 1) & ~(uintptr_t)(PMS_LINE - 1);

	if (lo < slot_lo)
		lo = slot_lo;
	if (hi > slot_hi)
		hi = slot_hi;
	if (hi < a + *size) /* a range past its slot: leave it to the caller's checks */
		return;
	*addr = (void *)lo;
	*size = hi - lo;
}
void slab_commit(void);
void slab_spares_replenish(void);
void slab_committed(void);
void slab_aborted(void);
void slab_flush_all(void);
long slab_walk(void (*fn)(void *obj, size_t size, void *arg), void *arg);
uint64_t slab_chunk_type(void);

/* The last slots this thread allocated: stores into them are the common case
 * of a fresh object and need neither an undo log nor a note. */
#define SLAB_RECENT 4
struct slab_recent { uintptr_t lo, hi; };
extern __thread struct slab_recent slab_recent_[SLAB_RECENT];

static inline int slab_recent_hit(const void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr;

	for (int i = 0; i < SLAB_RECENT; i++)
		if (a - slab_recent_[i].lo < slab_recent_[i].hi - slab_recent_[i].lo &&
				a + size <= slab_recent_[i].hi)
			return 1;
	return 0;
}

/* flush.c */
void flush_lines(const void *addr, size_t len);
size_t flush_lines_uncharged(const void *addr, size_t len);
int flush_streams(void);
void flush_stream(void *dst, const void *src, size_t len);
void persist_fence(void);
void persist_fence_counted(void);
extern int flush_msync_; /* the open pool is a file without DAX: write-backs are msyncs */

/* ulog.c: the runtime's own undo log (pmem pools) */
extern int ulog_on_;
int ulog_open(void);
void ulog_close(void);
int ulog_begin(void);
enum { ULOG_DONE, ULOG_SEEN, ULOG_FULL };
int ulog_log(void *addr, size_t size);
int ulog_covers(const void *addr, size_t size);
#define ULOG_WORDS_MAX 64 /* words a words entry holds */
int ulog_log_words(void *const *addrs, size_t n);
void ulog_batch_begin(void);
int ulog_batching(void);
int ulog_batch_end(void);
int ulog_logged(void);
void ulog_flush_data(void);
uint64_t *ulog_gen_word(void);
uint64_t ulog_gen(void);
void ulog_commit_alone(void);
void ulog_end(void);
void ulog_rollback(void);

/* roots.c */
int roots_sync(void);
void roots_reset(void);
void roots_rollback(void);

/* What the last pms_pool_open / pms_port_open took, in ns (PMS_STATS). */
struct open_times {
	int warm;
	uint64_t load, check, pmdk, attach, recover, slab, values, total;
	uint64_t deferred;	/* PMDK's open, when it came after the pool's */
};
extern struct open_times open_times;
uint64_t now_ns(void);

/* latency.c and stats.c: the hooks of the runtime itself */
/* Counters of the runtime's own, outside the public struct pms_stats */
struct stats_extra {
	uint64_t unlogged_stores;  /* port.c: pool stores outside a transaction */
	uint64_t log_entries;      /* ulog.c: undo entries written */
	uint64_t fences;           /* sfences issued (barriers also counts modelled ones) */
	uint64_t writebacks;       /* cache lines written back (flushes: modelled ones too) */
};
struct stats_tls {
	struct pms_stats s;
	struct stats_extra x;
	struct stats_tls *next;
	int linked;
};
extern __thread struct stats_tls stats_tls;
void stats_link(void);
void stats_extra_get(struct stats_extra *x);
void lat_init(void);
void lat_charge_flush(size_t lines);
void lat_charge_barrier(void);
void lat_tx_log(const void *addr, size_t size, int barrier);
void lat_barrier(void);
void lat_tx_end(void);
void lat_spin_ticks(uint64_t ticks);

static inline struct pms_stats *stats_mine(void)
{
	if (__builtin_expect(!stats_tls.linked, 0))
		stats_link();
	return &stats_tls.s;
}

#pragma GCC visibility pop

#endif /* PMS_INTERNAL_H */
