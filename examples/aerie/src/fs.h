/*
 * fs.h -- the in-memory handle of a mounted Aerie layout and the internal
 * interfaces between the library's modules (policies, extent maps, the
 * journal, reservations, backends).
 */
#ifndef AERIE_FS_H
#define AERIE_FS_H

#include <stddef.h>
#include <stdint.h>

#include <pmem_shim/latency.h>

#include "journal.h"
#include "layout.h"

struct aer_fs;

/* A block-allocation policy: finds a run of free, unreserved blocks. */
struct aer_alloc_policy {
	uint32_t id;
	const char *name;
	/* Finds up to want free blocks in a row; *len may be less than want.
	 * Returns 0, or -1 with ENOSPC when no block is free. Marks nothing. */
	int (*find)(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len);
};

/* A directory policy: how names map to slots of a directory's blocks. */
struct aer_dir_policy {
	uint32_t id;
	const char *name;
	/* Inode of name in dir, or 0 (and *slot untouched) when absent. */
	uint32_t (*lookup)(struct aer_fs *fs, const struct aer_inode *dir,
			const char *name, size_t len, uint32_t *slot);
	/* Adds name -> ino (inside a transaction). -1 with errno on failure. */
	int (*insert)(struct aer_fs *fs, uint32_t dir, const char *name, size_t len,
			uint32_t ino);
	/* Clears slot (inside a transaction). */
	int (*remove)(struct aer_fs *fs, uint32_t dir, uint32_t slot);
	/* Next used slot at or after *cursor: copies it, advances *cursor.
	 * Returns 1, or 0 at the end. */
	int (*next)(struct aer_fs *fs, const struct aer_inode *dir, uint32_t *cursor,
			struct aer_dirent *out);
};

extern const struct aer_alloc_policy aer_alloc_fbst;
extern const struct aer_dir_policy aer_dir_linear, aer_dir_gatherfree;

const struct aer_alloc_policy *aer_alloc_policy_by_id(uint32_t id);
const struct aer_alloc_policy *aer_alloc_policy_by_name(const char *name);
const struct aer_dir_policy *aer_dir_policy_by_id(uint32_t id);
const struct aer_dir_policy *aer_dir_policy_by_name(const char *name);

/* Who may write the pool through this handle. */
enum aer_role {
	AER_ROLE_OWNER = 1,  /* single process, TFS, fsck: pool open through pmem_shim */
	AER_ROLE_CLIENT,     /* TFS client: read-only mapping, granted windows */
};

struct aer_backend;
struct sg_alloc;
struct aer_gf_dir;

struct aer_fs {
	struct aer_super *sb;
	struct aer_inode *inodes;
	uint8_t *bitmap;
	enum aer_role role;
	int publish_seq;               /* TFS: bump sb->seq around each journal */
	const struct aer_alloc_policy *alloc;
	const struct aer_dir_policy *dir;
	uint32_t alloc_hint;           /* no free block below it (a lower bound) */
	uint16_t *block_owner;         /* volatile grants: client id per block, 0 none */
	uint16_t *inode_owner;         /* volatile grants: client id per inode */
	uint32_t *pins;                /* volatile: open descriptors per inode */
	uint32_t inode_hint;
	const struct aer_backend *backend;
	void *backend_state;
	struct sg_alloc *sga;          /* fbst: DRAM free counts (owner only) */
	struct aer_gf_dir **gf_dirs;   /* gather-free: per directory inode, opened
	                                * at first use (owner only) */
	struct aer_gf_dir **gf_dead;   /* of removed directories, closed outside
	                                * the transaction that removed them */
	uint32_t gf_ndead, gf_dead_cap;
};

/* --- region access (every index is checked before use) --- */

static inline void *aer_block_addr(const struct aer_fs *fs, uint32_t blk)
{
	return (char *)fs->sb + (size_t)blk * AER_BLOCK_SIZE;
}

/* The inode ino, or NULL when ino is out of range. */
static inline struct aer_inode *aer_inode(const struct aer_fs *fs, uint32_t ino)
{
	return ino && ino < fs->sb->ninodes ? &fs->inodes[ino] : NULL;
}

/* aer_charge_write -- the NVM model's price for len bytes just written at
 * addr in one copy (file data, a zeroed block): under aerie-pcm, as in the
 * paper's emulation, 150 ns after the write or len at 4 GB/s, whichever is
 * longer. Stores to metadata pay through their undo-log entries instead. */
static inline void aer_charge_write(const void *addr, size_t len)
{
	pms_lat_write(addr, len);
}

static inline int aer_bit(const struct aer_fs *fs, uint32_t blk)
{
	return (fs->bitmap[blk >> 3] >> (blk & 7)) & 1;
}

/* 1 when [start, start+len) lies in the data area. */
static inline int aer_is_data_range(const struct aer_fs *fs, uint32_t start, uint32_t len)
{
	return start >= fs->sb->data_start && start < fs->sb->nblocks && len &&
		len <= fs->sb->nblocks - start;
}

/* Checks the superblock of a region of region_bytes; 0, or -1 with a message. */
int aer_super_check(const struct aer_super *sb, size_t region_bytes);
/* Fills fs's pointers and policies from the superblock at sb; allocates the
 * volatile grant tables when role is AER_ROLE_OWNER. 0 or -1. */
int aer_fs_attach(struct aer_fs *fs, struct aer_super *sb, enum aer_role role);
void aer_fs_detach(struct aer_fs *fs);

/* --- bitmap and grants (reserve.c) --- */

/* Sets or clears the bits of [start, start+len) inside a transaction. */
int aer_bits_set(struct aer_fs *fs, uint32_t start, uint32_t len, int used);
/* 1 when every block of the range is free in the bitmap. */
int aer_bits_all_free(const struct aer_fs *fs, uint32_t start, uint32_t len);
/* Grants client up to want free blocks in a row (volatile reservation). */
int aer_grant_blocks(struct aer_fs *fs, uint16_t client, uint32_t want,
		uint32_t *start, uint32_t *len);
/* Grants client one free inode number. */
int aer_grant_inode(struct aer_fs *fs, uint16_t client, uint32_t *ino);
/* Drops every grant client holds (disconnect, unmount). */
void aer_grants_drop(struct aer_fs *fs, uint16_t client);
/* Allocates one zeroed block for the layout itself, inside a transaction. */
int aer_alloc_meta_block(struct aer_fs *fs, uint32_t *blk);

/* --- SanGuo's policies' DRAM state (alloc_fbst.c, dir_gatherfree.c) --- */

/* Opens the fbst tree of an owner's fbst pool (else nothing); 0 or -1. */
int aer_fbst_open(struct aer_fs *fs);
void aer_fbst_close(struct aer_fs *fs);
/* aer_bits_set changed [start, start+len): the tree recounts it. */
void aer_alloc_bits_changed(struct aer_fs *fs, uint32_t start, uint32_t len);
/* A transaction aborted: allocator state is recomputed from the bitmap. */
void aer_alloc_rolled_back(struct aer_fs *fs);
/* Directory ino is being freed: its indexes go (closed at the next reap). */
void aer_dir_forget(struct aer_fs *fs, uint32_t ino);
/* Closes forgotten directories' indexes; call outside any transaction. */
void aer_dirs_reap(struct aer_fs *fs);
/* Closes every directory index (unmount). */
void aer_dirs_close_all(struct aer_fs *fs);
/* Gather-free: checks directory ino's indexes against its slots (fsck);
 * 0, or -1 with the first mismatch as the message. */
int aer_gf_check(struct aer_fs *fs, uint32_t ino);

/* --- extent maps (extent_map.c) --- */

/* Extent i of ino (inline or chained), NULL when out of range. */
struct aer_extent *aer_extent_at(const struct aer_fs *fs, const struct aer_inode *ino,
		uint32_t i);
/* 1 and the block and run left when fblock is mapped; 0 and the hole's
 * length (UINT32_MAX past the last extent) when not. */
int aer_map_lookup(const struct aer_fs *fs, const struct aer_inode *ino, uint32_t fblock,
		uint32_t *blk, uint32_t *run);
/* Maps [fblock, fblock+len) to start.. (inside a transaction). */
int aer_map_insert(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t start,
		uint32_t len);
/* Unmaps and frees every block at or past fblock (inside a transaction). */
int aer_map_truncate(struct aer_fs *fs, uint32_t ino, uint32_t fblock);
/* Unmaps and frees whole extents inside [fblock, fblock+len). */
int aer_map_punch(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t len);

/* --- the journal (journal_apply.c, journal_ns.c, journal_data.c) --- */

/* What the applier asks its caller about a client (NULL hooks allow all). */
struct aer_apply_ctx {
	uint16_t client;
	/* 0 when client may change ino's size and blocks (holds its lease). */
	int (*may_write)(void *arg, uint32_t ino);
	void *arg;
};

/* Validates and applies j in one transaction: all of it or nothing. Returns
 * 0, or -1 with errno and a message naming the refused operation. */
int aer_journal_apply(struct aer_fs *fs, const struct aer_journal *j,
		const struct aer_apply_ctx *ctx);

int aer_op_namespace(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx);
int aer_op_data(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx);
/* Frees ino's blocks and the inode itself (inside a transaction). */
int aer_inode_free(struct aer_fs *fs, uint32_t ino);
/* Checks a name: ENAMETOOLONG, EINVAL (empty, '/', "." or ".."). */
int aer_name_check(const char *name, size_t *len);
uint64_t aer_now_ns(void);

/* --- files unlinked while open (orphans.c) --- */

/* One more descriptor open on ino: an unlink then keeps the file, nameless. */
void aer_pin(struct aer_fs *fs, uint32_t ino);
/* One descriptor fewer; the last one of a nameless file frees it. */
int aer_unpin(struct aer_fs *fs, uint32_t ino);
/* At start: frees the nameless files a crash left (none of them is open).
 * Returns how many, or -1. */
long aer_orphans_sweep(struct aer_fs *fs);
/* 1 when ino is a file kept only by open descriptors. */
static inline int aer_is_orphan(const struct aer_inode *in)
{
	return in->type == AER_TYPE_FILE && in->nlink == 0;
}
/* Tells lock-free readers a change is under way, then done (TFS only). */
void aer_seq_bump(struct aer_fs *fs);

/* --- seqlock for readers of a layout that the TFS changes (layout.h) --- */

/* Waits while a journal is being applied. A service killed in the middle
 * leaves the count odd: after about a second the reader goes on (every
 * reference it follows is bounds-checked, and its next call to the dead
 * service fails with EIO). */
uint64_t aer_seq_wait(const struct aer_fs *fs);

static inline uint64_t aer_seq_begin(const struct aer_fs *fs)
{
	uint64_t s = __atomic_load_n(&fs->sb->seq, __ATOMIC_ACQUIRE);
	return s & 1 ? aer_seq_wait(fs) : s;
}

static inline int aer_seq_retry(const struct aer_fs *fs, uint64_t s)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return __atomic_load_n(&fs->sb->seq, __ATOMIC_RELAXED) != s;
}

/* --- errors (error.c) --- */

/* Sets errno to err and this thread's message; returns -1. */
int aer_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* AERIE_FS_H */
