/*
 * nvc.h -- an NVM block cache shared by the Tinca-style and Spindle
 * configurations: persistent entries that begin with (disk block + 1, NVM
 * block), the cached blocks, and the DRAM index rebuilt from them.
 */
#ifndef SPINDLE_NVC_H
#define SPINDLE_NVC_H

#include "internal.h"

struct nvc_entry {
	uint64_t disk;   /* home block + 1; 0: free */
	uint64_t nvm;    /* cache block holding it */
};

struct nvc {
	const char *name;
	struct nvix x;
	unsigned char *entries, *blocks;
	unsigned char *bounce;  /* aligned: write-backs to disk */
	size_t esize;
	int by_counter;  /* victims by fewest accesses (metadata), else LRU */
};

static inline struct nvc_entry *nvc_entry(struct nvc *c, uint32_t e)
{
	return (struct nvc_entry *)(c->entries + (size_t)e * c->esize);
}

static inline unsigned char *nvc_block(struct nvc *c, uint64_t b)
{
	return c->blocks + (size_t)b * SPD_BLOCK;
}

int nvc_init(struct nvc *c, const char *name, void *entries, size_t esize,
		uint32_t nentries, void *blocks, uint32_t nblocks, int by_counter);
void nvc_fini(struct nvc *c);
int nvc_rebuild(struct nvc *c);
int nvc_reserve(struct spd_store *st, struct nvc *c, uint32_t entries, uint32_t blocks);
int nvc_populate(struct spd_store *st, struct nvc *c, uint64_t blk, const void *buf);
void nvc_read(struct nvc *c, uint32_t e, void *buf);
int nvc_writeback_all(struct spd_store *st, struct nvc *c);
int nvc_check(struct nvc *c, int (*expect)(void *, uint64_t, const void *), void *arg);

#endif /* SPINDLE_NVC_H */
