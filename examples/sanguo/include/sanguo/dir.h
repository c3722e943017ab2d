/*
 * sanguo/dir.h -- directories as arrays of fixed 128-byte entry slots in
 * blocks, managed linearly (scan for the name and for a free slot, as PMFS
 * does) or Gather-free (SanGuo: a DRAM free list of slot ranges sorted by
 * offset, a map from block to its first free range, and an AVL tree over
 * name hashes, all rebuilt from the slots when the directory is opened).
 *
 * Both kinds share one persistent format, struct sg_dirent (the shape of
 * examples/aerie's struct aer_dirent): a slot is free when ino is 0. A slot
 * changes only through logged stores inside a transaction (the caller's,
 * when one is open), so an insert or remove commits or rolls back with the
 * caller's other metadata; the DRAM indexes are resynchronised from the
 * slots a transaction touched when it ends.
 *
 * Functions return -1 with errno and sg_errormsg() on failure, and then
 * leave the directory unchanged.
 */
#ifndef SANGUO_DIR_H
#define SANGUO_DIR_H

#include <stddef.h>
#include <stdint.h>

#include "sanguo/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SG_NAME_MAX 119u
#define SG_DIR_BLOCK_SIZE 4096u

/** One entry slot; ino 0 marks it free. */
struct sg_dirent {
	uint32_t ino;
	uint16_t name_len;
	uint16_t pad;
	char name[SG_NAME_MAX + 1];
};

#define SG_SLOTS_PER_BLOCK (SG_DIR_BLOCK_SIZE / sizeof(struct sg_dirent))

/** How a directory reaches its blocks: the file system provides it. */
struct sg_dir_store {
	void *ctx;
	/** Blocks the directory has now. */
	uint32_t (*nblocks)(void *ctx);
	/** The SG_SLOTS_PER_BLOCK slots of its block i (i < nblocks). */
	struct sg_dirent *(*block)(void *ctx, uint32_t i);
	/** Appends one zeroed block inside the current transaction; 0, or -1
	 * with errno (ENOSPC). */
	int (*grow)(void *ctx);
};

enum sg_dir_kind {
	SG_DIR_LINEAR = 1,       /* scans (PMFS-like) */
	SG_DIR_GATHER_FREE = 2   /* free list + block map + AVL over hashes */
};

struct sg_dir_opts {
	enum sg_dir_kind kind;
	/** Bits of the 64-bit name hash the AVL tree keys on; 0 means 64.
	 * Tests use a few bits to force collisions. */
	unsigned hash_bits;
};

typedef struct sg_dir sg_dir;

/** Opens the directory behind store and (Gather-free) rebuilds its DRAM
 * indexes from the slots. NULL with EINVAL (bad store, kind, or a slot with
 * a bad name length), ENOMEM. */
sg_dir *sg_dir_open(const struct sg_dir_store *store, const struct sg_dir_opts *opts);
/** Frees the DRAM side; the slots stay. NULL is a no-op. */
void sg_dir_close(sg_dir *d);

/** Adds name -> ino. -1 with EEXIST, ENAMETOOLONG (over SG_NAME_MAX),
 * EINVAL (empty name, ino 0), ENOSPC (the store cannot grow). */
int sg_dir_insert(sg_dir *d, const char *name, size_t len, uint32_t ino);
/** Finds name; stores its inode in *ino (may be NULL). -1 with ENOENT. */
int sg_dir_lookup(sg_dir *d, const char *name, size_t len, uint32_t *ino);
/** Removes name, storing its inode in *ino (may be NULL). -1 with ENOENT. */
int sg_dir_remove(sg_dir *d, const char *name, size_t len, uint32_t *ino);
/** sg_dir_lookup that also gives the slot (a file system that removes by
 * slot, as examples/aerie's policy table does). */
int sg_dir_find(sg_dir *d, const char *name, size_t len, uint32_t *ino, uint32_t *slot);
/** Removes the entry in slot. -1 with ENOENT when the slot is free or out
 * of range. */
int sg_dir_remove_slot(sg_dir *d, uint32_t slot, uint32_t *ino);
/** The next entry at or after *cursor: copied to *out, *cursor moved past
 * it. 1, or 0 at the end. */
int sg_dir_next(sg_dir *d, uint32_t *cursor, struct sg_dirent *out);
/** Calls fn for every entry in slot order; stops at and returns fn's first
 * non-zero value. */
int sg_dir_foreach(sg_dir *d, int (*fn)(const struct sg_dirent *e, uint32_t slot,
		void *arg), void *arg);
/** Entries in the directory. */
uint32_t sg_dir_count(const sg_dir *d);
/** Checks the DRAM indexes against the slots (every entry found by name,
 * every free slot exactly once in the free list, in order). 0 or -1 (EIO). */
int sg_dir_check(sg_dir *d);
/** Kind name ("linear", "gather-free"), and the kind of a name (0: unknown). */
const char *sg_dir_kind_name(enum sg_dir_kind k);
enum sg_dir_kind sg_dir_kind_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_DIR_H */
