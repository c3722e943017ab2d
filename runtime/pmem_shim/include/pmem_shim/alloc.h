/*
 * pmem_shim/alloc.h -- persistent replacements of malloc, calloc, realloc and
 * free with the same signatures.
 *
 * Inside a transaction an allocation or free is undone when the transaction
 * aborts or the process dies before commit. Outside one, each call is atomic
 * by itself; an object allocated there and not yet linked from a root when
 * the process dies stays allocated (as in PMDK). pms_free and pms_realloc
 * accept volatile (libc) pointers too and hand them to libc, so code shared by
 * persistent and volatile buffers needs one version only.
 */
#ifndef PMEM_SHIM_ALLOC_H
#define PMEM_SHIM_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Allocates size bytes in the open pool. Returns NULL with errno ENOMEM
 * (pool full), EINVAL (no pool open) or ECANCELED (transaction aborted).
 */
void *pms_malloc(size_t size);

/** Like pms_malloc for nmemb * size zeroed bytes; ENOMEM on overflow. */
void *pms_calloc(size_t nmemb, size_t size);

/** Resizes a pool object (or a libc one, with libc's realloc). NULL ptr is
 * pms_malloc; size 0 frees and returns NULL. On failure returns NULL and the
 * old object is unchanged.
 */
void *pms_realloc(void *ptr, size_t size);

/** Frees a pool object (or a libc one, with libc's free); NULL is a no-op. */
void pms_free(void *ptr);

/** Copies s into a new pool object; NULL and errno on failure. */
char *pms_strdup(const char *s);

/** Usable size of a pool object, 0 for NULL or a pointer outside the pool. */
size_t pms_malloc_usable_size(void *ptr);

/** Calls fn(obj, usable size, arg) on every allocated pool object (leak
 * checks, lazy re-initialisation at warm start) and returns how many there
 * are; fn may be NULL to count. -1 (EINVAL no pool, EBUSY in a transaction).
 */
long pms_heap_walk(void (*fn)(void *obj, size_t size, void *arg), void *arg);

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_ALLOC_H */
