/*
 * sanguo/alloc.h -- block allocation over one persistent bitmap, by a random
 * walk down a Flexible Bitmap Segment Tree (SanGuo's Scatter-alloc) or by
 * first fit (the lowest free block, as PMFS does).
 *
 * The bitmap (one bit a block, 1 = allocated) is the only persistent state;
 * the tree of free counts lives in DRAM and is rebuilt from the bitmap when
 * an allocator is opened (sg_alloc_open), so there is nothing else to keep
 * consistent across a crash. A bitmap inside the pmem_shim pool is changed
 * only through logged stores inside a transaction (the caller's, when one is
 * open: the bits then commit or roll back with the caller's metadata).
 *
 * Functions return -1 (or NULL) with errno set and a one-line message in
 * sg_errormsg() on failure; the bitmap is then unchanged.
 */
#ifndef SANGUO_ALLOC_H
#define SANGUO_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "sanguo/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Allocation policies (a file system records one at mkfs). */
enum sg_policy {
	SG_FIRST_FIT = 1,   /* lowest free block (PMFS-like) */
	SG_FBST_WALK = 2,   /* the paper's walk: a coin flip per level */
	SG_FBST_WEIGHTED = 3 /* each child chosen in proportion to its free blocks */
};

/** Blocks of one leaf of the tree (an "atomic segment" of the paper). */
#define SG_LEAF_BLOCKS 512u

/** One run of blocks. */
struct sg_extent {
	uint32_t start;
	uint32_t len;
};

/** Flags of sg_alloc_blocks(). */
#define SG_CONTIG 0x1u   /* one extent of exactly n blocks, or ENOSPC */

struct sg_alloc_opts {
	enum sg_policy policy;
	uint32_t group_blocks;  /* about this many blocks per allocation group
	                         * (equal groups, whole leaves); 0: 32768 */
	uint64_t seed;          /* seeds every thread's random walk */
};

typedef struct sg_alloc sg_alloc;

/** Opens an allocator over bitmap (nblocks bits, 1 = allocated); bits of
 * blocks below first_free are taken as reserved and never handed out. The
 * bitmap may be in the pool or in DRAM, and must be 8-byte aligned (a byte
 * bitmap with bit b in byte b/8, bit b%8, is the same bitmap on a
 * little-endian machine). Returns NULL with EINVAL for a bad size, alignment
 * or policy, ENOMEM. The bitmap is not written.
 */
sg_alloc *sg_alloc_open(uint64_t *bitmap, uint32_t nblocks, uint32_t first_free,
		const struct sg_alloc_opts *opts);
/** Frees the DRAM tree; the bitmap stays as it is. NULL is a no-op. */
void sg_alloc_close(sg_alloc *a);
/** Recounts the tree from the bitmap (after the caller aborted a
 * transaction that allocated or freed: the DRAM counts cannot roll back). */
void sg_alloc_rebuild(sg_alloc *a);

/** Allocates n blocks as at most max_out extents written to out (SG_CONTIG:
 * one extent). Returns the number of extents, or -1: ENOSPC (not enough free
 * blocks, no run of n with SG_CONTIG, or more than max_out extents needed),
 * EINVAL (n == 0), or the transaction's errno. Nothing is allocated on -1.
 */
int sg_alloc_blocks(sg_alloc *a, uint32_t n, unsigned flags, struct sg_extent *out,
		uint32_t max_out);
/** Frees [start, start+len). -1 and EINVAL when a block is outside the
 * bitmap, reserved or already free (nothing is freed then). */
int sg_free_blocks(sg_alloc *a, uint32_t start, uint32_t len);

/** For a file system that sets the bits itself (examples/aerie's policy
 * table: find, then mark in its own transaction): the policy's choice of up
 * to want free blocks in a row, starting at a block the policy picks, that
 * usable(ctx, block) accepts (NULL: every free block; a file system uses it
 * to skip blocks granted but not yet marked). Marks nothing. 0 with *start
 * and *len (1 <= *len <= want), or -1 with ENOSPC. */
int sg_alloc_find(sg_alloc *a, uint32_t want, int (*usable)(void *ctx, uint32_t blk),
		void *ctx, uint32_t *start, uint32_t *len);
/** The caller changed the bits of [start, start+len) itself: recounts the
 * leaves they lie in. -1 and EINVAL for a range outside the bitmap. */
int sg_alloc_resync(sg_alloc *a, uint32_t start, uint32_t len);

/** Free blocks (from the tree's root counts). */
uint64_t sg_alloc_free_count(const sg_alloc *a);
/** Blocks in the bitmap, and the first allocatable one. */
uint32_t sg_alloc_nblocks(const sg_alloc *a);
uint32_t sg_alloc_first_free(const sg_alloc *a);
enum sg_policy sg_alloc_policy(const sg_alloc *a);

/** Calls fn(start, len, arg) for every maximal run of allocated blocks at or
 * above first_free, in order (an fsck compares them with what files own);
 * stops and returns fn's value when it is not 0. */
int sg_alloc_foreach_used(const sg_alloc *a,
		int (*fn)(uint32_t start, uint32_t len, void *arg), void *arg);
/** Checks every count of the tree against the bitmap. 0, or -1 (EIO) with
 * the first mismatch in sg_errormsg(). */
int sg_alloc_check(const sg_alloc *a);

/** Name of a policy ("first-fit", "fbst", "fbst-weighted"), "?" if unknown;
 * and the policy of a name, 0 if unknown. */
const char *sg_policy_name(enum sg_policy p);
enum sg_policy sg_policy_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_ALLOC_H */
