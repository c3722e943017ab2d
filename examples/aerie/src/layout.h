/*
 * layout.h -- the on-pool layout of an Aerie file system: superblock, inode
 * table, block bitmap, fixed-size data blocks, extents and directory slots.
 *
 * The file system lives in one page-aligned region of a pmem_shim pool (the
 * pool's root "aerie" points at its superblock). Everything inside refers to
 * blocks and inodes by number, never by pointer, so a client that maps the
 * pool read-only can bounds-check every reference before following it.
 *
 *   block 0            superblock
 *   blocks 1..         inode table   (AER_INODES_PER_BLOCK inodes a block)
 *   then               block bitmap  (one bit a block of the region, 1 = used)
 *   data_start..       data blocks   (file extents, directory slots, chained
 *                                     extent blocks)
 */
#ifndef AERIE_LAYOUT_H
#define AERIE_LAYOUT_H

#include <stdint.h>

#define AER_MAGIC "AERIEFS"
#define AER_LAYOUT_VERSION 2u
#define AER_BLOCK_SIZE 4096u
#define AER_ROOT_NAME "aerie"

/* Inode numbers: 0 means none; the two namespaces' roots are fixed. */
#define AER_INO_NONE 0u
#define AER_INO_ROOT 1u   /* PXFS "/" */
#define AER_INO_KV 2u     /* KVFS's flat namespace */

#define AER_TYPE_FREE 0u
#define AER_TYPE_FILE 1u
#define AER_TYPE_DIR 2u

/* Longest name (bytes, without NUL); longer ones get ENAMETOOLONG. */
#define AER_NAME_MAX 119u
#define AER_PATH_MAX 4095u

/* Allocator and directory policies recorded at mkfs (alloc_policy.c, dir_*.c). */
#define AER_ALLOC_FIRST_FIT 1u
#define AER_ALLOC_FBST 2u        /* SanGuo's random walk (libsanguo) */
#define AER_DIR_LINEAR 1u
#define AER_DIR_GATHERFREE 2u    /* SanGuo's Gather-free directories: same slots,
                                  * grown a block at a time, DRAM indexes */

struct aer_super {
	char magic[8];
	uint32_t version;
	uint32_t block_size;
	uint32_t nblocks;        /* blocks in the region, superblock included */
	uint32_t ninodes;        /* inode slots, slot 0 unused */
	uint32_t inode_start;    /* first block of the inode table */
	uint32_t inode_blocks;
	uint32_t bitmap_start;   /* first block of the bitmap */
	uint32_t bitmap_blocks;
	uint32_t data_start;     /* first data block */
	uint32_t alloc_policy;   /* AER_ALLOC_* */
	uint32_t dir_policy;     /* AER_DIR_* */
	uint32_t root_ino;
	uint32_t kv_ino;
	uint32_t pad;
	/* Seqlock for clients that read metadata while the TFS changes it: odd
	 * while a journal is being applied. Not logged: a restart makes it even. */
	uint64_t seq;
};

/* A run of blocks mapped at a file offset (in blocks). */
struct aer_extent {
	uint32_t fblock;  /* first file block */
	uint32_t start;   /* first region block */
	uint32_t len;     /* blocks */
};

/* A file's extents past the inode's seven live in a chain of blocks. */
#define AER_INLINE_EXTENTS 7u
#define AER_CHAIN_EXTENTS 340u
struct aer_extent_block {
	uint32_t next;   /* next block of the chain, 0: last */
	uint32_t pad;
	struct aer_extent ext[AER_CHAIN_EXTENTS];
};
/* Longest chain: a bound for readers of a damaged map, and for files. */
#define AER_MAX_CHAIN 64u
#define AER_MAX_EXTENTS (AER_INLINE_EXTENTS + AER_MAX_CHAIN * AER_CHAIN_EXTENTS)

struct aer_inode {
	uint16_t type;       /* AER_TYPE_* */
	uint16_t nlink;
	uint32_t mode;       /* permission bits */
	uint32_t gen;        /* bumped at each allocation: stale descriptors see it */
	uint32_t nextents;
	uint64_t size;       /* bytes; a directory: slots * sizeof(aer_dirent) */
	uint64_t mtime_ns;
	uint32_t overflow;   /* first block of the extent chain, 0: none */
	uint32_t parent;     /* directories: the parent directory ("..") */
	struct aer_extent ext[AER_INLINE_EXTENTS];
	uint32_t pad;
};

/* One directory slot; ino 0 marks a free slot. */
struct aer_dirent {
	uint32_t ino;
	uint16_t name_len;
	uint16_t pad;
	char name[AER_NAME_MAX + 1];
};

#define AER_INODES_PER_BLOCK (AER_BLOCK_SIZE / sizeof(struct aer_inode))
#define AER_DIRENTS_PER_BLOCK (AER_BLOCK_SIZE / sizeof(struct aer_dirent))

_Static_assert(sizeof(struct aer_inode) == 128, "inode is 128 bytes");
_Static_assert(sizeof(struct aer_dirent) == 128, "directory slot is 128 bytes");
_Static_assert(sizeof(struct aer_super) <= AER_BLOCK_SIZE, "superblock fits a block");
_Static_assert(sizeof(struct aer_extent_block) <= AER_BLOCK_SIZE, "extent block fits a block");

#endif /* AERIE_LAYOUT_H */
