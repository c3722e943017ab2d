/*
 * extent_map.c -- a file's map from file blocks to region blocks: sorted,
 * non-overlapping extents, seven in the inode and the rest in one overflow
 * block.
 */
#include <errno.h>
#include <stdint.h>

#include <pmem_shim.h>

#include "fs.h"

/* aer_extent_at -- extent slot i of in, NULL when it does not exist */
struct aer_extent *aer_extent_at(const struct aer_fs *fs, const struct aer_inode *in,
		uint32_t i)
{
	if (i < AER_INLINE_EXTENTS)
		return (struct aer_extent *)&in->ext[i];
	if (i >= AER_MAX_EXTENTS || !aer_is_data_range(fs, in->overflow, 1))
		return NULL;
	return (struct aer_extent *)aer_block_addr(fs, in->overflow) + (i - AER_INLINE_EXTENTS);
}

/* nexts -- (internal) the extent count, clamped against a damaged inode */
static uint32_t nexts(const struct aer_inode *in)
{
	return in->nextents < AER_MAX_EXTENTS ? in->nextents : AER_MAX_EXTENTS;
}

/* aer_map_lookup -- where file block fblock lives, or how long its hole is */
int aer_map_lookup(const struct aer_fs *fs, const struct aer_inode *in, uint32_t fblock,
		uint32_t *blk, uint32_t *run)
{
	uint32_t n = nexts(in);

	for (uint32_t i = 0; i < n; i++) {
		const struct aer_extent *e = aer_extent_at(fs, in, i);
		if (!e)
			break;
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

/* log_map -- (internal) undo-logs the inode and its overflow block */
static int log_map(struct aer_fs *fs, struct aer_inode *in)
{
	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	if (in->overflow && pms_tx_add_range(aer_block_addr(fs, in->overflow), AER_BLOCK_SIZE) < 0)
		return aer_fail(errno, "cannot log extent block: %s", pms_errormsg());
	return 0;
}

/* aer_map_insert -- maps [fblock, fblock+len) to region blocks start.. */
int aer_map_insert(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t start,
		uint32_t len)
{
	struct aer_inode *in = aer_inode(fs, ino);
	uint32_t n = nexts(in), p = 0;
	struct aer_extent *prev = NULL, *next;

	if (len > UINT32_MAX - fblock)
		return aer_fail(EFBIG, "extent at file block %u is past the largest file", fblock);
	while (p < n && aer_extent_at(fs, in, p)->fblock < fblock)
		prev = aer_extent_at(fs, in, p++);
	next = p < n ? aer_extent_at(fs, in, p) : NULL;
	if ((prev && prev->fblock + prev->len > fblock) || (next && fblock + len > next->fblock))
		return aer_fail(EINVAL, "file blocks %u..%u of inode %u are already mapped",
				fblock, fblock + len - 1, ino);
	if (log_map(fs, in) < 0)
		return -1;
	if (prev && prev->fblock + prev->len == fblock && prev->start + prev->len == start) {
		prev->len += len;  /* the common append: the last extent grows */
		return 0;
	}
	if (n + 1 > AER_MAX_EXTENTS)
		return aer_fail(EFBIG, "inode %u has the most extents a file may have (%u)",
				ino, (unsigned)AER_MAX_EXTENTS);
	if (n + 1 > AER_INLINE_EXTENTS && !in->overflow) {
		uint32_t blk;
		if (aer_alloc_meta_block(fs, &blk) < 0)
			return -1;
		in->overflow = blk;
	}
	for (uint32_t i = n; i > p; i--)
		*aer_extent_at(fs, in, i) = *aer_extent_at(fs, in, i - 1);
	*aer_extent_at(fs, in, p) = (struct aer_extent){ fblock, start, len };
	in->nextents = n + 1;
	return 0;
}

/* drop_overflow -- (internal) frees the overflow block once it is unused */
static int drop_overflow(struct aer_fs *fs, struct aer_inode *in)
{
	if (in->nextents > AER_INLINE_EXTENTS || !in->overflow)
		return 0;
	if (aer_bits_set(fs, in->overflow, 1, 0) < 0)
		return -1;
	in->overflow = 0;
	return 0;
}

/* remove_at -- (internal) removes extent slot i, shifting the rest down */
static void remove_at(struct aer_fs *fs, struct aer_inode *in, uint32_t i)
{
	uint32_t n = nexts(in);

	for (; i + 1 < n; i++)
		*aer_extent_at(fs, in, i) = *aer_extent_at(fs, in, i + 1);
	in->nextents = n - 1;
}

/* aer_map_truncate -- frees every mapped block at or past file block fblock */
int aer_map_truncate(struct aer_fs *fs, uint32_t ino, uint32_t fblock)
{
	struct aer_inode *in = aer_inode(fs, ino);

	if (log_map(fs, in) < 0)
		return -1;
	for (uint32_t i = nexts(in); i-- > 0;) {
		struct aer_extent *e = aer_extent_at(fs, in, i);
		if (e->fblock >= fblock) {
			if (aer_bits_set(fs, e->start, e->len, 0) < 0)
				return -1;
			remove_at(fs, in, i);
		} else if (e->fblock + e->len > fblock) {
			uint32_t keep = fblock - e->fblock;
			if (aer_bits_set(fs, e->start + keep, e->len - keep, 0) < 0)
				return -1;
			e->len = keep;
		}
	}
	return drop_overflow(fs, in);
}

/* aer_map_punch -- frees the whole extents inside [fblock, fblock+len) */
int aer_map_punch(struct aer_fs *fs, uint32_t ino, uint32_t fblock, uint32_t len)
{
	struct aer_inode *in = aer_inode(fs, ino);
	uint64_t end = (uint64_t)fblock + len;

	if (log_map(fs, in) < 0)
		return -1;
	for (uint32_t i = nexts(in); i-- > 0;) {
		struct aer_extent *e = aer_extent_at(fs, in, i);
		uint64_t eend = (uint64_t)e->fblock + e->len;
		if (eend <= fblock || e->fblock >= end)
			continue;
		if (e->fblock < fblock || eend > end)
			return aer_fail(EINVAL, "file blocks %u..%llu of inode %u cut an extent in two",
					fblock, (unsigned long long)end - 1, ino);
		if (aer_bits_set(fs, e->start, e->len, 0) < 0)
			return -1;
		remove_at(fs, in, i);
	}
	return drop_overflow(fs, in);
}
