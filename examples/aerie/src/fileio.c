/*
 * fileio.c -- reading and writing file data through extents. Bytes written
 * over blocks a file already has, within its size, are made durable at fsync;
 * a write that needs new blocks or extends the file flushes all its bytes
 * first and then journals the new blocks and size, so a crash never exposes
 * bytes that were not yet written (the ordering of ext4's data=ordered).
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "client.h"

#define MAX_FILE_BYTES ((uint64_t)UINT32_MAX * AER_BLOCK_SIZE)

/* read_once -- (internal) one attempt at a read */
static ssize_t read_once(struct aer_fs *fs, uint32_t ino, char *buf, size_t n, uint64_t off)
{
	const struct aer_inode *in = aer_inode(fs, ino);
	uint64_t size = in->size, done = 0;

	if (off >= size)
		return 0;
	if (n > size - off)
		n = (size_t)(size - off);
	while (done < n) {
		uint64_t pos = off + done, room;
		uint32_t boff = (uint32_t)(pos % AER_BLOCK_SIZE), blk = 0, run;
		int mapped = aer_map_lookup(fs, in, (uint32_t)(pos / AER_BLOCK_SIZE), &blk, &run);
		room = (uint64_t)run * AER_BLOCK_SIZE - boff;
		size_t chunk = (size_t)(n - done < room ? n - done : room);
		if (mapped)
			memcpy(buf + done, (char *)aer_block_addr(fs, blk) + boff, chunk);
		else
			memset(buf + done, 0, chunk);
		done += chunk;
	}
	return (ssize_t)n;
}

/* aer_file_read -- up to n bytes at off */
ssize_t aer_file_read(struct aer_fs *fs, uint32_t ino, void *buf, size_t n, uint64_t off)
{
	ssize_t got;
	uint64_t s;

	if (!aer_is_client(fs))
		return read_once(fs, ino, buf, n, off);
	do {
		s = aer_seq_begin(fs);
		got = read_once(fs, ino, buf, n, off);
	} while (aer_seq_retry(fs, s));
	return got;
}

/* pending -- (internal) a write's journal under construction */
struct pending {
	struct aer_journal j;
	uint32_t ino;
	uint64_t old_lo, old_hi;  /* bytes of this call written over old blocks */
};

/* flush_range -- (internal) writes back the mapped bytes of [lo, hi) of ino */
static void flush_range(struct aer_fs *fs, uint32_t ino, uint64_t lo, uint64_t hi)
{
	const struct aer_inode *in = aer_inode(fs, ino);

	for (uint64_t pos = lo; pos < hi;) {
		uint32_t blk, run, boff = (uint32_t)(pos % AER_BLOCK_SIZE);
		int mapped = aer_map_lookup(fs, in, (uint32_t)(pos / AER_BLOCK_SIZE), &blk, &run);
		uint64_t room = (uint64_t)run * AER_BLOCK_SIZE - boff;
		uint64_t chunk = hi - pos < room ? hi - pos : room;
		if (mapped)
			fs->backend->flush(fs, (char *)aer_block_addr(fs, blk) + boff, (size_t)chunk);
		pos += chunk;
	}
}

/* drop_pending -- (internal) gives back the blocks of a journal that failed */
static void drop_pending(struct aer_fs *fs, struct pending *p)
{
	for (uint32_t i = 0; i < p->j.nops; i++)
		if (p->j.ops[i].kind == AER_OP_EXTENT_ALLOC)
			fs->backend->ungrant_blocks(fs, p->j.ops[i].start, p->j.ops[i].len);
	p->j.nops = 0;
}

/* commit_pending -- (internal) maps the new blocks and sets the size to end */
static int commit_pending(struct aer_fs *fs, struct pending *p, uint64_t end)
{
	if (end > aer_inode(fs, p->ino)->size) {
		struct aer_op *op = &p->j.ops[p->j.nops++];
		memset(op, 0, sizeof *op);
		op->kind = AER_OP_SET_SIZE;
		op->ino = p->ino;
		op->size = end;
	}
	if (!p->j.nops)
		return 0;
	/* the new size may cover bytes written over an old block: they go first too */
	flush_range(fs, p->ino, p->old_lo, p->old_hi);
	p->old_lo = p->old_hi = 0;
	pms_fence();  /* the data before the journal that maps it and sets the size */
	if (fs->backend->submit(fs, &p->j) < 0) {
		int e = errno;
		drop_pending(fs, p);
		errno = e;
		return -1;
	}
	p->j.nops = 0;
	return 0;
}

/* write_new -- (internal) writes into fresh granted blocks at a hole */
static ssize_t write_new(struct aer_fs *fs, struct pending *p, const char *src, size_t n,
		uint64_t pos, uint32_t hole)
{
	uint32_t fb = (uint32_t)(pos / AER_BLOCK_SIZE), boff = (uint32_t)(pos % AER_BLOCK_SIZE);
	uint64_t need = ((uint64_t)boff + n + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE;
	uint32_t start, len;

	if (need > hole)
		need = hole;
	if (need > 4096)
		need = 4096;  /* 16 MiB a grant keeps other clients' grants possible */
	if (fs->backend->grant_blocks(fs, (uint32_t)need, &start, &len) < 0)
		return -1;
	char *base = aer_block_addr(fs, start);
	size_t room = (size_t)len * AER_BLOCK_SIZE - boff, chunk = n < room ? n : room;
	memset(base, 0, boff);
	memcpy(base + boff, src, chunk);
	memset(base + boff + chunk, 0, room - chunk);
	aer_charge_write(base, (size_t)len * AER_BLOCK_SIZE);
	fs->backend->flush(fs, base, (size_t)len * AER_BLOCK_SIZE);
	struct aer_op *op = &p->j.ops[p->j.nops++];
	memset(op, 0, sizeof *op);
	op->kind = AER_OP_EXTENT_ALLOC;
	op->ino = p->ino;
	op->fblock = fb;
	op->start = start;
	op->len = len;
	return (ssize_t)chunk;
}

/* write_old -- (internal) writes over blocks the file has */
static ssize_t write_old(struct aer_fs *fs, struct pending *p, const char *src, size_t n,
		uint64_t pos, uint32_t blk, uint32_t run, struct aer_dirty *dirty)
{
	uint32_t boff = (uint32_t)(pos % AER_BLOCK_SIZE);
	uint64_t room = (uint64_t)run * AER_BLOCK_SIZE - boff;
	size_t chunk = n < room ? n : (size_t)room;
	uint32_t nblk = (uint32_t)((boff + chunk + AER_BLOCK_SIZE - 1) / AER_BLOCK_SIZE);

	if (fs->backend->writable(fs, p->ino, blk, nblk) < 0)
		return -1;
	memcpy((char *)aer_block_addr(fs, blk) + boff, src, chunk);
	aer_charge_write((char *)aer_block_addr(fs, blk) + boff, chunk);
	if (p->old_hi == p->old_lo)
		p->old_lo = pos;
	p->old_hi = pos + chunk;  /* a write moves forward: one range */
	if (dirty->hi == dirty->lo)
		dirty->lo = pos, dirty->hi = pos + chunk;
	if (pos < dirty->lo)
		dirty->lo = pos;
	if (pos + chunk > dirty->hi)
		dirty->hi = pos + chunk;
	return (ssize_t)chunk;
}

/* aer_file_write -- n bytes at off */
ssize_t aer_file_write(struct aer_fs *fs, uint32_t ino, const void *buf, size_t n,
		uint64_t off, struct aer_dirty *dirty)
{
	static __thread struct pending p;
	uint64_t done = 0;

	if (off > MAX_FILE_BYTES || n > MAX_FILE_BYTES - off)
		return aer_fail(EFBIG, "write past the largest file");
	p.ino = ino;
	p.j.nops = 0;
	p.old_lo = p.old_hi = 0;
	while (done < n) {
		uint64_t pos = off + done;
		uint32_t blk, run;
		ssize_t got;
		int mapped = aer_map_lookup(fs, aer_inode(fs, ino), (uint32_t)(pos / AER_BLOCK_SIZE),
				&blk, &run);
		if (mapped)
			got = write_old(fs, &p, (const char *)buf + done, n - done, pos, blk, run, dirty);
		else
			got = write_new(fs, &p, (const char *)buf + done, n - done, pos, run);
		if (got < 0) {
			if (!done) {
				int e = errno;
				drop_pending(fs, &p);
				errno = e;
				return -1;
			}
			break;  /* a short write: what was written is kept */
		}
		done += (uint64_t)got;
		if (p.j.nops >= AER_JOURNAL_MAX_OPS - 1 && commit_pending(fs, &p, off + done) < 0)
			return -1;
	}
	if (commit_pending(fs, &p, off + done) < 0)
		return -1;
	return (ssize_t)done;
}

/* aer_file_sync -- makes the bytes written over old blocks durable */
void aer_file_sync(struct aer_fs *fs, uint32_t ino, struct aer_dirty *dirty)
{
	flush_range(fs, ino, dirty->lo, dirty->hi);
	pms_fence();
	dirty->lo = dirty->hi = 0;
}
