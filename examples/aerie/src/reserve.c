/*
 * reserve.c -- the block bitmap's logged updates and the volatile grants of
 * blocks and inode numbers to clients (what a journal may then claim).
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "fs.h"

/* aer_bits_set -- marks [start, start+len) used or free, undo-logged */
int aer_bits_set(struct aer_fs *fs, uint32_t start, uint32_t len, int used)
{
	uint32_t first = start >> 3, last = (start + len - 1) >> 3;

	if (pms_tx_add_range(&fs->bitmap[first], last - first + 1) < 0)
		return aer_fail(errno, "cannot log the block bitmap: %s", pms_errormsg());
	for (uint32_t b = start; b < start + len; b++) {
		if (used)
			fs->bitmap[b >> 3] |= (uint8_t)(1u << (b & 7));
		else
			fs->bitmap[b >> 3] &= (uint8_t)~(1u << (b & 7));
	}
	if (!used && start < fs->alloc_hint)
		fs->alloc_hint = start;
	aer_alloc_bits_changed(fs, start, len);
	return 0;
}

/* aer_bits_all_free -- 1 when no block of the range is used */
int aer_bits_all_free(const struct aer_fs *fs, uint32_t start, uint32_t len)
{
	for (uint32_t b = start; b < start + len; b++)
		if (aer_bit(fs, b))
			return 0;
	return 1;
}

/* aer_grant_blocks -- reserves a run of free blocks for client */
int aer_grant_blocks(struct aer_fs *fs, uint16_t client, uint32_t want,
		uint32_t *start, uint32_t *len)
{
	if (!want)
		return aer_fail(EINVAL, "a grant of 0 blocks");
	if (fs->alloc->find(fs, want, start, len) < 0)
		return -1;
	for (uint32_t b = *start; b < *start + *len; b++)
		fs->block_owner[b] = client;
	return 0;
}

/* aer_grant_inode -- reserves one free inode number for client */
int aer_grant_inode(struct aer_fs *fs, uint16_t client, uint32_t *ino)
{
	uint32_t n = fs->sb->ninodes, i = fs->inode_hint;

	if (i <= AER_INO_KV)
		i = AER_INO_KV + 1;
	for (uint32_t tries = 0; tries < n; tries++, i++) {
		if (i >= n)
			i = AER_INO_KV + 1;
		if (fs->inodes[i].type == AER_TYPE_FREE && !fs->inode_owner[i]) {
			fs->inode_owner[i] = client;
			fs->inode_hint = i + 1;
			*ino = i;
			return 0;
		}
	}
	return aer_fail(ENOSPC, "no free inode left (%u inodes)", n);
}

/* aer_grants_drop -- returns every unclaimed grant of client */
void aer_grants_drop(struct aer_fs *fs, uint16_t client)
{
	for (uint32_t b = 0; b < fs->sb->nblocks; b++)
		if (fs->block_owner[b] == client) {
			fs->block_owner[b] = 0;
			if (b < fs->alloc_hint)
				fs->alloc_hint = b;
		}
	for (uint32_t i = 0; i < fs->sb->ninodes; i++)
		if (fs->inode_owner[i] == client)
			fs->inode_owner[i] = 0;
}

/* aer_alloc_meta_block -- a zeroed block for a directory or an extent chain */
int aer_alloc_meta_block(struct aer_fs *fs, uint32_t *blk)
{
	uint32_t len;

	if (fs->alloc->find(fs, 1, blk, &len) < 0)
		return -1;
	if (aer_bits_set(fs, *blk, 1, 1) < 0)
		return -1;
	/* The block was free, so no committed state reaches it: its zeroes
	 * need no undo log, only to be durable before the commit. */
	memset(aer_block_addr(fs, *blk), 0, AER_BLOCK_SIZE);
	aer_charge_write(aer_block_addr(fs, *blk), AER_BLOCK_SIZE);
	pms_flush(aer_block_addr(fs, *blk), AER_BLOCK_SIZE);
	return 0;
}
