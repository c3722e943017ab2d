/*
 * bench_fio.c -- fio-style 4 KiB random I/O on the store as a file system
 * issues it: the data block, and in the same transaction the inode's
 * timestamps (atime for a read, mtime and size for a write).
 */
#include <string.h>

#include "bench.h"

/* bench_rand -- xorshift64* */
uint64_t bench_rand(struct bench *b)
{
	b->rng ^= b->rng >> 12;
	b->rng ^= b->rng << 25;
	b->rng ^= b->rng >> 27;
	return b->rng * 0x2545f4914f6cdd1dull;
}

/* fio_inode -- metadata block and offset of the inode of file f (block 0 is
 * the superblock, the inode table follows) */
static void fio_inode(uint64_t f, uint64_t *blk, uint32_t *off)
{
	*blk = 1 + f / FS_INODES_PER_BLOCK;
	*off = (uint32_t)(f % FS_INODES_PER_BLOCK) * FS_INODE_SIZE;
}

/* bench_fio_op -- one random read or write of the data region */
int bench_fio_op(struct bench *b, unsigned read_pct, unsigned files)
{
	uint64_t ndata = b->home - b->meta, r = bench_rand(b);
	uint64_t blk = b->meta + r % ndata, f = (r % ndata) * files / ndata, iblk;
	uint64_t stamp[2] = { r, (blk - b->meta + 1) * SPD_BLOCK };
	uint32_t off;
	int is_read = (unsigned)((r >> 40) % 100) < read_pct;

	fio_inode(f, &iblk, &off);
	if (is_read) {
		if (spd_read(b->st, blk, b->buf))
			return -1;
		b->reads++;
		if (spd_begin(b->st) || spd_write_meta(b->st, iblk, off + 8, 8, stamp))
			return -1;  /* atime */
	} else {
		memset(b->buf, (int)(r & 0xff), SPD_BLOCK);
		memcpy(b->buf, &r, sizeof r);
		b->writes++;
		if (spd_begin(b->st) || spd_write_data(b->st, blk, b->buf) ||
		    spd_write_meta(b->st, iblk, off + 16, 16, stamp))
			return -1;  /* mtime, size */
	}
	return spd_commit(b->st);
}
