/*
 * pmem_shim/port.h -- the calls persist-rewriter emits into ported legacy C:
 * logged stores, logged libc forms, operation boundaries, deferred unlocks,
 * allocation dispatch and the warm-start protocol.
 *
 * The rewriter puts `#include <pmem_shim/port.h>` on the first line of every
 * file it changes, before the file's own `#define _GNU_SOURCE` and feature
 * macros. This header therefore includes no system header at all (one would
 * fix glibc's feature set before the file asks for GNU functions) and spells
 * its types with the compiler's builtins: __SIZE_TYPE__ is size_t,
 * __UINT64_TYPE__ is uint64_t, __UINT32_TYPE__ is uint32_t, so each
 * prototype below is compatible with the one in alloc.h, tx.h or pool.h and a
 * file may include pmem_shim.h as well. Every call that cannot do its job
 * ends the process with a one-line message (see each comment): ported code
 * has no error path to return to.
 */
#ifndef PMEM_SHIM_PORT_H
#define PMEM_SHIM_PORT_H

/** Marks a struct as persistent for the tools: `struct PMS_PERSISTENT node {...}`.
 * Clang keeps it as an AnnotateAttr on the record; other compilers (gcc warns
 * on annotate) see nothing.
 */
#ifndef PMS_PERSISTENT
#ifdef __clang__
#define PMS_PERSISTENT __attribute__((annotate("pms_persistent")))
#else
#define PMS_PERSISTENT
#endif
#endif

/** Logged store form of an lvalue: `PMS_LOGGED(n->next) = p;`,
 * `PMS_LOGGED(s->count)++`, `PMS_LOGGED(a[i++]) += 2`. It is the lvalue itself,
 * after pms_tx_log_store(&lv, sizeof lv) logged it. lv is evaluated exactly
 * once (__typeof__ and sizeof do not evaluate it, unless its type is a
 * variable-length array); it must be addressable (no bit-fields, no register).
 */
#define PMS_LOGGED(lv) \
	(*(__typeof__(lv) *)pms_logged_((void *)&(lv), sizeof(lv)))

#ifdef __cplusplus
extern "C" {
#endif

/* Allocation (alloc.h): pool objects; pms_free hands a libc pointer to libc. */
void *pms_malloc(__SIZE_TYPE__ size);
void *pms_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size);
void *pms_realloc(void *ptr, __SIZE_TYPE__ size);
void pms_free(void *ptr);
char *pms_strdup(const char *s);
__SIZE_TYPE__ pms_malloc_usable_size(void *ptr);

/** realloc for code that cannot tell which heap ptr is in: a pool pointer
 * goes to pms_realloc, NULL or a libc pointer to libc's realloc (unlike
 * pms_realloc, whose NULL allocates in the pool). Returns what they return.
 */
void *pms_realloc_dispatch(void *ptr, __SIZE_TYPE__ size);

/** Forms with the signatures of common allocation wrappers (Redis' zmalloc family), so that a
 * call site is ported by renaming its callee: pms_zalloc is one-argument calloc; the *_usable
 * forms also store the object's usable size in *usable when usable is not NULL. */
void *pms_zalloc(__SIZE_TYPE__ size);
void *pms_malloc_usable(__SIZE_TYPE__ size, __SIZE_TYPE__ *usable);
void *pms_zalloc_usable(__SIZE_TYPE__ size, __SIZE_TYPE__ *usable);
void *pms_realloc_usable(void *ptr, __SIZE_TYPE__ size, __SIZE_TYPE__ *usable);
void pms_free_usable(void *ptr, __SIZE_TYPE__ *usable);

/** Logs [addr, addr+size) before a store and returns addr. Outside the pool
 * it is a range check only. In the pool inside a transaction it is
 * pms_tx_add_range; when that fails it prints `pmem_shim: <message>` and
 * aborts (the store must not happen unlogged). In the pool outside any
 * transaction it counts an `unlogged_stores` (PMS_STATS) and, with
 * PMS_STRICT_TX=1, prints the address and aborts.
 */
void *pms_tx_log_store(void *addr, __SIZE_TYPE__ size);

/* The range whose stores the runtime must see: the open pool (pool.h), or nothing
 * during a cold load that logs and charges none of them. PMS_LOGGED calls the runtime
 * only inside it, so a store into volatile memory costs a compare. */
extern __UINTPTR_TYPE__ pms_watch_base_;
extern __UINTPTR_TYPE__ pms_watch_size_;
/* The span of the tracked value roots (below): a logged store into one (through a pointer
 * persist-rewriter saw keep the root's address, `p = &heads[i]; PMS_LOGGED(*p) = it;`)
 * tells the runtime its lines as PMS_VALUE_STORE does. */
extern __UINTPTR_TYPE__ pms_values_base_;
extern __UINTPTR_TYPE__ pms_values_size_;
void *pms_value_touch(void *addr, __SIZE_TYPE__ size);
/* The span's cache lines from the first one, and this thread's map of the lines its operation
 * changed (a bit a line) while a store may mark it here: NULL outside operations, during the
 * cold load, and until pms_value_touch marked a first line. A store within one line whose word
 * of the map has a bit already needs only its own bit; the rest go to pms_value_touch. */
extern __UINTPTR_TYPE__ pms_values_line0_;
extern __UINTPTR_TYPE__ pms_values_lines_;
extern __thread __UINT64_TYPE__ *pms_touch_map_;
static __inline__ void *pms_value_touch_(void *addr, __SIZE_TYPE__ size)
{
	__UINTPTR_TYPE__ line = ((__UINTPTR_TYPE__)addr - pms_values_line0_) / 64;
	__UINT64_TYPE__ *map = pms_touch_map_;

	if (map && line < pms_values_lines_ && ((__UINTPTR_TYPE__)addr % 64) + size <= 64 &&
			map[line / 64]) {
		map[line / 64] |= (__UINT64_TYPE__)1 << (line % 64);
		return addr;
	}
	return pms_value_touch(addr, size);
}
static __inline__ void *pms_logged_(void *addr, __SIZE_TYPE__ size)
{
	if ((__UINTPTR_TYPE__)addr - pms_watch_base_ < pms_watch_size_)
		return pms_tx_log_store(addr, size);
	if ((__UINTPTR_TYPE__)addr - pms_values_base_ < pms_values_size_)
		return pms_value_touch_(addr, size);
	return addr;
}

/** A run of stores logged together: `PMS_LOGGED_RUN({&(p->a), sizeof(p->a)}, {&(p->b),
 * sizeof(p->b)});` before `PMS_LOGGED(p->a) = x; PMS_LOGGED(p->b) = y;` (persist-rewriter emits
 * it before straight-line stores whose addresses the statements between cannot change). Each
 * range is logged as PMS_LOGGED would log it, but the runtime's entries of the whole run are
 * written back once and ordered by one barrier instead of one each; the stores' own
 * PMS_LOGGED then find their bytes logged. No store of the run may come before it. */
struct pms_store_range {
	void *addr;
	__SIZE_TYPE__ size;
};
void pms_tx_log_run(const struct pms_store_range *r, __SIZE_TYPE__ n);
static __inline__ void pms_logged_run_(const struct pms_store_range *r, __SIZE_TYPE__ n)
{
	for (__SIZE_TYPE__ i = 0; i < n; i++)
		if ((__UINTPTR_TYPE__)r[i].addr - pms_watch_base_ < pms_watch_size_) {
			pms_tx_log_run(r + i, n - i);
			return;
		}
}
#define PMS_LOGGED_RUN(...) \
	pms_logged_run_((const struct pms_store_range[]){__VA_ARGS__}, \
		sizeof((const struct pms_store_range[]){__VA_ARGS__}) / sizeof(struct pms_store_range))
/* 1 while the last run of this thread was logged by its open transaction and no NVM model
 * charges stores: the bytes of that run's stores are logged, and their form below needs no
 * call. pms_tx_log_run sets it, the transaction's end clears it. */
extern __thread int pms_run_logged_;
static __inline__ void *pms_logged_in_run_(void *addr, __SIZE_TYPE__ size)
{
	if ((__UINTPTR_TYPE__)addr - pms_watch_base_ < pms_watch_size_)
		return pms_run_logged_ ? addr : pms_tx_log_store(addr, size);
	if ((__UINTPTR_TYPE__)addr - pms_values_base_ < pms_values_size_)
		return pms_value_touch_(addr, size);
	return addr;
}
/** The form of a store whose target the PMS_LOGGED_RUN before it logged (persist-rewriter emits
 * it for those stores only): PMS_LOGGED, without the runtime's call when the run was logged. */
#define PMS_LOGGED_IN_RUN(lv) \
	(*(__typeof__(lv) *)pms_logged_in_run_((void *)&(lv), sizeof(lv)))

/** Logged libc forms: log the destination bytes they write (like
 * pms_tx_log_store, aborting when that fails), then call libc. They return
 * what libc returns.
 */
void *pms_tx_memmove(void *dst, const void *src, __SIZE_TYPE__ n);
void *pms_tx_memset(void *dst, int c, __SIZE_TYPE__ n);
char *pms_tx_strcpy(char *dst, const char *src);
char *pms_tx_strncpy(char *dst, const char *src, __SIZE_TYPE__ n);
char *pms_tx_strcat(char *dst, const char *src);
/** (tx.h) Unlike the forms above it returns NULL without copying when the
 * range cannot be logged, including a pool address outside a transaction.
 */
void *pms_tx_memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
/** Logged memcpy with the rules of pms_tx_log_store (pms_tx_memcpy refuses a pool
 * destination outside a transaction; a ported program's memcpy must not). */
void *pms_port_memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
/** 1 when p points into the open pool: the test the rewriter's dispatch prologues of
 * free/realloc wrappers use. */
int pms_port_in_pool(const void *p);

/** One operation of the legacy program = one (flattened) transaction, begun
 * at the operation's first store into committed persistent state (an
 * operation that writes nothing persistent, or only objects allocated since
 * the last commit, commits nothing). pms_op_end commits it; a failure prints
 * one line and aborts. With no pool open both do nothing, and
 * pms_op_end does nothing when no transaction is open (its begin was a
 * no-op, or the program called pms_tx_abort). Ending an operation whose
 * transaction the program aborted is not a failure.
 */
void pms_op_begin(void);
void pms_op_end(void);

/** Deferred unlocks: pms_tx_mutex_unlock / pms_tx_rwlock_unlock with the lock
 * as void * (a pthread_mutex_t * / pthread_rwlock_t *). Return pthread's code.
 */
int pms_op_unlock_mutex(void *m);
int pms_op_unlock_rwlock(void *l);

/* Transactional read-modify-write (tx.h). */
__UINT64_TYPE__ pms_tx_fetch_add_u64(__UINT64_TYPE__ *p, __UINT64_TYPE__ delta);
__UINT32_TYPE__ pms_tx_fetch_add_u32(__UINT32_TYPE__ *p, __UINT32_TYPE__ delta);

/** Opens the process's pool at $PMS_POOL, or default_path when that is unset
 * or empty, creating it when missing, and closes it at exit. A pool whose
 * cold load never completed (no pms_port_loaded) is discarded and created
 * again, so a crash during the first load makes the next start cold again.
 * "%p" in the path stands for the process id (one pool per process: test
 * suites that start many servers in one directory). A second call does
 * nothing. On failure prints
 * `<program>: pmem_shim: <message>` and exits with status 1.
 */
void pms_port_open(const char *default_path);

/** 1 when this start recovered a pool whose cold load completed in an earlier
 * run, 0 on a cold start or when no pool is open.
 */
int pms_port_warm(void);

/** The warm-start wrapper's test in place of the load call: pms_port_warm(), and on the first
 * warm call the value roots take their saved bytes again, since the code before the load call
 * may have reset them (`left = max;` then the load counting down): a warm start leaves them as
 * the load and the operations since left them.
 */
int pms_port_skip_load(void);

/** saved-by: the program's own save of its whole state (a snapshot it writes at a clean stop)
 * completed, so the next start loads it cold (discarding the pool) unless an operation begins
 * before: the first operation after it clears the mark. A final save (final != 0: the one a
 * stopping program makes in main) keeps the mark whatever follows, since what follows is the
 * program's tear-down (freeing its state through operations). Does nothing inside an operation
 * or with no pool open. Exits with a message when the mark cannot be written.
 */
void pms_port_saved(int final);
/** pms_port_saved(final) when rc is 0 (the save succeeded); returns rc. */
int pms_port_saved_rc(int rc, int final);

/** Marks the cold load complete, failure-atomically (inside an operation, it
 * commits with it); bound globals are written into their roots in the same
 * transaction. Exits with a message on failure.
 */
void pms_port_loaded(void);

/** Binds a legacy global to root name (pms_root_bind): a warm start loads the
 * root into *global; a cold start stores the current *global, which must be
 * NULL or a pool pointer. Later commits copy a changed *global into the root.
 * Names starting with "pms." are reserved. Exits with a message on failure.
 */
void pms_port_root(const char *name, void **global);

/** Roots bound at their definitions, for a load call in another file: the rewriter emits a
 * constructor calling pms_port_root_register next to the global's definition, and the load
 * wrapper calls pms_port_registered_roots, which is pms_port_root for each of them. */
void pms_port_root_register(const char *name, void **global);
void pms_port_registered_roots(void);

/** Ties the pool to this executable's build and load address, called right after pms_port_open
 * when the port stores function pointers or addresses of static data into persistent objects
 * (persist-rewriter emits it then): a cold start records both, a warm start from another build
 * or load address (a PIE executable under ASLR) exits with a one-line message instead of
 * following stale pointers. */
void pms_port_bind_executable(void);

/** pms_gen_refresh: 1 (and *obj_gen updated) once per start, else 0; -1 on error. */
/** Registers a global whose bytes are persistent state (a hash seed, an array of list heads):
 * saved in the pool when the cold load completes and whenever an operation changed it, copied
 * back at pms_port_open on a warm start. Call before pms_port_open (the rewriter emits a
 * constructor next to the global's definition). */
void pms_port_value(const char *name, void *addr, __SIZE_TYPE__ size);
int pms_port_generation_refresh(__UINT64_TYPE__ *obj_gen);

/** Store form of an l-value inside a value root: `PMS_VALUE_STORE(stats[i].n) += 1;`. It tells
 * the runtime which bytes the store changes (pms_value_touch) so that, for a root marked with
 * pms_port_value_tracked, an operation's end copies only the lines its stores changed instead
 * of comparing the whole global. lv is evaluated once, as in PMS_LOGGED. */
#define PMS_VALUE_STORE(lv) \
	(*(__typeof__(lv) *)pms_value_touch_((void *)&(lv), sizeof(lv)))
/** memset/memcpy/memmove whose destination may be a value root: marked like PMS_VALUE_STORE. */
void *pms_value_memset(void *dst, int c, __SIZE_TYPE__ n);
void *pms_value_memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
void *pms_value_memmove(void *dst, const void *src, __SIZE_TYPE__ n);
/** Every store into the value root name goes through the forms above (persist-rewriter emits
 * this for a static global whose address never escapes, or only into local pointers whose
 * stores are PMS_LOGGED). A store outside any operation makes every operation's end compare
 * the lines it went to from then on: no operation end of the storing thread is sure to copy
 * them. Call before pms_port_open (the rewriter emits a constructor). */
void pms_port_value_tracked(const char *name);
/** A file where the value root name escapes (its address goes where the rewriter does not see
 * its stores): the root is compared whole even when its defining file marked it tracked (a
 * global of external linkage; persist-rewriter emits a constructor at that file's end). */
void pms_port_value_untracked(const char *name);

#ifdef __cplusplus
}
#endif

/*
 * The analysis view (-DPMS_ANALYSIS_VIEW): the ported program as an analysis that knows only C
 * should see it, for nvmove in the CI port check (scripts/port-check.sh). Each runtime call
 * becomes the libc call or plain store it stands for, so a store through PMS_LOGGED is a store
 * into its l-value and pms_malloc an allocation; the calls with no libc meaning keep their
 * declarations above. Kept here, next to the API, so that a new call cannot be missing from it:
 * test/ci/analysis-view-covers-every-port-call.test fails when one is neither mapped here nor
 * listed as having no libc meaning.
 */
#ifdef PMS_ANALYSIS_VIEW
#undef PMS_LOGGED
#define PMS_LOGGED(lv) (lv)
#undef PMS_VALUE_STORE
#define PMS_VALUE_STORE(lv) (lv)
#undef PMS_LOGGED_RUN
#define PMS_LOGGED_RUN(...) ((void)0)
#undef PMS_LOGGED_IN_RUN
#define PMS_LOGGED_IN_RUN(lv) (lv)
#define pms_malloc malloc
#define pms_calloc calloc
#define pms_realloc realloc
#define pms_realloc_dispatch realloc
#define pms_free free
#define pms_strdup strdup
#define pms_zalloc(size) calloc(1, (size))
#define pms_malloc_usable(size, usable) malloc(size)
#define pms_zalloc_usable(size, usable) calloc(1, (size))
#define pms_realloc_usable(ptr, size, usable) realloc((ptr), (size))
#define pms_free_usable(ptr, usable) free(ptr)
#define pms_tx_memmove memmove
#define pms_tx_memset memset
#define pms_tx_memcpy memcpy
#define pms_port_memcpy memcpy
#define pms_tx_strcpy strcpy
#define pms_tx_strncpy strncpy
#define pms_tx_strcat strcat
#define pms_value_memset memset
#define pms_value_memcpy memcpy
#define pms_value_memmove memmove
#define pms_tx_fetch_add_u64(p, d) ((*(p) += (d)) - (d))
#define pms_tx_fetch_add_u32(p, d) ((*(p) += (d)) - (d))
#define pms_port_saved_rc(rc, final) (rc)
/* No libc meaning (kept as calls): pms_tx_log_store pms_logged_ pms_tx_log_run pms_logged_run_
 * pms_logged_in_run_
 * pms_malloc_usable_size
 * pms_port_in_pool pms_op_begin pms_op_end pms_op_unlock_mutex pms_op_unlock_rwlock
 * pms_port_open pms_port_warm pms_port_skip_load pms_port_saved pms_port_loaded pms_port_root pms_port_root_register
 * pms_port_registered_roots pms_port_bind_executable pms_port_value
 * pms_port_generation_refresh pms_value_touch pms_value_touch_ pms_port_value_tracked
 * pms_port_value_untracked */
#ifdef __cplusplus
extern "C" {
#endif
void *malloc(__SIZE_TYPE__ size);
void *calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size);
void *realloc(void *ptr, __SIZE_TYPE__ size);
void free(void *ptr);
char *strdup(const char *s);
void *memmove(void *dst, const void *src, __SIZE_TYPE__ n);
void *memset(void *dst, int c, __SIZE_TYPE__ n);
void *memcpy(void *dst, const void *src, __SIZE_TYPE__ n);
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, __SIZE_TYPE__ n);
char *strcat(char *dst, const char *src);
#ifdef __cplusplus
}
#endif
#endif /* PMS_ANALYSIS_VIEW */

#endif /* PMEM_SHIM_PORT_H */
