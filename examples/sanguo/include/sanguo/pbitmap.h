/*
 * sanguo/pbitmap.h -- a standalone allocation bitmap in the pmem_shim pool,
 * under a named root, for users that have no bitmap of their own (tests, the
 * benchmark). A file system passes its own bitmap to sg_alloc_open instead.
 */
#ifndef SANGUO_PBITMAP_H
#define SANGUO_PBITMAP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SG_PBITMAP_MAGIC "SGBITMP"

struct sg_pbitmap {
	char magic[8];
	uint32_t nblocks;
	uint32_t first_free;   /* blocks below are reserved (set at creation) */
	uint64_t words[];
};

/** Creates the bitmap in one transaction (blocks below first_free marked
 * allocated) and stores it under root. NULL with errno: EEXIST (root taken),
 * EINVAL (sizes), ENOMEM (pool full), EINVAL (no pool open). */
struct sg_pbitmap *sg_pbitmap_create(const char *root, uint32_t nblocks,
		uint32_t first_free);
/** The bitmap under root; NULL with ENOENT (no such root) or EINVAL (the
 * root is not a bitmap, or its sizes are inconsistent). */
struct sg_pbitmap *sg_pbitmap_get(const char *root);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_PBITMAP_H */
