/*
 * journal_data.c -- validating and applying the operations of a journal that
 * change a file's size and block map: set-size, extent-alloc, extent-free.
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "fs.h"

/* Largest file: every file block number fits 32 bits. */
#define AER_MAX_FILE_SIZE ((uint64_t)UINT32_MAX * AER_BLOCK_SIZE)

/* file_of -- (internal) the file inode ino the client may change, or NULL */
static struct aer_inode *file_of(struct aer_fs *fs, uint32_t ino, const struct aer_apply_ctx *ctx)
{
	struct aer_inode *in = aer_inode(fs, ino);

	if (!in || in->type == AER_TYPE_FREE) {
		aer_fail(ENOENT, "inode %u is free", ino);
		return NULL;
	}
	if (in->type != AER_TYPE_FILE) {
		aer_fail(EISDIR, "inode %u is a directory", ino);
		return NULL;
	}
	if (ctx->may_write && ctx->may_write(ctx->arg, ino) != 0) {
		aer_fail(EACCES, "this client holds no write lease on inode %u", ino);
		return NULL;
	}
	return in;
}

/* zero_tail -- (internal) zeroes the last block past a new, shorter end */
static int zero_tail(struct aer_fs *fs, struct aer_inode *in, uint64_t size)
{
	uint32_t off = (uint32_t)(size % AER_BLOCK_SIZE), blk, run;
	char *p;

	if (!off || aer_map_lookup(fs, in, (uint32_t)(size / AER_BLOCK_SIZE), &blk, &run) != 1)
		return 0;
	p = (char *)aer_block_addr(fs, blk) + off;
	if (pms_tx_add_range(p, AER_BLOCK_SIZE - off) < 0)
		return aer_fail(errno, "cannot log block %u: %s", blk, pms_errormsg());
	memset(p, 0, AER_BLOCK_SIZE - off);
	aer_charge_write(p, AER_BLOCK_SIZE - off);
	return 0;
}

/* op_set_size -- (internal) a new size; a shorter one frees the blocks past it */
static int op_set_size(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx)
{
	struct aer_inode *in = file_of(fs, op->ino, ctx);

	if (!in)
		return -1;
	if (op->size > AER_MAX_FILE_SIZE)
		return aer_fail(EFBIG, "size %llu is past the largest file",
				(unsigned long long)op->size);
	if (op->size < in->size) {
		uint64_t keep = (op->size + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE;
		if (aer_map_truncate(fs, op->ino, (uint32_t)keep) < 0 || zero_tail(fs, in, op->size) < 0)
			return -1;
	}
	if (pms_tx_add_range(in, sizeof *in) < 0)
		return aer_fail(errno, "cannot log inode: %s", pms_errormsg());
	in->size = op->size;
	in->mtime_ns = aer_now_ns();
	return 0;
}

/* op_extent_alloc -- (internal) maps granted free blocks into a file */
static int op_extent_alloc(struct aer_fs *fs, const struct aer_op *op,
		const struct aer_apply_ctx *ctx)
{
	if (!file_of(fs, op->ino, ctx))
		return -1;
	if (!aer_is_data_range(fs, op->start, op->len))
		return aer_fail(EINVAL, "blocks %u+%u lie outside the data area", op->start, op->len);
	for (uint32_t b = op->start; b < op->start + op->len; b++) {
		if (aer_bit(fs, b))
			return aer_fail(EINVAL, "block %u is already allocated", b);
		if (fs->block_owner[b] != ctx->client)
			return aer_fail(EPERM, "block %u was not granted to this client", b);
	}
	if (aer_bits_set(fs, op->start, op->len, 1) < 0)
		return -1;
	return aer_map_insert(fs, op->ino, op->fblock, op->start, op->len);
}

/* aer_op_data -- one size or block-map operation, validated then applied */
int aer_op_data(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx)
{
	switch (op->kind) {
	case AER_OP_SET_SIZE:
		return op_set_size(fs, op, ctx);
	case AER_OP_EXTENT_ALLOC:
		return op_extent_alloc(fs, op, ctx);
	case AER_OP_EXTENT_FREE:
		if (!file_of(fs, op->ino, ctx))
			return -1;
		return aer_map_punch(fs, op->ino, op->fblock, op->len);
	}
	return aer_fail(EINVAL, "not a data operation");
}
