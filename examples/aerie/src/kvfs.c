/*
 * kvfs.c -- KVFS: get, put, delete and iterate over one flat namespace (the
 * layout's second root directory). No path walk, no descriptor, no lease: a
 * put writes a fresh inode's granted blocks and publishes it with one
 * journal (create under a temporary name, map, size, rename over the key).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pmem_shim.h>

#include "aerie/kvfs.h"
#include "client.h"

/* key_check -- (internal) a key the namespace may hold */
static int key_check(const char *key)
{
	size_t len;
	if (!key)
		return aer_fail(EFAULT, "NULL key");
	if (!*key)
		return aer_fail(ENOENT, "empty key");
	return aer_name_check(key, &len);
}

/* fill_blocks -- (internal) grants, writes and journals the value's blocks */
static int fill_blocks(struct aer_fs *fs, struct aer_journal *j, uint32_t ino,
		const char *val, size_t len)
{
	uint32_t fb = 0;
	size_t done = 0;

	while (done < len) {
		uint32_t start, n;
		uint64_t want = (len - done + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE;
		if (j->nops >= AER_JOURNAL_MAX_OPS - 2)
			return aer_fail(ENOSPC, "free space too fragmented for a %zu-byte value", len);
		if (fs->backend->grant_blocks(fs, want > 4096 ? 4096 : (uint32_t)want, &start, &n) < 0)
			return -1;
		size_t room = (size_t)n * AER_BLOCK_SIZE, chunk = len - done < room ? len - done : room;
		char *dst = aer_block_addr(fs, start);
		memcpy(dst, val + done, chunk);
		memset(dst + chunk, 0, room - chunk);
		aer_charge_write(dst, room);
		fs->backend->flush(fs, dst, room);
		j->ops[j->nops++] = (struct aer_op){ .kind = AER_OP_EXTENT_ALLOC, .ino = ino,
			.fblock = fb, .start = start, .len = n };
		fb += n;
		done += chunk;
	}
	return 0;
}

/* build_put -- (internal) the journal of one put */
static int build_put(struct aer_fs *fs, struct aer_journal *j, const char *key,
		const void *val, size_t len)
{
	struct aer_op *op = &j->ops[0];
	uint32_t ino;

	if (fs->backend->grant_inode(fs, &ino) < 0)
		return -1;
	memset(op, 0, sizeof *op);
	op->kind = AER_OP_CREATE;
	op->dir = AER_INO_KV;
	op->ino = ino;
	op->mode = 0644;
	snprintf(op->name, sizeof op->name, ".kvtmp.%u", ino);
	j->nops = 1;
	if (fill_blocks(fs, j, ino, val, len) < 0)
		return -1;
	j->ops[j->nops++] = (struct aer_op){ .kind = AER_OP_SET_SIZE, .ino = ino, .size = len };
	op = &j->ops[j->nops++];
	memset(op, 0, sizeof *op);
	op->kind = AER_OP_RENAME;
	op->dir = op->dir2 = AER_INO_KV;
	snprintf(op->name, sizeof op->name, ".kvtmp.%u", ino);
	strcpy(op->name2, key);
	return 0;
}

/* kvfs_put -- stores val under key, atomically */
int kvfs_put(const char *key, const void *val, size_t len)
{
	static __thread struct aer_journal j;
	struct aer_fs *fs;
	int rc = -1;

	if (!val && len)
		return aer_fail(EFAULT, "NULL value");
	if (key_check(key) < 0 || !(fs = aer_enter()))
		return -1;
	j.nops = 0;
	if (build_put(fs, &j, key, val, len) == 0) {
		pms_fence();  /* the value's bytes before the journal that publishes them */
		rc = fs->backend->submit(fs, &j);
	}
	if (rc < 0) {
		int e = errno;
		for (uint32_t i = 0; i < j.nops; i++)
			if (j.ops[i].kind == AER_OP_EXTENT_ALLOC)
				fs->backend->ungrant_blocks(fs, j.ops[i].start, j.ops[i].len);
		if (j.nops)
			fs->backend->ungrant_inode(fs, j.ops[0].ino);
		errno = e;
	}
	aer_leave();
	return rc;
}

/* kvfs_get -- copies key's value */
ssize_t kvfs_get(const char *key, void *buf, size_t cap)
{
	struct aer_fs *fs;
	ssize_t r = -1;
	uint32_t ino;

	if (!buf && cap)
		return aer_fail(EFAULT, "NULL buffer");
	if (key_check(key) < 0 || !(fs = aer_enter()))
		return -1;
	/* a concurrent put replaces the inode: retry until name and data agree */
	for (int tries = 0; tries < 100; tries++) {
		struct aer_inode in;
		if (!(ino = aer_lookup(fs, AER_INO_KV, key))) {
			aer_fail(ENOENT, "no key '%s'", key);
			break;
		}
		if (aer_inode_copy(fs, ino, &in) < 0)
			continue;
		if (aer_file_read(fs, ino, buf, cap, 0) < 0)
			break;
		struct aer_inode again;
		if (aer_inode_copy(fs, ino, &again) == 0 && again.gen == in.gen) {
			r = (ssize_t)in.size;
			break;
		}
	}
	aer_leave();
	return r;
}

/* kvfs_delete -- removes key */
int kvfs_delete(const char *key)
{
	struct aer_op op = { .kind = AER_OP_UNLINK, .dir = AER_INO_KV };
	struct aer_fs *fs;
	int rc = -1;

	if (key_check(key) < 0 || !(fs = aer_enter()))
		return -1;
	strcpy(op.name, key);
	if (!aer_lookup(fs, AER_INO_KV, key))
		aer_fail(ENOENT, "no key '%s'", key);
	else
		rc = aer_submit_one(fs, &op);
	aer_leave();
	return rc;
}

/* kvfs_iterate -- fn on every key */
long kvfs_iterate(int (*fn)(const char *key, size_t size, void *arg), void *arg)
{
	struct aer_fs *fs = aer_enter();
	struct aer_dirent e;
	uint32_t cursor = 0;
	long n = 0;

	if (!fs)
		return -1;
	if (!fn) {
		aer_leave();
		return aer_fail(EFAULT, "NULL callback");
	}
	for (;;) {
		struct aer_inode in;
		uint32_t c = cursor;
		uint64_t s = aer_is_client(fs) ? aer_seq_begin(fs) : 0;
		int got = fs->dir->next(fs, aer_inode(fs, AER_INO_KV), &c, &e);
		if (aer_is_client(fs) && aer_seq_retry(fs, s))
			continue;
		if (!got)
			break;
		cursor = c;
		if (aer_inode_copy(fs, e.ino, &in) < 0)
			continue;  /* deleted meanwhile */
		n++;
		aer_leave();
		int stop = fn(e.name, (size_t)in.size, arg);
		if (!(fs = aer_enter()))
			return -1;
		if (stop)
			break;
	}
	aer_leave();
	return n;
}
