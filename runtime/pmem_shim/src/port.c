/*
 * port.c -- the port API (pmem_shim/port.h) that persist-rewriter emits into
 * ported programs: every call either does its job or ends the process.
 *
 * Ported code has no error path: a store that cannot be logged, a transaction
 * that cannot start, a pool that cannot be opened all stop the program with
 * one line on stderr. Stores to the pool outside any transaction are counted
 * (unlogged_stores) and, with PMS_STRICT_TX=1, fatal.
 *
 * Warm-start protocol. The pool carries two roots of its own: "pms.loading",
 * set when pms_port_open creates the pool, and "pms.loaded", set by
 * pms_port_loaded. A warm pool without "pms.loaded" died during its cold load
 * and is discarded (closed, unlinked, created again); a pool with roots but
 * neither marker was made by something else and is refused, never discarded.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "pmem_shim/port.h"
#include "port_internal.h"

#define PORT_LOADING "pms.loading"
#define PORT_LOADED "pms.loaded"
#define PORT_EXE "pms.exe" /* pms_port_bind_executable */
#define PORT_SAVED "pms.saved" /* pms_port_saved: the program's own save is complete */

static pthread_mutex_t port_lock = PTHREAD_MUTEX_INITIALIZER;
int port_opened;                  /* pms_port_open succeeded */
static int port_warm;             /* ... and found a completed load */
static int port_saved;            /* the pool holds PORT_SAVED (no operation since) */
static int port_saved_final;      /* ... from the final save of a stopping program */
static pid_t port_pid;            /* process that opened it (not a fork child) */
static int port_strict = -1;      /* PMS_STRICT_TX, read once */
int port_loading;                 /* cold start until pms_port_loaded */
static int port_ops_open;         /* threads inside an operation */
__thread int port_in_op;          /* this thread counts in port_ops_open */

/* port_abort -- prints "pmem_shim: <message>" and aborts */
void port_abort(const char *fmt, ...)
{
	va_list ap;

	fputs("pmem_shim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* port_exit -- prints "<program>: pmem_shim: <message>" and exits with 1 */
void port_exit(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: pmem_shim: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

#define STRICT_REPORT 2

/* port_is_strict -- PMS_STRICT_TX: 0 when unset, "" or "0"; STRICT_REPORT for "report"
 * (count the places, list them at exit); 1 for anything else (abort at the first) */
static int port_is_strict(void)
{
	int s = __atomic_load_n(&port_strict, __ATOMIC_RELAXED);

	if (s < 0) {
		const char *e = getenv("PMS_STRICT_TX");
		s = e && *e && strcmp(e, "0") != 0;
		if (s && strcmp(e, "report") == 0) {
			s = STRICT_REPORT;
			atexit(strict_report_print);
		}
		__atomic_store_n(&port_strict, s, __ATOMIC_RELAXED);
	}
	return s;
}

/* port_log_slow -- logs a range that starts inside the pool, or dies; ra: the store's code */
__attribute__((noinline))
static void port_log_slow(void *addr, size_t size, const void *ra)
{
	if (tx_tls.depth > 0 || tx_tls.lazy > 0) {
		if (pms_tx_add_range(addr, size) != 0)
			port_abort("%s", pms_errormsg());
		return;
	}
	stats_mine();
	stats_tls.x.unlogged_stores++;
	if (port_loading)
		; /* the cold load stores unlogged by design: not a strict-mode finding */
	else if (port_is_strict() == STRICT_REPORT)
		strict_report_note(ra);
	else if (port_is_strict())
		port_abort("store of %zu bytes to pool address %p outside a "
			"transaction (PMS_STRICT_TX=1; PMS_STRICT_TX=report lists every "
			"place)", size, addr);
	/* The cold load's stores are written back all at once when it completes. */
	if (slab_on_ && !port_loading)
		tx_note_unlogged(addr, size);
}

/* log_store -- logs a store's target; a range check off the pool. ra: the program's code
 * that stores (the return address of the API call it made), for PMS_STRICT_TX=report. */
static inline __attribute__((always_inline)) void *log_store(void *addr, size_t size,
		const void *ra)
{
	if (!__builtin_expect(pms_is_persistent(addr), 0) || size == 0)
		return addr;
	/* Bytes this transaction logged already (a run's stores after the run, a
	 * field stored twice) need nothing more: about two thirds of a memcached
	 * set's stores, each of which went down five calls to find that out. */
	if (tx_tls.depth > 0 && !tx_tls.aborted && !pms_lat_active_ &&
			(tx_fresh_holds(addr, size) || ulog_covers(addr, size)))
		return addr;
	/* The cold load stores millions of times outside any transaction and
	 * writes everything back when it completes: a count is all it needs. */
	if (port_loading && tx_tls.depth == 0 && tx_tls.lazy == 0 && !pms_lat_active_ &&
			port_strict == 0) {
		stats_mine();
		stats_tls.x.unlogged_stores++;
		return addr;
	}
	/* Under an NVM model the store itself is an NVM write: every store of
	 * a port into the pool comes here, and the delay-injector leaves
	 * accesses inside macro arguments (PMS_LOGGED's) to the runtime. */
	if (pms_lat_active_)
		pms_lat_write_slow_(addr, size);
	/* Outside operations a store into a slot just allocated needs nothing;
	 * inside one, an abort must be able to undo it (tx_add_slow). */
	if (!(tx_tls.depth == 0 && tx_tls.lazy == 0 && slab_recent_hit(addr, size)))
		port_log_slow(addr, size, ra);
	return addr;
}

/* pms_tx_log_store -- logs a store's target; a range check off the pool */
void *pms_tx_log_store(void *addr, size_t size)
{
	return log_store(addr, size, __builtin_return_address(0));
}

#define RUN_MERGE_MAX 32

__thread int pms_run_logged_;

/* pms_tx_log_run -- logs the targets of a run of stores before the first of
 * them: the runtime's entries for all of them share one write-back and one
 * barrier (a store's own PMS_LOGGED then finds its bytes logged). Each range
 * gets exactly what its store alone would get (fresh slots, lazy begin,
 * PMDK's log once the runtime's is full). */
void pms_tx_log_run(const struct pms_store_range *r, size_t n)
{
	const void *ra = __builtin_return_address(0);
	struct pms_store_range m[RUN_MERGE_MAX];
	size_t k = 0;

	/* Outside operations the stores count and note themselves, once each. */
	pms_run_logged_ = 0;
	if (n == 0 || (tx_tls.depth == 0 && tx_tls.lazy == 0))
		return;
	/* Fields that touch (next, prev, h_next of a header) become one range: one
	 * entry header for them all, and still only the bytes the run stores. */
	if (n <= RUN_MERGE_MAX) {
		for (size_t i = 0; i < n; i++) {
			size_t j;
			/* a store the run names off the pool (a value root, an absent
			 * neighbour's NULL) logs nothing: not sorted either */
			if (!pms_is_persistent(r[i].addr) || r[i].size == 0)
				continue;
			j = k++;
			for (; j > 0 && m[j - 1].addr > r[i].addr; j--)
				m[j] = m[j - 1];
			m[j] = r[i];
		}
		n = k;
		k = 0;
		for (size_t i = 1; i < n; i++) {
			char *end = (char *)m[k].addr + m[k].size;
			if ((char *)m[i].addr <= end) {
				char *e = (char *)m[i].addr + m[i].size;
				m[k].size = (size_t)((e > end ? e : end) - (char *)m[k].addr);
			} else {
				m[++k] = m[i];
			}
		}
		r = m;
		n = n ? k + 1 : 0;
	}
	ulog_batch_begin();
	for (size_t i = 0; i < n; i++)
		log_store(r[i].addr, r[i].size, ra);
	if (ulog_batch_end() && pms_lat_active_)
		lat_barrier();
	/* Every range is logged now (log_store aborts the program when it cannot log one), or
	 * needs nothing (a fresh slot): the run's stores may skip the runtime (port.h). */
	pms_run_logged_ = tx_tls.depth > 0 && !tx_tls.aborted && !pms_lat_active_;
}

/* pms_port_memcpy -- logged memcpy that never refuses */
void *pms_port_memcpy(void *dst, const void *src, size_t n)
{
	return memcpy(log_store(dst, n, __builtin_return_address(0)), src, n);
}

/* pms_port_in_pool -- the range check, callable from code without pool.h */
int pms_port_in_pool(const void *p)
{
	return pms_is_persistent(p);
}

/* pms_tx_memmove -- logged memmove */
void *pms_tx_memmove(void *dst, const void *src, size_t n)
{
	return memmove(log_store(dst, n, __builtin_return_address(0)), src, n);
}

/* pms_tx_memset -- logged memset */
void *pms_tx_memset(void *dst, int c, size_t n)
{
	return memset(log_store(dst, n, __builtin_return_address(0)), c, n);
}

/* pms_tx_strcpy -- logged strcpy: the string and its NUL */
char *pms_tx_strcpy(char *dst, const char *src)
{
	log_store(dst, strlen(src) + 1, __builtin_return_address(0));
	return strcpy(dst, src);
}

/* pms_tx_strncpy -- logged strncpy: exactly n bytes (it pads with NULs) */
char *pms_tx_strncpy(char *dst, const char *src, size_t n)
{
	log_store(dst, n, __builtin_return_address(0));
	return strncpy(dst, src, n);
}

/* pms_tx_strcat -- logged strcat: from the old NUL to the new one */
char *pms_tx_strcat(char *dst, const char *src)
{
	log_store(dst + strlen(dst), strlen(src) + 1, __builtin_return_address(0));
	return strcat(dst, src);
}

/* pms_zalloc -- zeroed pool object of size bytes */
void *pms_zalloc(size_t size)
{
	return pms_calloc(1, size);
}

/* usable_out -- reports the usable size of p through usable when asked */
static void *usable_out(void *p, size_t *usable)
{
	if (usable)
		*usable = p ? pms_malloc_usable_size(p) : 0;
	return p;
}

/* pms_malloc_usable -- pms_malloc that reports the usable size */
void *pms_malloc_usable(size_t size, size_t *usable)
{
	return usable_out(pms_malloc(size), usable);
}

/* pms_zalloc_usable -- pms_zalloc that reports the usable size */
void *pms_zalloc_usable(size_t size, size_t *usable)
{
	return usable_out(pms_zalloc(size), usable);
}

/* pms_realloc_usable -- pms_realloc that reports the usable size */
void *pms_realloc_usable(void *ptr, size_t size, size_t *usable)
{
	return usable_out(pms_realloc(ptr, size), usable);
}

/* pms_free_usable -- pms_free that reports the freed object's usable size */
void pms_free_usable(void *ptr, size_t *usable)
{
	if (usable)
		*usable = pms_malloc_usable_size(ptr);
	pms_free(ptr);
}

/* pms_realloc_dispatch -- realloc in whichever heap ptr belongs to */
void *pms_realloc_dispatch(void *ptr, size_t size)
{
	if (ptr && pms_is_persistent(ptr))
		return pms_realloc(ptr, size);
	return realloc(ptr, size);
}

/* port_unsave -- clears PORT_SAVED before an operation's first write */
static void port_unsave(void)
{
	if (pms_root_set(PORT_SAVED, NULL) != 0)
		port_abort("%s", pms_errormsg());
	port_saved = 0;
}

/* pms_port_saved -- the program's save of its whole state completed: the next
 * start loads it cold, unless an operation changes the pool before (a final
 * save: whatever the stopping program does after it) */
void pms_port_saved(int final)
{
	/* Inside an operation its own later writes would not be in the save. */
	if (!pool_cur || getpid() != port_pid || port_in_op || tx_tls.depth > 0)
		return;
	if (!port_saved && pms_root_set(PORT_SAVED, pool_cur->hdr) != 0)
		port_exit("%s", pms_errormsg());
	port_saved = 1;
	port_saved_final |= final;
}

/* pms_port_saved_rc -- pms_port_saved when the save returned rc 0; returns rc */
int pms_port_saved_rc(int rc, int final)
{
	if (rc == 0)
		pms_port_saved(final);
	return rc;
}

/* The process is exiting and its pool may be closing: an operation another
 * thread begins from now on waits for the end of the process instead of
 * storing into a pool marked clean, or unmapped (memcached's LRU maintainer
 * at a SIGTERM: a segfault in about one stop out of six). The exiting thread
 * itself goes on (atexit handlers may run operations). */
static int port_closing;
static __thread int port_exiting;

/* port_park -- this thread waits for the process to end */
static void port_park(void)
{
	for (;;)
		pause();
}

/* pms_op_begin -- opens one level of the operation's transaction; the PMDK
 * transaction itself begins at the operation's first persistent write */
void pms_op_begin(void)
{
	if (__atomic_load_n(&port_closing, __ATOMIC_ACQUIRE) && !port_exiting)
		port_park();
	if (!pool_cur)
		return;
	/* Inside a transaction this level joins it, even an aborted one (the
	 * program aborted an enclosing level), so that begin/end stay balanced. */
	/* The program's last save no longer holds everything: this start's
	 * changes are only in the pool, so the next start must be warm. */
	if (port_saved && !port_saved_final && !port_in_op && tx_tls.depth == 0)
		port_unsave();
	tx_lazy_open();
	if (tx_tls.aborted)
		return;
	if (!port_in_op) {
		port_in_op = 1;
		/* with port_at_exit's store and load, in the opposite order: one of
		 * the two sees the other (the exit leaves the pool open, or this
		 * thread waits) */
		__atomic_add_fetch(&port_ops_open, 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&port_closing, __ATOMIC_SEQ_CST) && !port_exiting)
			port_park();
	}
}

/* pms_op_end -- commits one level; an aborted transaction is no failure */
void pms_op_end(void)
{
	/* values_sync logs what changed, which begins the transaction if the
	 * operation wrote nothing persistent before */
	if (pool_cur && tx_tls.depth + tx_tls.lazy == 1 && !tx_tls.aborted) {
		values_sync();
		if (tx_tls.lazy == 1 && roots_sync() != 0)
			port_abort("%s", pms_errormsg());
	}
	if (pool_cur && tx_lazy_close()) {
		/* nothing persistent was written: nothing to commit */
	} else if (pool_cur && tx_tls.depth > 0) {
		int was_aborted = tx_tls.aborted;
		if (pms_tx_commit() != 0 && !was_aborted)
			port_abort("%s", pms_errormsg());
	}
	if (port_in_op && tx_tls.depth == 0) {
		port_in_op = 0;
		pms_touch_map_ = NULL; /* value-root stores outside operations are marked apart */
		__atomic_sub_fetch(&port_ops_open, 1, __ATOMIC_RELAXED);
	}
}

/* pms_op_unlock_mutex -- mutex released when the operation ends */
int pms_op_unlock_mutex(void *m)
{
	return pms_tx_mutex_unlock(m);
}

/* pms_op_unlock_rwlock -- rwlock released when the operation ends */
int pms_op_unlock_rwlock(void *l)
{
	return pms_tx_rwlock_unlock(l);
}

/* port_at_exit -- closes the pool when nothing can still be using it */
static void port_at_exit(void)
{
	pms_pool *p = pool_cur;

	/* A fork child shares the parent's mapping: closing would mark the
	 * parent's pool clean. A thread inside an operation (or an exit from
	 * inside one) leaves it open: recovery rolls that operation back. */
	if (!p || getpid() != port_pid || tx_tls.depth > 0)
		return;
	port_exiting = 1;
	__atomic_store_n(&port_closing, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&port_ops_open, __ATOMIC_SEQ_CST) > port_in_op)
		return;
	pms_pool_close(p);
}

/* port_mark -- stores a marker root (the header: any pool address) */
static int port_mark(const char *name)
{
	return pms_root_set(name, pool_cur->hdr);
}

/* port_recreate -- replaces the pool at path by an empty one */
static pms_pool *port_recreate(pms_pool *p, const char *path)
{
	if (pms_pool_close(p) != 0)
		port_exit("%s", pms_errormsg());
	if (unlink(path) != 0)
		port_exit("cannot remove pool '%s': %s", path, strerror(errno));
	p = pms_pool_open(path, PMS_CREATE | PMS_EXCL, NULL);
	if (!p)
		port_exit("%s", pms_errormsg());
	return p;
}

/* port_discard -- replaces a pool whose cold load never completed */
static pms_pool *port_discard(pms_pool *p, const char *path)
{
	if (!pms_root_get(PORT_LOADING) && !pool_roots_empty(pool_cur->hdr))
		port_exit("pool '%s' has roots but no '" PORT_LOADED "' or '"
			PORT_LOADING "' root: it was not made by pms_port_open; "
			"refusing to discard it", path);
	fprintf(stderr, "%s: pmem_shim: pool '%s': the first load did not "
		"complete; starting cold\n", program_invocation_short_name, path);
	return port_recreate(p, path);
}

/* port_restorable_roots -- 1 when the pool holds a root other than the markers */
static int port_restorable_roots(void)
{
	const struct pool_header *h = pool_cur->hdr;

	for (int i = 0; i < PMS_MAX_ROOTS; i++)
		if (h->roots[i].name[0] &&
		    strncmp(h->roots[i].name, PORT_LOADING, sizeof(h->roots[i].name)) != 0 &&
		    strncmp(h->roots[i].name, PORT_LOADED, sizeof(h->roots[i].name)) != 0 &&
		    strncmp(h->roots[i].name, PORT_EXE, sizeof(h->roots[i].name)) != 0)
			return 1;
	return 0;
}

/* port_expand -- path with "%p" replaced by the process id: one pool per process, for test
 * suites that start many servers from one directory (no warm starts there, by design) */
static const char *port_expand(const char *path, char *buf, size_t size)
{
	const char *p = strstr(path, "%p");
	if (!p)
		return path;
	if (snprintf(buf, size, "%.*s%ld%s", (int)(p - path), path, (long)getpid(), p + 2) >= (int)size)
		port_exit("pool path '%s' is too long", path);
	return buf;
}

/* pms_port_open -- opens the process pool once, cold or warm */
void pms_port_open(const char *default_path)
{
	const char *path = getenv("PMS_POOL");
	char expanded[4096];
	pms_pool *p;
	uint64_t t_open;

	pthread_mutex_lock(&port_lock);
	if (port_opened) {
		pthread_mutex_unlock(&port_lock);
		return;
	}
	if (!path || !*path)
		path = default_path;
	if (!path || !*path)
		port_exit("no pool path: PMS_POOL is unset or empty and "
			"there is no default path");
	path = port_expand(path, expanded, sizeof(expanded));
	t_open = now_ns();
	slab_want(1);
	p = pms_pool_open(path, PMS_CREATE, NULL);
	if (!p)
		port_exit("%s", pms_errormsg());
	port_warm = pms_pool_is_warm(p) && pms_root_get(PORT_LOADED) != NULL;
	if (pms_pool_is_warm(p) && !port_warm)
		p = port_discard(p, path);
	if (port_warm && pms_root_get(PORT_SAVED) != NULL) {
		/* saved-by: the program's own save holds all the pool holds, and
		 * what the port keeps volatile (sessions, connections) besides */
		fprintf(stderr, "%s: pmem_shim: pool '%s': the program saved its "
			"state after the last change; starting cold from its "
			"save\n", program_invocation_short_name, path);
		p = port_recreate(p, path);
		port_warm = 0;
	}
	if (!port_warm && port_mark(PORT_LOADING) != 0)
		port_exit("%s", pms_errormsg());
	port_loading = !port_warm;
	/* The cold load's stores need neither a log nor a charge nor a strict-mode
	 * finding: PMS_LOGGED leaves them alone until the load completes or
	 * something begins a transaction. */
	if (port_is_strict() == 0 && port_loading && !pms_lat_active_)
		watch_cold_load();
	values_resolve_tracked();
	if (port_warm) {
		uint64_t t = now_ns();
		values_restore();
		open_times.values = now_ns() - t;
		if (!port_restorable_roots())
			fprintf(stderr, "%s: pmem_shim: warm start from pool '%s' "
				"restores nothing: its cold load bound no root and "
				"no value root, so the program starts empty (see "
				"'root =' in docs/porting-guide.md)\n",
				program_invocation_short_name, path);
	}
	port_pid = getpid();
	port_opened = 1;
	open_times.total = now_ns() - t_open;
	atexit(port_at_exit);
	pthread_mutex_unlock(&port_lock);
}

/* pms_port_warm -- 1 when this start found a completed load */
int pms_port_warm(void)
{
	if (!pool_cur)
		return 0;
	if (port_opened)
		return port_warm;
	/* a pool opened with pms_pool_open: only its warm flag tells */
	return pms_pool_is_warm(pool_cur);
}

/* pms_port_skip_load -- 1 on a warm start; the first time, value roots are restored again */
int pms_port_skip_load(void)
{
	static int restored;

	if (!pms_port_warm())
		return 0;
	if (port_opened && !__atomic_exchange_n(&restored, 1, __ATOMIC_ACQ_REL)) {
		pthread_mutex_lock(&port_lock);
		values_restore();
		pthread_mutex_unlock(&port_lock);
	}
	return 1;
}

/* loaded_write_back -- the cold load stored without logging or noting: every
 * object it may have written is written back before the load is marked done */
static void loaded_write_back(void)
{
	slab_flush_all();
	if (!pool_pmdk())
		return; /* a cold load always opens PMDK: it created the pool */
	for (PMEMoid o = pmdk.first(pool_cur->pop); !OID_IS_NULL(o); o = pmdk.next(o))
		if (pmdk.type_num(o) == PMS_TYPE_NUM)
			flush_lines((void *)(pms_pool_base_ + o.off), pmdk.usable_size(o));
	tx_writeback_unlogged();
}

/* pms_port_loaded -- marks the cold load complete with the bound roots */
void pms_port_loaded(void)
{
	if (!pool_cur)
		port_exit("pms_port_loaded: no pool is open");
	if (pms_root_get(PORT_LOADED))
		return;
	pool_watch_all();
	if (port_loading && slab_on_)
		loaded_write_back();
	port_loading = 0;
	if (pms_tx_begin() != 0 || values_save() != 0 || port_mark(PORT_LOADED) != 0) {
		int e = errno;
		if (pms_tx_depth() > 0)
			pms_tx_abort();
		errno = e;
		port_exit("pms_port_loaded: %s", pms_errormsg());
	}
	if (pms_tx_commit() != 0)
		port_exit("pms_port_loaded: %s", pms_errormsg());
}

/* pms_port_root -- binds a legacy global to a root, cold or warm */
void pms_port_root(const char *name, void **global)
{
	if (!pool_cur)
		port_exit("pms_port_root: no pool is open");
	if (!name || !global)
		port_exit("pms_port_root: NULL name or global");
	if (strncmp(name, "pms.", 4) == 0)
		port_exit("pms_port_root: root names starting with 'pms.' are "
			"reserved ('%s')", name);
	if (!pms_port_warm()) {
		void *v = *global;
		if (v && !pms_is_persistent(v))
			port_exit("pms_port_root: global '%s' holds %p, outside "
				"the pool; at a cold start it must be NULL or a "
				"pool pointer", name, v);
		if (pms_root_set(name, v) != 0)
			port_exit("%s", pms_errormsg());
	}
	if (pms_root_bind(name, global) != 0)
		port_exit("%s", pms_errormsg());
}

/* Roots bound at their definitions (a file other than the load call's): registered by
 * constructors before main, bound by pms_port_registered_roots in the load wrapper. */
static struct { const char *name; void **global; } port_registered[PMS_MAX_ROOTS];
static int port_nregistered;

/* pms_port_root_register -- remembers a root for pms_port_registered_roots */
void pms_port_root_register(const char *name, void **global)
{
	if (!name || !global)
		port_exit("pms_port_root_register: NULL name or global");
	for (int i = 0; i < port_nregistered; i++)
		if (port_registered[i].global == global)
			return; /* a header's definition, registered by each file */
	if (port_nregistered == PMS_MAX_ROOTS)
		port_exit("pms_port_root_register: more than %d roots ('%s')",
			PMS_MAX_ROOTS, name);
	port_registered[port_nregistered].name = name;
	port_registered[port_nregistered].global = global;
	port_nregistered++;
}

/* pms_port_registered_roots -- pms_port_root for every registered root */
void pms_port_registered_roots(void)
{
	for (int i = 0; i < port_nregistered; i++)
		pms_port_root(port_registered[i].name, port_registered[i].global);
}

/* What the pointers in a bound pool depend on (exe_identity.c). */
struct port_exe { uint64_t build, base; };

/* pms_port_bind_executable -- ties the pool to this executable's build and load address: the
 * pool holds function pointers or addresses of static data, valid only there */
void pms_port_bind_executable(void)
{
	struct port_exe now, *old, *rec;

	if (!pool_cur)
		port_exit("pms_port_bind_executable: no pool is open");
	if (exe_identity(&now.build, &now.base) != 0)
		port_exit("pms_port_bind_executable: cannot identify the executable");
	old = pms_root_get(PORT_EXE);
	if (old && port_warm && (old->build != now.build || old->base != now.base))
		port_exit("pool '%s' holds pointers into the executable (functions or static "
			"data) of build %016llx loaded at %#llx; this is build %016llx loaded at "
			"%#llx: refusing the warm start (build with -no-pie and restart the same "
			"build, or start cold with another pool)", pool_cur->path,
			(unsigned long long)old->build, (unsigned long long)old->base,
			(unsigned long long)now.build, (unsigned long long)now.base);
	if (old)
		return;
	/* a cold start, or a pool made before its port bound it: bound from now on */
	if (pms_tx_begin() != 0)
		port_exit("%s", pms_errormsg());
	rec = pms_malloc(sizeof(*rec));
	if (!rec) {
		pms_tx_abort();
		port_exit("pms_port_bind_executable: %s", pms_errormsg());
	}
	*rec = now;
	pms_persist(rec, sizeof(*rec));
	if (pms_root_set(PORT_EXE, rec) != 0 || pms_tx_commit() != 0)
		port_exit("%s", pms_errormsg());
}

/* pms_port_generation_refresh -- pms_gen_refresh under the port API's name */
int pms_port_generation_refresh(uint64_t *obj_gen)
{
	return pms_gen_refresh(obj_gen);
}
