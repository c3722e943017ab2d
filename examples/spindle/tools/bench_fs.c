/*
 * bench_fs.c -- a small block-level file system on the store and the
 * filebench personalities the Spindle paper ran (fileserver, webproxy,
 * varmail) as flows of its operations. Each operation is one transaction of
 * what ext4 would journal: inode and block bitmaps, the inode, the directory
 * entry, and the data blocks. FS-WORKLOADS.md gives the flows and sizes.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define FS_MAX_BLOCKS 64u   /* largest file: 256 KiB */
#define FS_TX_BLOCKS 32u    /* data blocks per transaction */

struct fs_file { uint32_t n; uint32_t blk[FS_MAX_BLOCKS]; int exists; };

struct fs {
	unsigned files, mean_blocks, fixed;
	uint64_t ibitmap, bbitmap, itable, dir, ndata, cursor, nfree;
	uint8_t *used;            /* per data block: allocated */
	uint64_t *bits;           /* the block bitmap as stored */
	struct fs_file *f;
	unsigned rot_new, rot_old;
	const char *name;
};

/* fs_gamma -- Marsaglia-Tsang sample of gamma(k, 1), k >= 1 */
static double fs_gamma(struct bench *b, double k)
{
	double d = k - 1.0 / 3, c = 1 / sqrt(9 * d);

	for (;;) {
		double u1 = (bench_rand(b) >> 11) * 0x1p-53 + 1e-12;
		double u2 = (bench_rand(b) >> 11) * 0x1p-53 + 1e-12;
		double x = sqrt(-2 * log(u1)) * cos(2 * M_PI * u2), v = 1 + c * x;
		double u = (bench_rand(b) >> 11) * 0x1p-53 + 1e-12;
		if (v <= 0)
			continue;
		v = v * v * v;
		if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
			return d * v;
	}
}

/* fs_size -- blocks of a new file: gamma(1.5) around the mean, or fixed */
static uint32_t fs_size(struct bench *b, struct fs *s)
{
	double n = s->fixed ? s->mean_blocks : fs_gamma(b, 1.5) * s->mean_blocks / 1.5;
	uint32_t k = (uint32_t)ceil(n);

	return k < 1 ? 1 : k > FS_MAX_BLOCKS ? FS_MAX_BLOCKS : k;
}

/* fs_bit -- sets or clears data block d's bit and stages its bitmap word */
static int fs_bit(struct bench *b, struct fs *s, uint64_t d, int on)
{
	uint64_t word = d / 64, blk = s->bbitmap + word * 8 / SPD_BLOCK;

	s->used[d] = (uint8_t)on;
	s->nfree += on ? (uint64_t)-1 : 1;
	if (on)
		s->bits[word] |= 1ull << (d % 64);
	else
		s->bits[word] &= ~(1ull << (d % 64));
	return spd_write_meta(b->st, blk, (uint32_t)(word * 8 % SPD_BLOCK), 8, &s->bits[word]);
}

/* fs_inode -- stages len bytes at off of file i's inode */
static int fs_inode(struct bench *b, struct fs *s, unsigned i, uint32_t off, uint32_t len)
{
	memset(b->buf, 0, FS_INODE_SIZE);
	memcpy(b->buf, &s->f[i].n, 4);
	return spd_write_meta(b->st, s->itable + i / FS_INODES_PER_BLOCK,
		(i % FS_INODES_PER_BLOCK) * FS_INODE_SIZE + off, len, b->buf + off);
}

/* fs_append -- n new blocks at the end of file i, FS_TX_BLOCKS per transaction */
static int fs_append(struct bench *b, struct fs *s, unsigned i, uint32_t n)
{
	struct fs_file *f = &s->f[i];

	while (n && f->n < FS_MAX_BLOCKS) {
		if (spd_begin(b->st))
			return -1;
		for (uint32_t k = 0; k < FS_TX_BLOCKS && n && f->n < FS_MAX_BLOCKS; k++, n--) {
			uint64_t d = s->cursor;
			if (!s->nfree) {
				spd_abort(b->st);
				errno = ENOSPC;
				return -1;  /* the file set outgrew the store */
			}
			while (s->used[d])
				d = (d + 1) % s->ndata;
			s->cursor = (d + 1) % s->ndata;
			f->blk[f->n++] = (uint32_t)d;
			memset(b->buf, (int)(d & 0xff), SPD_BLOCK);
			if (spd_write_data(b->st, b->meta + d, b->buf) || fs_bit(b, s, d, 1))
				return -1;
			b->writes++;
		}
		if (fs_inode(b, s, i, 0, 64) || spd_commit(b->st))  /* size, mtime, extents */
			return -1;
	}
	return 0;
}

/* fs_create -- inode, bitmap and directory entry, then size blocks of data */
static int fs_create(struct bench *b, struct fs *s, unsigned i, uint32_t size)
{
	uint8_t ib[8] = { 1 };

	s->f[i].exists = 1;
	s->f[i].n = 0;
	memset(b->buf, 0x11, FS_DENTRY_SIZE);
	if (spd_begin(b->st) || spd_write_meta(b->st, s->ibitmap, i / 64 * 8 % SPD_BLOCK, 8, ib) ||
	    fs_inode(b, s, i, 0, FS_INODE_SIZE) ||
	    spd_write_meta(b->st, s->dir + i * FS_DENTRY_SIZE / SPD_BLOCK,
		    i * FS_DENTRY_SIZE % SPD_BLOCK, FS_DENTRY_SIZE, b->buf) ||
	    spd_commit(b->st))
		return -1;
	return fs_append(b, s, i, size);
}

/* fs_delete -- frees the blocks, the inode and the directory entry */
static int fs_delete(struct bench *b, struct fs *s, unsigned i)
{
	struct fs_file *f = &s->f[i];
	uint8_t ib[8] = { 0 };

	if (spd_begin(b->st))
		return -1;
	for (uint32_t k = 0; k < f->n; k++) {
		if (fs_bit(b, s, f->blk[k], 0))
			return -1;
	}
	f->n = 0;
	f->exists = 0;
	memset(b->buf, 0, FS_DENTRY_SIZE);
	if (spd_write_meta(b->st, s->ibitmap, i / 64 * 8 % SPD_BLOCK, 8, ib) ||
	    fs_inode(b, s, i, 0, FS_INODE_SIZE) ||
	    spd_write_meta(b->st, s->dir + i * FS_DENTRY_SIZE / SPD_BLOCK,
		    i * FS_DENTRY_SIZE % SPD_BLOCK, FS_DENTRY_SIZE, b->buf))
		return -1;
	return spd_commit(b->st);
}

/* fs_read_whole -- every block, then the atime */
static int fs_read_whole(struct bench *b, struct fs *s, unsigned i)
{
	for (uint32_t k = 0; k < s->f[i].n; k++) {
		if (spd_read(b->st, b->meta + s->f[i].blk[k], b->buf))
			return -1;
		b->reads++;
	}
	if (spd_begin(b->st) || fs_inode(b, s, i, 8, 8))
		return -1;
	return spd_commit(b->st);
}

/* fs_stat -- reads the inode's block */
static int fs_stat(struct bench *b, struct fs *s, unsigned i)
{
	return spd_read(b->st, s->itable + i / FS_INODES_PER_BLOCK, b->buf);
}

/* fs_pick -- the next file (by rotor) that exists (want 1) or not (0) */
static unsigned fs_pick(struct fs *s, int want)
{
	unsigned *rot = want ? &s->rot_old : &s->rot_new;

	for (unsigned k = 0; k < s->files; k++) {
		unsigned i = (*rot + k) % s->files;
		if (s->f[i].exists == want) {
			*rot = i + 1;
			return i;
		}
	}
	return 0;
}

/* fs_append_size -- blocks of an append of a random size below 16 KiB */
static uint32_t fs_append_size(struct bench *b)
{
	return (uint32_t)((bench_rand(b) % 16384 + SPD_BLOCK - 1) / SPD_BLOCK);
}

/* fs_setup -- lays the metadata out and preallocates 80 % of the files */
static int fs_setup(struct bench *b, unsigned files, unsigned mean, int fixed,
		const char *name)
{
	struct fs *s = calloc(1, sizeof *s);

	if (!s)
		return -1;
	s->files = files;
	s->mean_blocks = mean;
	s->fixed = fixed;
	s->name = name;
	s->ndata = b->home - b->meta;
	s->nfree = s->ndata;
	s->ibitmap = 1;
	s->bbitmap = 2;
	s->itable = s->bbitmap + (s->ndata / 8 + SPD_BLOCK - 1) / SPD_BLOCK;
	s->dir = s->itable + (files + FS_INODES_PER_BLOCK - 1) / FS_INODES_PER_BLOCK;
	if (files > 8 * SPD_BLOCK * 8 ||
	    s->dir + ((uint64_t)files * FS_DENTRY_SIZE + SPD_BLOCK - 1) / SPD_BLOCK > b->meta ||
	    (uint64_t)files * mean * 2 > s->ndata) {
		free(s);
		errno = ENOSPC;
		return -1;
	}
	s->used = calloc(s->ndata, 1);
	s->bits = calloc(s->ndata / 64 + 1, 8);
	s->f = calloc(files, sizeof *s->f);
	if (!s->used || !s->bits || !s->f)
		return -1;
	b->fs = s;
	for (unsigned i = 0; i < files; i++)
		if (bench_rand(b) % 100 < 80 && fs_create(b, s, i, fs_size(b, s)))
			return -1;
	return 0;
}

/* fileserver: create + write whole, append, read whole, delete, stat */
static int fileserver_setup(struct bench *b, unsigned files)
{
	return fs_setup(b, files, 32, 0, "fileserver");
}

static int fileserver_op(struct bench *b)
{
	struct fs *s = b->fs;

	return fs_create(b, s, fs_pick(s, 0), fs_size(b, s)) ||
		fs_append(b, s, fs_pick(s, 1), fs_append_size(b)) ||
		fs_read_whole(b, s, fs_pick(s, 1)) || fs_delete(b, s, fs_pick(s, 1)) ||
		fs_stat(b, s, fs_pick(s, 1)) ? -1 : 0;
}

/* webproxy: delete, create + append 16 KiB, 5 x read whole */
static int webproxy_setup(struct bench *b, unsigned files)
{
	return fs_setup(b, files, 4, 1, "webproxy");
}

static int webproxy_op(struct bench *b)
{
	struct fs *s = b->fs;

	if (fs_delete(b, s, fs_pick(s, 1)) || fs_create(b, s, fs_pick(s, 0), 4))
		return -1;
	for (int k = 0; k < 5; k++)
		if (fs_read_whole(b, s, fs_pick(s, 1)))
			return -1;
	return 0;
}

/* varmail: delete; create + append + fsync; read + append + fsync; read */
static int varmail_setup(struct bench *b, unsigned files)
{
	return fs_setup(b, files, 4, 0, "varmail");
}

static int varmail_op(struct bench *b)
{
	struct fs *s = b->fs;
	unsigned i;

	if (fs_delete(b, s, fs_pick(s, 1)))
		return -1;
	i = fs_pick(s, 0);
	if (fs_create(b, s, i, 0) || fs_append(b, s, i, fs_append_size(b)))
		return -1;
	i = fs_pick(s, 1);
	if (fs_read_whole(b, s, i) || fs_append(b, s, i, fs_append_size(b)))
		return -1;
	return fs_read_whole(b, s, fs_pick(s, 1));
}

static const struct bench_personality personalities[] = {
	{ "fileserver", fileserver_setup, fileserver_op },
	{ "webproxy", webproxy_setup, webproxy_op },
	{ "varmail", varmail_setup, varmail_op },
};

/* bench_personality_find -- by name, or NULL */
const struct bench_personality *bench_personality_find(const char *name)
{
	for (size_t i = 0; i < sizeof personalities / sizeof personalities[0]; i++)
		if (!strcmp(personalities[i].name, name))
			return &personalities[i];
	return NULL;
}
