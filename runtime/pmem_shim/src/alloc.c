/*
 * alloc.c -- malloc-compatible allocation in the open pool, transactional
 * inside a transaction and atomic outside one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define REALLOC_MOVE_MIN 512

/* oid_of -- the PMEMoid of an address in the open pool (no pool lookup) */
static PMEMoid oid_of(const void *ptr)
{
	PMEMoid oid = { pool_cur->uuid_lo, (uint64_t)((uintptr_t)ptr - pms_pool_base_) };
	return oid;
}

/* alloc_ready -- before a PMDK allocation: 1 in a live tx, 0 outside, -1
 * (errno) when unusable */
static int alloc_ready(const char *fn)
{
	if (!pool_cur)
		return err_set(EINVAL, "%s: no pool is open", fn);
	if (!pool_pmdk())
		return -1;
	return tx_check_usable();
}

/* alloc_new -- allocates size bytes: a slab slot when the slab is on and the
 * size fits one, else a PMDK object (flags: zeroing) */
static void *alloc_new(const char *fn, size_t size, uint64_t flags)
{
	PMEMoid oid;
	int u;

	if (size == 0)
		size = 1;
	if (slab_on_ && pool_cur && tx_tls.aborted == 0) {
		void *p = slab_alloc(size, (flags & POBJ_XALLOC_ZERO) != 0);
		if (p || errno != 0)
			return p;
	}
	u = alloc_ready(fn);
	if (u < 0)
		return NULL;
	if (u) {
		oid = pmdk.tx_xalloc(size, PMS_TYPE_NUM,
				flags | POBJ_XALLOC_NO_ABORT);
		if (OID_IS_NULL(oid)) {
			err_pmdk(errno, fn);
			return NULL;
		}
		tx_fresh_note((void *)(pms_pool_base_ + oid.off), size);
	} else if (pmdk.xalloc(pool_cur->pop, &oid, size, PMS_TYPE_NUM,
			flags, NULL, NULL) != 0) {
		err_pmdk(errno, fn);
		return NULL;
	}
	stats_mine()->allocs++;
	return (void *)(pms_pool_base_ + oid.off);
}

/* pms_malloc -- allocates size bytes in the pool */
void *pms_malloc(size_t size)
{
	return alloc_new("pms_malloc", size, 0);
}

/* pms_calloc -- allocates nmemb * size zeroed bytes in the pool */
void *pms_calloc(size_t nmemb, size_t size)
{
	size_t n;

	if (__builtin_mul_overflow(nmemb, size, &n)) {
		err_set(ENOMEM, "pms_calloc: %zu * %zu overflows", nmemb, size);
		return NULL;
	}
	return alloc_new("pms_calloc", n, POBJ_XALLOC_ZERO);
}

/* pms_free -- frees a pool object, or a libc one through libc */
void pms_free(void *ptr)
{
	PMEMoid oid;
	int u;

	if (!ptr)
		return;
	if (!pms_is_persistent(ptr)) {
		free(ptr);
		return;
	}
	if (slab_on_ && slab_free(ptr))
		return;
	if ((u = alloc_ready("pms_free")) < 0)
		return;
	oid = oid_of(ptr);
	if (u) {
		tx_fresh_forget(ptr);
		if (pmdk.tx_xfree(oid, POBJ_XFREE_NO_ABORT) != 0) {
			err_pmdk(errno, "pms_free");
			return;
		}
	} else {
		pmdk.free(&oid);
	}
	stats_mine()->frees++;
}

/* realloc_moves -- 1 when a slot that fits should still move: inside an
 * operation, a committed object of some size that is being resized will
 * mostly be rewritten (a listpack insert shifts its whole tail), and every
 * byte of that would be undo-logged; a fresh copy needs no log (the old slot
 * is freed at the commit) */
static int realloc_moves(void *ptr, size_t size)
{
	return size >= REALLOC_MOVE_MIN && (tx_tls.depth > 0 || tx_tls.lazy > 0) &&
		!tx_tls.aborted && !slab_is_fresh(ptr, 1);
}

/* pms_realloc -- resizes a pool object, or a libc one through libc */
void *pms_realloc(void *ptr, size_t size)
{
	PMEMoid oid;
	int u;

	if (!ptr)
		return pms_malloc(size);
	if (!pms_is_persistent(ptr))
		return realloc(ptr, size);
	if (size == 0) {
		pms_free(ptr);
		return NULL;
	}
	if (slab_on_ && (slab_usable(ptr) || size <= SLAB_MAX)) {
		/* into or out of a slot: a new object, the old one freed */
		size_t old = pms_malloc_usable_size(ptr);
		void *p;
		if (old >= size && slab_usable(ptr) && !realloc_moves(ptr, size))
			return ptr;
		if (!(p = pms_malloc(size)))
			return NULL;
		memcpy(p, ptr, old < size ? old : size);
		pms_free(ptr);
		stats_mine()->frees--; /* counted as one reallocation, as PMDK's are */
		return p;
	}
	if ((u = alloc_ready("pms_realloc")) < 0)
		return NULL;
	oid = oid_of(ptr);
	if (u) {
		oid = pmdk.tx_realloc(oid, size, PMS_TYPE_NUM);
		if (OID_IS_NULL(oid)) {
			err_pmdk(errno, "pms_realloc");
			return NULL;
		}
		/* PMDK moves the object to a new one of this transaction (a
		 * resize in place would keep committed bytes: not fresh) */
		tx_fresh_forget(ptr);
		if ((void *)(pms_pool_base_ + oid.off) != ptr)
			tx_fresh_note((void *)(pms_pool_base_ + oid.off), size);
	} else if (pmdk.realloc(pool_cur->pop, &oid, size, PMS_TYPE_NUM)) {
		err_pmdk(errno, "pms_realloc");
		return NULL;
	}
	stats_mine()->allocs++;
	return (void *)(pms_pool_base_ + oid.off);
}

/* pms_strdup -- copies s into a new pool object */
char *pms_strdup(const char *s)
{
	size_t n;
	char *d;

	if (!s) {
		err_set(EINVAL, "pms_strdup: NULL string");
		return NULL;
	}
	n = strlen(s) + 1;
	d = pms_malloc(n);
	if (d) {
		memcpy(d, s, n);
		if (tx_tls.depth == 0 && !slab_usable(d))
			pms_persist(d, n);
	}
	return d;
}

/* pms_malloc_usable_size -- usable bytes of a pool object */
size_t pms_malloc_usable_size(void *ptr)
{
	size_t n;

	if (!ptr || !pms_is_persistent(ptr))
		return 0;
	if (slab_on_ && (n = slab_usable(ptr)) != 0)
		return n;
	if (!pool_pmdk())
		return 0;
	return pmdk.usable_size(oid_of(ptr));
}

/* pms_heap_walk -- calls fn on every object pms_malloc and friends made */
long pms_heap_walk(void (*fn)(void *obj, size_t size, void *arg), void *arg)
{
	long n = 0;

	if (!pool_cur)
		return err_set(EINVAL, "pms_heap_walk: no pool is open");
	if (tx_tls.depth > 0)
		return err_set(EBUSY, "pms_heap_walk: a transaction is open");
	if (slab_on_)
		n = slab_walk(fn, arg);
	if (!pool_pmdk())
		return -1;
	for (PMEMoid o = pmdk.first(pool_cur->pop); !OID_IS_NULL(o);
			o = pmdk.next(o)) {
		if (pmdk.type_num(o) != PMS_TYPE_NUM)
			continue;
		if (fn)
			fn((void *)(pms_pool_base_ + o.off),
				pmdk.usable_size(o), arg);
		n++;
	}
	return n;
}
