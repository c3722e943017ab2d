/*
 * bench_trace.c -- replays a flowop trace that fsbench recorded (--trace)
 * through a block-level file system on the store, so that fileserver,
 * webproxy and varmail reach the store with fsbench's own picks, sizes and
 * appends. Each flowop becomes what ext4 would journal for it; reads and
 * writes go in requests of --iosize bytes, one transaction per write request.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define TR_SETS 8u
#define TR_TX_BLOCKS 32u   /* data blocks per transaction: larger requests are split */
#define TR_MAX_FILES (8u * SPD_BLOCK * 8)   /* inodes, the same limit as bench_fs.c */

enum tr_kind { TR_CREATE, TR_OPEN, TR_CLOSE, TR_READ, TR_WRITE, TR_APPEND, TR_DELETE,
	TR_STAT, TR_FSYNC, TR_GET, TR_PUT, TR_KVDEL, TR_SETUP };
static const char *const tr_names[] = { "createfile", "openfile", "closefile",
	"readwholefile", "writewholefile", "appendfilerand", "deletefile", "statfile", "fsync",
	"get", "put", "delete" };

struct tr_rec { uint8_t kind, set; uint32_t entry; uint64_t bytes; };
struct tr_file { uint64_t size; uint32_t n, cap; uint32_t *blk; int exists; };

struct tr {
	struct tr_rec *rec;
	size_t nrec, cap, next, first_op;   /* records [first_op, nrec) are flowops */
	char set_name[TR_SETS][64];
	uint32_t set_files[TR_SETS], set_base[TR_SETS], nsets, files;
	uint64_t iosize, ibitmap, bbitmap, itable, dir, ndata, cursor, nfree;
	uint64_t *bits;
	struct tr_file *f;
};

/* tr_set -- the index of set name, added when new; -1 past TR_SETS */
static int tr_set(struct tr *t, const char *name)
{
	for (uint32_t i = 0; i < t->nsets; i++)
		if (!strcmp(t->set_name[i], name))
			return (int)i;
	if (t->nsets == TR_SETS || strlen(name) >= sizeof t->set_name[0])
		return -1;
	strcpy(t->set_name[t->nsets], name);
	return (int)t->nsets++;
}

/* tr_add -- appends one record */
static int tr_add(struct tr *t, struct tr_rec r)
{
	if (t->nrec == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 4096;
		struct tr_rec *q = realloc(t->rec, cap * sizeof *q);
		if (!q)
			return -1;
		t->rec = q;
		t->cap = cap;
	}
	if (r.entry >= t->set_files[r.set])
		t->set_files[r.set] = r.entry + 1;
	t->rec[t->nrec++] = r;
	return 0;
}

/* tr_line -- parses one line of the trace into t; 0, or -1 with msg set */
static int tr_line(struct tr *t, const char *line, char *msg, size_t len)
{
	char a[64], b[64], kind[64], set[64];
	unsigned long long entry, bytes;
	long long e;
	int s, k;

	if (sscanf(line, "- setup %63s %llu %llu", set, &entry, &bytes) == 3) {
		if ((s = tr_set(t, set)) < 0 || entry >= UINT32_MAX)
			return snprintf(msg, len, "too many file sets or entries"), -1;
		if (t->nrec > t->first_op)
			return snprintf(msg, len, "a setup line after the flowops"), -1;
		t->first_op = t->nrec + 1;
		return tr_add(t, (struct tr_rec){ TR_SETUP, (uint8_t)s, (uint32_t)entry, bytes });
	}
	if (strchr("pwr", line[0]) && line[1] == ' ')
		return 0;  /* picks, waits and releases: fsbench's own bookkeeping */
	if (sscanf(line, "%63s %63s %63s %63s %lld %llu", a, b, kind, set, &e, &bytes) != 6 ||
	    e < 0 || e >= UINT32_MAX)
		return snprintf(msg, len, "not an fsbench trace line"), -1;
	for (k = 0; k < TR_SETUP && strcmp(tr_names[k], kind); k++)
		;
	if (k == TR_SETUP)
		return snprintf(msg, len, "unknown flowop '%s'", kind), -1;
	if ((s = tr_set(t, set)) < 0)
		return snprintf(msg, len, "more than %u file sets", TR_SETS), -1;
	return tr_add(t, (struct tr_rec){ (uint8_t)k, (uint8_t)s, (uint32_t)e, bytes });
}

/* bench_trace_load -- reads an fsbench trace; the number of flowops in *nops.
 * -1 with a one-line message in msg on a bad file */
int bench_trace_load(struct bench *b, const char *path, uint64_t iosize, uint64_t *nops,
		char *msg, size_t len)
{
	struct tr *t = calloc(1, sizeof *t);
	FILE *fp = fopen(path, "r");
	char line[512];
	unsigned long no = 0;

	if (!t || !fp) {
		snprintf(msg, len, "cannot read trace '%s': %s", path, strerror(errno));
		free(t);
		return -1;
	}
	t->iosize = iosize;
	while (fgets(line, sizeof line, fp)) {
		char m[128];
		no++;
		if (tr_line(t, line, m, sizeof m)) {
			snprintf(msg, len, "trace '%s' line %lu: %s", path, no, m);
			fclose(fp);
			return -1;
		}
	}
	fclose(fp);
	if (t->nrec == t->first_op) {
		snprintf(msg, len, "trace '%s' holds no flowops", path);
		return -1;
	}
	for (uint32_t i = 0; i < t->nsets; i++) {
		t->set_base[i] = t->files;
		if (t->set_files[i] > TR_MAX_FILES - t->files) {
			snprintf(msg, len, "trace '%s' names more than %u files", path, TR_MAX_FILES);
			return -1;
		}
		t->files += t->set_files[i];
	}
	*nops = t->nrec - t->first_op;
	b->fs = t;
	return 0;
}

/* tr_inode -- stages len bytes at off of inode i */
static int tr_inode(struct bench *b, struct tr *t, uint32_t i, uint32_t off, uint32_t len)
{
	memset(b->buf, 0, FS_INODE_SIZE);
	memcpy(b->buf, &t->f[i].size, 8);
	return spd_write_meta(b->st, t->itable + i / FS_INODES_PER_BLOCK,
		(i % FS_INODES_PER_BLOCK) * FS_INODE_SIZE + off, len, b->buf + off);
}

/* tr_bit -- sets or clears data block d's bit in the stored bitmap */
static int tr_bit(struct bench *b, struct tr *t, uint64_t d, int on)
{
	uint64_t word = d / 64, blk = t->bbitmap + word * 8 / SPD_BLOCK;

	t->nfree += on ? (uint64_t)-1 : 1;
	if (on)
		t->bits[word] |= 1ull << (d % 64);
	else
		t->bits[word] &= ~(1ull << (d % 64));
	return spd_write_meta(b->st, blk, (uint32_t)(word * 8 % SPD_BLOCK), 8, &t->bits[word]);
}

/* tr_alloc -- the next free data block after the cursor, marked used */
static int tr_alloc(struct bench *b, struct tr *t, struct tr_file *f)
{
	uint64_t d = t->cursor;

	if (!t->nfree || (f->n == f->cap && !(f->blk = realloc(f->blk,
			(f->cap = f->cap ? 2 * f->cap : 8) * sizeof *f->blk)))) {
		errno = ENOSPC;
		return -1;
	}
	while (t->bits[d / 64] >> (d % 64) & 1)
		d = (d + 1) % t->ndata;
	t->cursor = (d + 1) % t->ndata;
	f->blk[f->n++] = (uint32_t)d;
	return tr_bit(b, t, d, 1);
}

/* tr_write -- n bytes at the end of file i, one transaction per request */
static int tr_write(struct bench *b, struct tr *t, uint32_t i, uint64_t n, uint64_t req)
{
	struct tr_file *f = &t->f[i];

	while (n) {
		uint64_t c = n < req ? n : req, first = f->size / SPD_BLOCK;
		uint64_t last = (f->size + c - 1) / SPD_BLOCK;
		if (last - first + 1 > TR_TX_BLOCKS) {
			last = first + TR_TX_BLOCKS - 1;
			c = (last + 1) * SPD_BLOCK - f->size;
		}
		if (spd_begin(b->st))
			return -1;
		for (uint64_t k = first; k <= last; k++) {
			if (k == f->n && tr_alloc(b, t, f)) {
				spd_abort(b->st);
				return -1;
			}
			memset(b->buf, (int)(f->blk[k] & 0xff), SPD_BLOCK);
			if (spd_write_data(b->st, b->meta + f->blk[k], b->buf))
				return -1;
			b->writes++;
		}
		f->size += c;
		n -= c;
		if (tr_inode(b, t, i, 0, 64) || spd_commit(b->st))  /* size, mtime, extents */
			return -1;
	}
	return 0;
}

/* tr_create -- inode bitmap, inode and directory entry */
static int tr_create(struct bench *b, struct tr *t, uint32_t i)
{
	uint8_t ib[8] = { 1 };

	t->f[i].exists = 1;
	t->f[i].size = 0;
	memset(b->buf, 0x11, FS_DENTRY_SIZE);
	if (spd_begin(b->st) || spd_write_meta(b->st, t->ibitmap, i / 64 * 8 % SPD_BLOCK, 8, ib) ||
	    tr_inode(b, t, i, 0, FS_INODE_SIZE) ||
	    spd_write_meta(b->st, t->dir + (uint64_t)i * FS_DENTRY_SIZE / SPD_BLOCK,
		    i * FS_DENTRY_SIZE % SPD_BLOCK, FS_DENTRY_SIZE, b->buf))
		return -1;
	return spd_commit(b->st);
}

/* tr_delete -- frees the blocks (TR_TX_BLOCKS per transaction, as ext4
 * truncates in restarted handles), then the inode and the directory entry */
static int tr_delete(struct bench *b, struct tr *t, uint32_t i)
{
	struct tr_file *f = &t->f[i];
	uint8_t ib[8] = { 0 };

	while (f->n > TR_TX_BLOCKS) {
		if (spd_begin(b->st))
			return -1;
		for (uint32_t k = 0; k < TR_TX_BLOCKS; k++)
			if (tr_bit(b, t, f->blk[--f->n], 0))
				return -1;
		if (spd_commit(b->st))
			return -1;
	}
	if (spd_begin(b->st))
		return -1;
	while (f->n)
		if (tr_bit(b, t, f->blk[--f->n], 0))
			return -1;
	f->size = 0;
	f->exists = 0;
	memset(b->buf, 0, FS_DENTRY_SIZE);
	if (spd_write_meta(b->st, t->ibitmap, i / 64 * 8 % SPD_BLOCK, 8, ib) ||
	    tr_inode(b, t, i, 0, FS_INODE_SIZE) ||
	    spd_write_meta(b->st, t->dir + (uint64_t)i * FS_DENTRY_SIZE / SPD_BLOCK,
		    i * FS_DENTRY_SIZE % SPD_BLOCK, FS_DENTRY_SIZE, b->buf))
		return -1;
	return spd_commit(b->st);
}

/* tr_read -- the blocks of the first n bytes, then the atime */
static int tr_read(struct bench *b, struct tr *t, uint32_t i, uint64_t n)
{
	struct tr_file *f = &t->f[i];
	uint64_t blocks = ((n < f->size ? n : f->size) + SPD_BLOCK - 1) / SPD_BLOCK;

	for (uint64_t k = 0; k < blocks; k++) {
		if (spd_read(b->st, b->meta + f->blk[k], b->buf))
			return -1;
		b->reads++;
	}
	if (spd_begin(b->st) || tr_inode(b, t, i, 8, 8))
		return -1;
	return spd_commit(b->st);
}

/* tr_lookup -- a path lookup: the directory entry's block and the inode's */
static int tr_lookup(struct bench *b, struct tr *t, uint32_t i)
{
	return spd_read(b->st, t->dir + (uint64_t)i * FS_DENTRY_SIZE / SPD_BLOCK, b->buf) ||
		spd_read(b->st, t->itable + i / FS_INODES_PER_BLOCK, b->buf) ? -1 : 0;
}

/* tr_replay -- one record; an entry's state is taken from the trace, so a
 * create of an entry that exists replaces it */
static int tr_replay(struct bench *b, struct tr *t, const struct tr_rec *r, uint64_t req)
{
	uint32_t i = t->set_base[r->set] + r->entry;

	switch (r->kind) {
	case TR_SETUP:
		return tr_create(b, t, i) || tr_write(b, t, i, r->bytes, req) ? -1 : 0;
	case TR_CREATE:
		return (t->f[i].exists && tr_delete(b, t, i)) || tr_create(b, t, i) ? -1 : 0;
	case TR_PUT:
		return (t->f[i].exists && tr_delete(b, t, i)) || tr_create(b, t, i) ||
			tr_write(b, t, i, r->bytes, req) ? -1 : 0;
	case TR_OPEN: case TR_STAT:
		return tr_lookup(b, t, i);
	case TR_READ: case TR_GET:
		return tr_read(b, t, i, r->bytes);
	case TR_WRITE: case TR_APPEND:
		return tr_write(b, t, i, r->bytes, req);
	case TR_DELETE: case TR_KVDEL:
		return t->f[i].exists ? tr_delete(b, t, i) : 0;
	default:  /* close, fsync: every commit is already durable */
		return 0;
	}
}

/* bench_trace_setup -- lays the file system out and makes the preallocated files */
int bench_trace_setup(struct bench *b)
{
	struct tr *t = b->fs;

	t->ndata = b->home - b->meta;
	t->nfree = t->ndata;
	t->ibitmap = 1;
	t->bbitmap = 2;
	t->itable = t->bbitmap + (t->ndata / 8 + SPD_BLOCK - 1) / SPD_BLOCK;
	t->dir = t->itable + (t->files + FS_INODES_PER_BLOCK - 1) / FS_INODES_PER_BLOCK;
	if (t->files > TR_MAX_FILES ||
	    t->dir + ((uint64_t)t->files * FS_DENTRY_SIZE + SPD_BLOCK - 1) / SPD_BLOCK > b->meta) {
		errno = ENOSPC;
		return -1;
	}
	t->bits = calloc(t->ndata / 64 + 1, 8);
	t->f = calloc(t->files, sizeof *t->f);
	if (!t->bits || !t->f)
		return -1;
	for (; t->next < t->first_op; t->next++)
		if (tr_replay(b, t, &t->rec[t->next], 128 * 1024))  /* set-up: larger requests */
			return -1;
	return 0;
}

/* bench_trace_files -- files over all the trace's sets */
unsigned bench_trace_files(const struct bench *b)
{
	return ((const struct tr *)b->fs)->files;
}

/* bench_trace_op -- the next flowop of the trace (the caller counts them) */
int bench_trace_op(struct bench *b)
{
	struct tr *t = b->fs;

	return tr_replay(b, t, &t->rec[t->next++], t->iosize);
}
