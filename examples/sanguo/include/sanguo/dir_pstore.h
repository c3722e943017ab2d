/*
 * sanguo/dir_pstore.h -- a standalone directory store in the pmem_shim pool
 * (a persistent table of block pointers under a named root, blocks from
 * pms_calloc), for users without a file system of their own: tests and the
 * benchmark. A file system gives sg_dir_open its own store instead (the
 * blocks of the directory's inode).
 */
#ifndef SANGUO_DIR_PSTORE_H
#define SANGUO_DIR_PSTORE_H

#include <stdint.h>

#include "sanguo/dir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SG_PSTORE_MAGIC "SGDIRST"

struct sg_dir_pstore {
	char magic[8];
	uint32_t nblocks, capacity;
	struct sg_dirent *blocks[];   /* raw pointers: the pool maps at a fixed address */
};

/** Creates an empty store of up to capacity blocks under root (one
 * transaction). NULL with EEXIST, EINVAL, ENOMEM. */
struct sg_dir_pstore *sg_dir_pstore_create(const char *root, uint32_t capacity);
/** The store under root; NULL with ENOENT or EINVAL (not a store). */
struct sg_dir_pstore *sg_dir_pstore_get(const char *root);
/** Fills *s with the callbacks of store p. */
void sg_dir_pstore_ops(struct sg_dir_pstore *p, struct sg_dir_store *s);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_DIR_PSTORE_H */
