/*
 * roots.c -- named persistent roots and their binding to volatile globals.
 *
 * Legacy code keeps its database in globals (a pointer to the hash table,
 * the LRU heads). A binding records the global's address; its value is read
 * back from the pool at bind time and written into the pool, inside the
 * committing transaction, whenever it changed.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "internal.h"

struct root_binding {
	int slot;
	void **global;
};

static pthread_mutex_t roots_lock = PTHREAD_MUTEX_INITIALIZER;
static struct root_binding bindings[PMS_MAX_ROOTS];
static int nbindings;
/* set while this thread holds roots_lock: its own commits skip roots_sync */
static __thread int roots_inside;

/* roots_enter -- takes roots_lock */
static void roots_enter(void)
{
	pthread_mutex_lock(&roots_lock);
	roots_inside = 1;
}

/* roots_leave -- releases roots_lock */
static void roots_leave(void)
{
	roots_inside = 0;
	pthread_mutex_unlock(&roots_lock);
}

/* roots_find -- slot of name, or of a free slot when create; -1 otherwise */
static int roots_find(const struct pool_header *h, const char *name,
		int create)
{
	int free_slot = -1;

	for (int i = 0; i < PMS_MAX_ROOTS; i++) {
		if (!h->roots[i].name[0]) {
			if (free_slot < 0)
				free_slot = i;
		} else if (strncmp(h->roots[i].name, name,
				sizeof(h->roots[i].name)) == 0) {
			return i;
		}
	}
	return create ? free_slot : -1;
}

/* roots_check -- validates the arguments shared by the root calls */
static int roots_check(const char *fn, const char *name)
{
	if (!pool_cur)
		return err_set(EINVAL, "%s: no pool is open", fn);
	if (!name || !*name)
		return err_set(EINVAL, "%s: empty root name", fn);
	if (strlen(name) > PMS_ROOT_NAME_MAX)
		return err_set(ENAMETOOLONG, "%s: root name '%s' is longer "
			"than %d bytes", fn, name, PMS_ROOT_NAME_MAX);
	return 0;
}

/* roots_store -- logs and writes one slot; caller is in a live transaction */
static int roots_store(int slot, const char *name, void *ptr)
{
	struct pool_root *r = &pool_cur->hdr->roots[slot];

	if (pms_tx_add_range(r, sizeof(*r)) != 0)
		return -1;
	if (!r->name[0])
		strncpy(r->name, name, sizeof(r->name) - 1);
	r->ptr = (uint64_t)(uintptr_t)ptr;
	return 0;
}

/* roots_set_locked -- pms_root_set with roots_lock held */
static int roots_set_locked(const char *name, void *ptr)
{
	int slot, r;

	if (ptr && !pms_is_persistent(ptr))
		return err_set(EINVAL, "pms_root_set: root '%s' would point "
			"to %p, outside the pool", name, ptr);
	slot = roots_find(pool_cur->hdr, name, 1);
	if (slot < 0)
		return err_set(ENOSPC, "pms_root_set: all %d roots are in use",
			PMS_MAX_ROOTS);
	if (pms_tx_begin() != 0)
		return -1;
	r = roots_store(slot, name, ptr);
	if (r != 0) {
		int e = errno;
		pms_tx_abort();
		errno = e;
		return -1;
	}
	return pms_tx_commit();
}

/* pms_root_get -- the pointer stored under name, or NULL */
void *pms_root_get(const char *name)
{
	int slot;
	void *p;

	if (roots_check("pms_root_get", name))
		return NULL;
	roots_enter();
	slot = roots_find(pool_cur->hdr, name, 0);
	p = slot < 0 ? NULL : (void *)(uintptr_t)pool_cur->hdr->roots[slot].ptr;
	roots_leave();
	return p;
}

/* pms_root_set -- stores ptr under name, failure-atomically */
int pms_root_set(const char *name, void *ptr)
{
	int r;

	if (roots_check("pms_root_set", name))
		return -1;
	roots_enter();
	r = roots_set_locked(name, ptr);
	roots_leave();
	return r;
}

/* pms_root_bind -- ties a volatile global to root name */
int pms_root_bind(const char *name, void **global)
{
	int slot, r = 0;

	if (roots_check("pms_root_bind", name))
		return -1;
	if (!global)
		return err_set(EINVAL, "pms_root_bind: NULL global");
	roots_enter();
	slot = roots_find(pool_cur->hdr, name, 0);
	if (slot < 0) {
		r = roots_set_locked(name, NULL);
		slot = roots_find(pool_cur->hdr, name, 0);
	}
	for (int i = 0; r == 0 && i < nbindings; i++)
		if (bindings[i].slot == slot && bindings[i].global == global) {
			*global = (void *)(uintptr_t)pool_cur->hdr->roots[slot].ptr;
			roots_leave();
			return 0; /* bound already (a root bound at its definition too) */
		}
	if (r == 0 && nbindings == PMS_MAX_ROOTS)
		r = err_set(ENOSPC, "pms_root_bind: too many bindings");
	if (r == 0) {
		*global = (void *)(uintptr_t)pool_cur->hdr->roots[slot].ptr;
		bindings[nbindings].slot = slot;
		bindings[nbindings].global = global;
		nbindings++;
	}
	roots_leave();
	return r;
}

/* roots_sync_locked -- writes changed bound globals into their roots */
static int roots_sync_locked(void)
{
	struct pool_header *h = pool_cur->hdr;

	for (int i = 0; i < nbindings; i++) {
		struct pool_root *r = &h->roots[bindings[i].slot];
		void *v = __atomic_load_n(bindings[i].global, __ATOMIC_ACQUIRE);
		if ((uintptr_t)v == r->ptr || (v && !pms_is_persistent(v)))
			continue;
		if (pms_tx_add_range(r, sizeof(*r)) != 0)
			return -1;
		r->ptr = (uint64_t)(uintptr_t)v;
	}
	return 0;
}

/* roots_sync -- called in the committing transaction or, outside one, alone */
int roots_sync(void)
{
	int r, own;

	if (__atomic_load_n(&nbindings, __ATOMIC_RELAXED) == 0 || !pool_cur ||
			roots_inside)
		return 0;
	roots_enter();
	/* In an operation that has not written yet, a change begins its transaction. */
	own = tx_tls.depth == 0 && tx_tls.lazy == 0;
	r = own ? pms_tx_begin() : 0;
	if (r == 0)
		r = roots_sync_locked();
	if (own && r == 0)
		r = pms_tx_commit();
	else if (own)
		pms_tx_abort();
	roots_leave();
	return r;
}

/* roots_rollback -- an abort puts every bound global back to its root */
void roots_rollback(void)
{
	if (__atomic_load_n(&nbindings, __ATOMIC_RELAXED) == 0 || !pool_cur ||
			roots_inside)
		return;
	roots_enter();
	for (int i = 0; i < nbindings; i++)
		__atomic_store_n(bindings[i].global, (void *)(uintptr_t)
			pool_cur->hdr->roots[bindings[i].slot].ptr,
			__ATOMIC_RELEASE);
	roots_leave();
}

/* roots_reset -- forgets every binding (pool closed) */
void roots_reset(void)
{
	roots_enter();
	nbindings = 0;
	roots_leave();
}
