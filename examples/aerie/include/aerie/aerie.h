/*
 * aerie/aerie.h -- making and mounting an Aerie file system: one layout in a
 * pmem_shim pool, used through PXFS (aerie/pxfs.h) and KVFS (aerie/kvfs.h).
 *
 * A process mounts one file system, either directly (single-process mode:
 * the process owns the pool) or as a client of the trusted service aerie-tfs
 * (several processes share it). The PXFS and KVFS calls are the same in both
 * modes. Every call returns -1 (or NULL) on failure, sets errno as POSIX
 * would, and leaves a one-line message in aerie_errormsg().
 */
#ifndef AERIE_AERIE_H
#define AERIE_AERIE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Options of aerie_mkfs(); zero fields mean defaults. */
struct aerie_mkfs_opts {
	size_t pool_size;          /* bytes of the new pool; 0: PMS_POOL_SIZE or 64 MiB */
	uint32_t inodes;           /* inode slots; 0: one per 16 KiB of space */
	const char *alloc_policy;  /* "first-fit" (default) or "fbst" (SanGuo's walk) */
	const char *dir_policy;    /* "linear" (default) or "gather-free" (SanGuo) */
};

/** Creates a new pool file at pool_path holding an empty file system (a "/"
 * for PXFS and an empty KVFS namespace). Refuses an existing file (EEXIST).
 * Returns 0 or -1.
 */
int aerie_mkfs(const char *pool_path, const struct aerie_mkfs_opts *opts);

/** Mounts the file system of pool_path in single-process mode: this process
 * owns the pool (no other process may open it) and applies its own metadata
 * journals. Returns 0, or -1 (EBUSY: already mounted or in use elsewhere,
 * EINVAL: not an Aerie pool).
 */
int aerie_mount(const char *pool_path);

/** Mounts as a client of the aerie-tfs listening on socket_path: the pool is
 * mapped read-only, data is written into granted blocks, and metadata
 * journals go to the service. Returns 0 or -1 (ECONNREFUSED, EPROTO...).
 */
int aerie_mount_tfs(const char *socket_path);

/** In a child forked from a process that mounted through aerie-tfs: drops
 * the inherited mount (mapping, descriptors, grants' bookkeeping) without a
 * word to the service, whose connection stays the parent's, so that the child
 * can mount its own. Returns 0, or -1: EINVAL (nothing mounted), EBUSY (a
 * pool mounted in single-process mode stays the parent's alone).
 */
int aerie_forget(void);

/** Closes every descriptor, gives back unused grants and unmounts.
 * Returns 0 or -1 (EINVAL: nothing mounted).
 */
int aerie_unmount(void);

/** The calling thread's last error message ("" when none). */
const char *aerie_errormsg(void);

#ifdef __cplusplus
}
#endif

#endif /* AERIE_AERIE_H */
