/*
 * extent_map.c -- a file's map from file blocks to region blocks: sorted,
 * non-overlapping extents, seven in the inode and the rest in a chain of
 * extent blocks (340 each, at most AER_MAX_CHAIN blocks).
 */
#include <errno.h>
#include <stdint.h>

#include <pmem_shim.h>

#include "fs.h"

/* chain_block -- (internal) block k of in's chain, NULL when the chain is shorter */
static struct aer_extent_block *chain_block(const struct aer_fs *fs, const struct aer_inode *in,
		uint32_t k)
{
	uint32_t blk = in->overflow;

	for (uint32_t hop = 0;; hop++) {
		if (!aer_is_data_range(fs, blk, 1))
			return NULL;
		struct aer_extent_block *b = aer_block_addr(fs, blk);
		if (hop == k)
			return b;
		blk = b->next;
	}
}

/* aer_extent_at -- extent slot i of in, NULL when it does not exist */
struct aer_extent *aer_extent_at(const struct aer_fs *fs, const struct aer_inode *in,
		uint32_t i)
{
	struct aer_extent_block *b;

	if (i < AER_INLINE_EXTENTS)
		return (struct aer_extent *)&in->ext[i];
	if (i >= AER_MAX_EXTENTS)
		return NULL;
	i -= AER_INLINE_EXTENTS;
	b = chain_block(fs, in, i / AER_CHAIN_EXTENTS);
	return b ? &b->ext[i % AER_CHAIN_EXTENTS] : NULL;
}

/* nexts -- (internal) the extent count, clamped against a damaged inode */
static uint32_t nexts(const struct aer_inode *in)
{
	return in->nextents < AER_MAX_EXTENTS ? in->nextents : AER_MAX_EXTENTS;
}

/* aer_map_lookup -- where file block fblock lives, or how long its hole is;
 * walks the chain once instead of from its start for every extent */
int aer_map_lookup(const struct aer_fs *fs, const struct aer_inode *in, uint32_t fblock,
		uint32_t *blk, uint32_t *run)
{
	uint32_t n = nexts(in), next = in->overflow;
	const struct aer_extent *e = in->ext;

	for (uint32_t i = 0; i < n; i++, e++) {
		if (i >= AER_INLINE_EXTENTS && (i - AER_INLINE_EXTENTS) % AER_CHAIN_EXTENTS == 0) {
			if (!aer_is_data_range(fs, next, 1))
				break;  /* a damaged chain ends the map */
			const struct aer_extent_block *b = aer_block_addr(fs, next);
			e = b->ext;
			next = b->next;
		}
		if (fblock < e->fblock) {
			*run = e->fblock - fblock;
			return 0;
		}
		if (fblock - e->fblock < e->len) {
			uint32_t off = fblock - e->fblock;
			if (!aer_is_data_range(fs, e->start + off, e->len - off))
				break;  /* a damaged extent reads as a hole */
			*blk = e->start + off;
			*run = e->len - off;
			return 1;
		}
	}
	*run = UINT32_MAX;
	return 0;
}

/* set_extent -- (internal) a logged store of extent slot i */
static int set_extent(struct aer_fs *fs, struct aer_inode *in, uint32_t i, struct aer_extent v)
{
	struct aer_extent *e = aer_extent_at(fs, in, i);

	if (!e || pms_tx_add_range(e, sizeof *e) < 0)
		return aer_fail(errno ? errno : EIO, "cannot log extent %u: %s", i, pms_errormsg());
	*e = v;
	return 0;
}

/* grow_chain -- (internal) makes room for n extents, linking a new block if needed */
static int grow_chain(struct aer_fs *fs, struct aer_inode *in, uint32_t n)
{
	uint32_t k, blk;
	uint32_t *link;

	if (n <= AER_INLINE_EXTENTS || (n - AER_INLINE_EXTENTS - 1) % AER_CHAIN_EXTENTS)
		return 0;  /* the last slot's block exists */
	k = (n - AER_INLINE_EXTENTS - 1) / AER_CHAIN_EXTENTS;
	link = k ? &chain_block(fs, in, k - 1)->next : &in->overflow;
	if (aer_alloc_meta_block(fs, &blk) < 0 || pms_tx_add_range(link, sizeof *link) < 0)
		return -1;
	*link = blk;
	return 0;
}

/* aer_map_insert -- maps [fblock, fblock+len) to region blocks start.. */
int aer_map_insert(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t start,
		uint32_t len)
{
	struct aer_inode *in = aer_inode(fs, ino);
	uint32_t n = nexts(in), p = n;
	struct aer_extent *prev = NULL, *next;

	if (len > UINT32_MAX - fblock)
		return aer_fail(EFBIG, "extent at file block %u is past the largest file", fblock);
	/* appends are the common case: start from the end */
	while (p > 0 && aer_extent_at(fs, in, p - 1)->fblock > fblock)
		p--;
	prev = p ? aer_extent_at(fs, in, p - 1) : NULL;
	next = p < n ? aer_extent_at(fs, in, p) : NULL;
	if ((prev && (uint64_t)prev->fblock + prev->len > fblock) || (next && fblock + len > next->fblock))
		return aer_fail(EINVAL, "file blocks %u..%u of inode %u are already mapped",
				fblock, fblock + len - 1, ino);
	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	if (prev && prev->fblock + prev->len == fblock && prev->start + prev->len == start)
		return set_extent(fs, in, p - 1, (struct aer_extent){ prev->fblock, prev->start,
				prev->len + len });  /* the common append: the last extent grows */
	if (n + 1 > AER_MAX_EXTENTS)
		return aer_fail(EFBIG, "inode %u has the most extents a file may have (%u)",
				ino, (unsigned)AER_MAX_EXTENTS);
	if (grow_chain(fs, in, n + 1) < 0)
		return -1;
	for (uint32_t i = n; i > p; i--)
		if (set_extent(fs, in, i, *aer_extent_at(fs, in, i - 1)) < 0)
			return -1;
	if (set_extent(fs, in, p, (struct aer_extent){ fblock, start, len }) < 0)
		return -1;
	in->nextents = n + 1;
	return 0;
}

/* shrink_chain -- (internal) frees the chain blocks past what nextents needs */
static int shrink_chain(struct aer_fs *fs, struct aer_inode *in)
{
	uint32_t n = in->nextents, keep, *link, blk;

	keep = n <= AER_INLINE_EXTENTS ? 0
		: (n - AER_INLINE_EXTENTS + AER_CHAIN_EXTENTS - 1) / AER_CHAIN_EXTENTS;
	link = keep ? &chain_block(fs, in, keep - 1)->next : &in->overflow;
	blk = *link;
	if (!blk)
		return 0;
	if (pms_tx_add_range(link, sizeof *link) < 0)
		return aer_fail(errno, "cannot log extent chain: %s", pms_errormsg());
	*link = 0;
	for (uint32_t hop = 0; hop < AER_MAX_CHAIN && aer_is_data_range(fs, blk, 1); hop++) {
		uint32_t next = ((struct aer_extent_block *)aer_block_addr(fs, blk))->next;
		if (aer_bits_set(fs, blk, 1, 0) < 0)
			return -1;
		blk = next;
	}
	return 0;
}

/* remove_at -- (internal) removes extent slot i, shifting the rest down */
static int remove_at(struct aer_fs *fs, struct aer_inode *in, uint32_t i)
{
	uint32_t n = nexts(in);

	for (; i + 1 < n; i++)
		if (set_extent(fs, in, i, *aer_extent_at(fs, in, i + 1)) < 0)
			return -1;
	in->nextents = n - 1;
	return 0;
}

/* aer_map_truncate -- frees every mapped block at or past file block fblock */
int aer_map_truncate(struct aer_fs *fs, uint32_t ino, uint32_t fblock)
{
	struct aer_inode *in = aer_inode(fs, ino);

	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	for (uint32_t i = nexts(in); i-- > 0;) {
		struct aer_extent e = *aer_extent_at(fs, in, i);
		if (e.fblock >= fblock) {
			if (aer_bits_set(fs, e.start, e.len, 0) < 0 || remove_at(fs, in, i) < 0)
				return -1;
		} else if (e.fblock + e.len > fblock) {
			uint32_t keep = fblock - e.fblock;
			if (aer_bits_set(fs, e.start + keep, e.len - keep, 0) < 0 ||
					set_extent(fs, in, i, (struct aer_extent){ e.fblock, e.start, keep }) < 0)
				return -1;
		} else
			break;  /* sorted: the rest lie below fblock */
	}
	return shrink_chain(fs, in);
}

/* aer_map_punch -- frees the whole extents inside [fblock, fblock+len) */
int aer_map_punch(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t len)
{
	struct aer_inode *in = aer_inode(fs, ino);
	uint64_t end = (uint64_t)fblock + len;

	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	for (uint32_t i = nexts(in); i-- > 0;) {
		struct aer_extent e = *aer_extent_at(fs, in, i);
		uint64_t eend = (uint64_t)e.fblock + e.len;
		if (eend <= fblock || e.fblock >= end)
			continue;
		if (e.fblock < fblock || eend > end)
			return aer_fail(EINVAL, "file blocks %u..%llu of inode %u cut an extent in two",
					fblock, (unsigned long long)end - 1, ino);
		if (aer_bits_set(fs, e.start, e.len, 0) < 0 || remove_at(fs, in, i) < 0)
			return -1;
	}
	return shrink_chain(fs, in);
}
