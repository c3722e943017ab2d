/*
 * journal_apply.c -- the one function that changes metadata: it validates
 * each operation of a journal against the current layout and applies it, all
 * inside one pmem_shim transaction, so a journal is applied whole or not at
 * all (a refused operation or a crash leaves the layout as it was).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <pmem_shim.h>

#include "aerie/aerie.h"
#include "fs.h"

static const char *const op_names[AER_OP_KIND_END] = {
	[AER_OP_CREATE] = "create", [AER_OP_MKDIR] = "mkdir", [AER_OP_LINK] = "link",
	[AER_OP_UNLINK] = "unlink", [AER_OP_RMDIR] = "rmdir", [AER_OP_RENAME] = "rename",
	[AER_OP_SET_SIZE] = "set-size", [AER_OP_EXTENT_ALLOC] = "extent-alloc",
	[AER_OP_EXTENT_FREE] = "extent-free",
};

/* aer_op_name -- "create", "extent-alloc"... */
const char *aer_op_name(uint32_t kind)
{
	return kind < AER_OP_KIND_END && op_names[kind] ? op_names[kind] : "?";
}

/* aer_now_ns -- wall-clock time for mtimes */
uint64_t aer_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* apply_one -- (internal) validates and applies one operation */
static int apply_one(struct aer_fs *fs, const struct aer_op *op, const struct aer_apply_ctx *ctx)
{
	switch (op->kind) {
	case AER_OP_CREATE: case AER_OP_MKDIR: case AER_OP_LINK:
	case AER_OP_UNLINK: case AER_OP_RMDIR: case AER_OP_RENAME:
		return aer_op_namespace(fs, op, ctx);
	case AER_OP_SET_SIZE: case AER_OP_EXTENT_ALLOC: case AER_OP_EXTENT_FREE:
		return aer_op_data(fs, op, ctx);
	default:
		return aer_fail(EINVAL, "unknown operation kind %u", op->kind);
	}
}

/* check_sizes -- (internal) after the last operation: no file maps blocks past
 * its size (a journal maps new blocks and sets the size that covers them) */
static int check_sizes(struct aer_fs *fs, const struct aer_journal *j)
{
	for (uint32_t i = 0; i < j->nops; i++) {
		const struct aer_op *op = &j->ops[i];
		const struct aer_inode *in = aer_inode(fs, op->ino);
		const struct aer_extent *last;
		if (op->kind != AER_OP_EXTENT_ALLOC || !in || !in->nextents ||
				!(last = aer_extent_at(fs, in, in->nextents - 1)))
			continue;
		if ((uint64_t)last->fblock + last->len > (in->size + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE)
			return aer_fail(EINVAL, "journal op %u (extent-alloc) refused: inode %u maps blocks past its size %llu when the journal ends",
					i, op->ino, (unsigned long long)in->size);
	}
	return 0;
}

/* release_claimed -- (internal) grants the committed journal turned into state */
static void release_claimed(struct aer_fs *fs, const struct aer_journal *j)
{
	for (uint32_t i = 0; i < j->nops; i++) {
		const struct aer_op *op = &j->ops[i];
		if (op->kind == AER_OP_CREATE || op->kind == AER_OP_MKDIR)
			fs->inode_owner[op->ino] = 0;
		else if (op->kind == AER_OP_EXTENT_ALLOC)
			for (uint32_t b = op->start; b < op->start + op->len; b++)
				fs->block_owner[b] = 0;
	}
}

/* aer_seq_bump -- tells lock-free readers a change is under way or done */
void aer_seq_bump(struct aer_fs *fs)
{
	if (fs->publish_seq)
		__atomic_add_fetch(&fs->sb->seq, 1, __ATOMIC_RELEASE);
}

/* aer_journal_apply -- all of j, or nothing */
int aer_journal_apply(struct aer_fs *fs, const struct aer_journal *j,
		const struct aer_apply_ctx *ctx)
{
	char msg[512];
	int err;

	if (j->nops == 0 || j->nops > AER_JOURNAL_MAX_OPS)
		return aer_fail(EINVAL, "journal of %u operations (1 to %u allowed)",
				j->nops, AER_JOURNAL_MAX_OPS);
	aer_dirs_reap(fs);
	aer_seq_bump(fs);
	if (pms_tx_begin() < 0) {
		aer_seq_bump(fs);
		return aer_fail(errno, "%s", pms_errormsg());
	}
	for (uint32_t i = 0; i < j->nops; i++) {
		if (apply_one(fs, &j->ops[i], ctx) == 0)
			continue;
		err = errno;
		snprintf(msg, sizeof msg, "%s", aerie_errormsg());
		pms_tx_abort();
		/* the undo log restored the bitmap: a freed block may be below the hint */
		aer_alloc_rolled_back(fs);
		aer_seq_bump(fs);
		return aer_fail(err, "journal op %u (%s) refused: %s", i, aer_op_name(j->ops[i].kind), msg);
	}
	if (check_sizes(fs, j) < 0) {
		err = errno;
		pms_tx_abort();
		aer_alloc_rolled_back(fs);
		aer_seq_bump(fs);
		errno = err;
		return -1;
	}
	if (pms_tx_commit() < 0) {
		err = errno;
		aer_alloc_rolled_back(fs);
		aer_seq_bump(fs);
		return aer_fail(err, "journal commit failed: %s", pms_errormsg());
	}
	release_claimed(fs, j);
	aer_seq_bump(fs);
	return 0;
}
