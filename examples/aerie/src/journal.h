/*
 * journal.h -- the journal of metadata operations: the only way the layout
 * changes. Clients build one, the TFS (or, in single-process mode, the
 * library itself) validates and applies it in one failure-atomic transaction.
 */
#ifndef AERIE_JOURNAL_H
#define AERIE_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"

enum aer_op_kind {
	AER_OP_CREATE = 1,   /* dir, name, ino (granted), mode: new empty file */
	AER_OP_MKDIR,        /* dir, name, ino (granted), mode: new empty directory */
	AER_OP_LINK,         /* dir, name, ino: one more name for an existing file */
	AER_OP_UNLINK,       /* dir, name: a file's name; frees it at nlink 0 */
	AER_OP_RMDIR,        /* dir, name: an empty directory */
	AER_OP_RENAME,       /* dir, name -> dir2, name2 (replacing as POSIX says) */
	AER_OP_SET_SIZE,     /* ino, size: frees blocks past the new end */
	AER_OP_EXTENT_ALLOC, /* ino, fblock, start, len: granted free blocks mapped */
	AER_OP_EXTENT_FREE,  /* ino, fblock, len: unmaps and frees (a hole) */
	AER_OP_KIND_END
};

struct aer_op {
	uint32_t kind;
	uint32_t ino;
	uint32_t dir;
	uint32_t dir2;
	uint64_t size;
	uint32_t fblock;
	uint32_t start;
	uint32_t len;
	uint32_t mode;
	char name[AER_NAME_MAX + 2];   /* one byte more: an overlong name is seen */
	char name2[AER_NAME_MAX + 2];
};

/* Most operations one journal carries (a rename of a KVFS put is 4). */
#define AER_JOURNAL_MAX_OPS 32u

struct aer_journal {
	uint32_t nops;
	uint32_t pad;
	struct aer_op ops[AER_JOURNAL_MAX_OPS];
};

/* Bytes of a journal with n operations (what goes over the socket). */
static inline size_t aer_journal_bytes(uint32_t n)
{
	return offsetof(struct aer_journal, ops) + (size_t)n * sizeof(struct aer_op);
}

/* Name of an operation kind for messages ("extent-alloc"), "?" if unknown. */
const char *aer_op_name(uint32_t kind);

#endif /* AERIE_JOURNAL_H */
