/*
 * client.h -- what PXFS and KVFS share: path walks, consistent reads of
 * metadata, file data reads and writes through extents, one-op journals.
 */
#ifndef AERIE_CLIENT_H
#define AERIE_CLIENT_H

#include <sys/types.h>

#include "fs.h"
#include "mount.h"

/* The inode path names, following "." and ".."; ENOENT, ENOTDIR, ENAMETOOLONG. */
int aer_walk(struct aer_fs *fs, const char *path, uint32_t *ino);
/* The directory holding path's last component and that component. EINVAL
 * when the path ends in "/", "." or "..". name holds AER_NAME_MAX + 2 bytes. */
int aer_walk_parent(struct aer_fs *fs, const char *path, uint32_t *dir, char *name);
/* The inode of name in directory dir, or 0. */
uint32_t aer_lookup(struct aer_fs *fs, uint32_t dir, const char *name);
/* A consistent copy of inode ino; -1 (ENOENT) when it is free. */
int aer_inode_copy(struct aer_fs *fs, uint32_t ino, struct aer_inode *out);

/* Reads up to n bytes at off (holes read as zeroes); bytes read or -1. */
ssize_t aer_file_read(struct aer_fs *fs, uint32_t ino, void *buf, size_t n, uint64_t off);

/* Byte range written over blocks a file already had, for fsync. */
struct aer_dirty {
	uint64_t lo, hi;
};
/* Writes n bytes at off: new blocks come from grants, are written and
 * flushed, then mapped by a journal with the new size; bytes over existing
 * blocks are added to *dirty. Returns n or -1. */
ssize_t aer_file_write(struct aer_fs *fs, uint32_t ino, const void *buf, size_t n,
		uint64_t off, struct aer_dirty *dirty);
/* Flushes the dirty range of ino and fences. */
void aer_file_sync(struct aer_fs *fs, uint32_t ino, struct aer_dirty *dirty);

/* Submits a journal of one operation. */
int aer_submit_one(struct aer_fs *fs, const struct aer_op *op);
/* Fills op's name field; ENAMETOOLONG as a path call reports it. */
int aer_op_name_set(char *dst, const char *name);

#endif /* AERIE_CLIENT_H */
