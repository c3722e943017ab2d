/*
 * dir_impl.h -- what the two directory kinds share: the directory object,
 * slot addressing, name hashing and the table of per-kind operations.
 */
#ifndef SANGUO_DIR_IMPL_H
#define SANGUO_DIR_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "avl.h"
#include "htfl.h"
#include "sanguo/dir.h"
#include "txlock.h"

#define DIR_TOUCHED_MAX 64u

/* What one kind does; the core (dir.c) does the persistent writes. */
struct dir_ops {
	/* builds the DRAM index from the slots (count included); -1 */
	int (*rebuild)(struct sg_dir *d);
	/* frees the DRAM index */
	void (*drop)(struct sg_dir *d);
	/* slot of name (hash h), or -1 */
	int64_t (*find)(struct sg_dir *d, const char *name, size_t len, uint64_t h);
	/* the slot an insert will use (the store grows when none is free); -1 */
	int64_t (*pick)(struct sg_dir *d);
	/* the entry at slot was written / cleared; -1 (ENOMEM) */
	int (*added)(struct sg_dir *d, uint32_t slot, uint64_t h);
	int (*removed)(struct sg_dir *d, uint32_t slot, uint64_t h);
	/* the kind's own invariants; -1 (EIO) */
	int (*check)(struct sg_dir *d);
};

struct dir_touch {
	uint32_t slot, ino;
	uint64_t hash;
};

struct sg_dir {
	struct sg_dir_store store;
	enum sg_dir_kind kind;
	uint64_t hash_mask;
	const struct dir_ops *ops;
	uint32_t count;
	struct sg_dirent **blocks;   /* block addresses, refreshed on growth */
	uint32_t nblocks, cap;
	struct txlock txl;
	uint32_t ntouched;
	int touched_overflow;
	struct dir_touch touched[DIR_TOUCHED_MAX];
	struct avl_tree avl;         /* Gather-free only */
	struct htfl fl;
};

extern const struct dir_ops dir_linear_ops;
extern const struct dir_ops dir_gather_ops;

/* dir_slot -- the slot number s */
static inline struct sg_dirent *dir_slot(const struct sg_dir *d, uint32_t s)
{
	return &d->blocks[s / SG_SLOTS_PER_BLOCK][s % SG_SLOTS_PER_BLOCK];
}

/* dir_nslots -- slots in the directory's blocks */
static inline uint32_t dir_nslots(const struct sg_dir *d)
{
	return d->nblocks * (uint32_t)SG_SLOTS_PER_BLOCK;
}

/* dir_hash -- the name's hash (FNV-1a, 64 bits) cut to the tree's bits */
uint64_t dir_hash(const struct sg_dir *d, const char *name, size_t len);
/* dir_names_equal -- the slot holds exactly this name */
int dir_names_equal(const struct sg_dirent *e, const char *name, size_t len);
/* dir_refresh_blocks -- re-reads the store's block addresses; -1 */
int dir_refresh_blocks(struct sg_dir *d);
/* dir_grow -- one more block from the store; -1 with errno */
int dir_grow(struct sg_dir *d);

#endif /* SANGUO_DIR_IMPL_H */
