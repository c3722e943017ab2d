/* fsbench micro: Aerie's Table 2 measured through the backend table, with the paper's figures beside ours. */
#include "micro.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "error.h"
#include "fileset.h"
#include "flowops.h"
#include "report.h"
#include "rng.h"
#include "runner.h"

enum { SEQ_READ, SEQ_WRITE, RAND_READ, RAND_WRITE, OPEN, CREATE, DELETE, APPEND, NROWS };

/* Table 2 of the Aerie paper, microseconds: RamFS, ext3 on SCM-disk, PXFS. */
static const struct {
	const char *name;
	double ramfs, ext3, pxfs;
} paper[NROWS] = {
	[SEQ_READ] = {"seq-read", 0.77, 0.83, 0.7},   [SEQ_WRITE] = {"seq-write", 2.1, 1.9, 1.5},
	[RAND_READ] = {"rand-read", 1.2, 4.5, 1.2},   [RAND_WRITE] = {"rand-write", 1.4, 3.8, 1.6},
	[OPEN] = {"open", 2.0, 4.7, 3.7},             [CREATE] = {"create", 9.2, 113.4, 13.4},
	[DELETE] = {"delete", 3.1, 11.6, 2.7},        [APPEND] = {"append", 5.4, 7.5, 4.0},
};

struct micro {
	const struct fsb_params *p;
	struct fsb_target t;
	char *root, *big, *appended;
	char *buf;
	uint64_t ops[NROWS], ns[NROWS], bytes[NROWS];
	struct fsb_rng rng;
};

/* file_path -- (internal) the i-th small file's path */
static void file_path(const struct micro *m, uint64_t i, char *out, size_t cap)
{
	snprintf(out, cap, "%s/f%06llu", m->root, (unsigned long long)i);
}

/* settle -- (internal) closes the big file, first flushing it (untimed) after a write row, so its
 * write-back does not run into the next row's timing (a gigabyte of dirty pages takes seconds) */
static int settle(struct micro *m, int fd, int wrote)
{
	const struct fsb_fs_ops *fs = m->t.fs;
	if (wrote && fs->fsync(m->t.ctx, fd) != 0) {
		int saved = errno;
		fs->close(m->t.ctx, fd);
		return fsb_fail("cannot fsync '%s': %s", m->big, strerror(saved));
	}
	return fs->close(m->t.ctx, fd) == 0 ? 0 : fsb_fail("cannot close '%s': %s", m->big, strerror(errno));
}

/* stream -- (internal) sequential read or write of the big file in iosize blocks, timed as a whole */
static int stream(struct micro *m, int row)
{
	const struct fsb_fs_ops *fs = m->t.fs;
	uint64_t blocks = m->p->file_size / m->p->iosize, io = m->p->iosize;
	int fd = fs->open(m->t.ctx, m->big, row == SEQ_WRITE ? O_RDWR | O_CREAT | O_EXCL : O_RDONLY, 0644);
	if (fd < 0)
		return fsb_fail("cannot open '%s': %s", m->big, strerror(errno));
	uint64_t t0 = fsb_now();
	for (uint64_t b = 0; b < blocks; b++) {
		ssize_t n = row == SEQ_WRITE ? fs->write(m->t.ctx, fd, m->buf, io) : fs->read(m->t.ctx, fd, m->buf, io);
		if (n != (ssize_t)io) {
			int saved = n < 0 ? errno : EIO;
			fs->close(m->t.ctx, fd);
			return fsb_fail("%s '%s' at block %llu: %s", paper[row].name, m->big, (unsigned long long)b, strerror(saved));
		}
	}
	m->ns[row] = fsb_now() - t0;
	m->ops[row] = blocks;
	m->bytes[row] = blocks * io;
	return settle(m, fd, row == SEQ_WRITE);
}

/* random_io -- (internal) random_bytes worth of block-aligned preads or pwrites in the big file */
static int random_io(struct micro *m, int row)
{
	const struct fsb_fs_ops *fs = m->t.fs;
	uint64_t io = m->p->iosize, blocks = m->p->file_size / io, count = m->p->random_bytes / io;
	int fd = fs->open(m->t.ctx, m->big, O_RDWR, 0);
	if (fd < 0)
		return fsb_fail("cannot open '%s': %s", m->big, strerror(errno));
	uint64_t *offs = malloc(count * sizeof(*offs));
	if (!offs) {
		fs->close(m->t.ctx, fd);
		return fsb_fail("out of memory for %llu offsets", (unsigned long long)count);
	}
	for (uint64_t i = 0; i < count; i++) /* drawn beforehand, so the timing holds only the I/O */
		offs[i] = fsb_rng_below(&m->rng, blocks) * io;
	int rc = 0;
	uint64_t t0 = fsb_now();
	for (uint64_t i = 0; i < count && rc == 0; i++) {
		ssize_t n = row == RAND_WRITE ? fs->pwrite(m->t.ctx, fd, m->buf, io, (off_t)offs[i])
					      : fs->pread(m->t.ctx, fd, m->buf, io, (off_t)offs[i]);
		if (n != (ssize_t)io)
			rc = fsb_fail("%s '%s': %s", paper[row].name, m->big, strerror(n < 0 ? errno : EIO));
	}
	m->ns[row] = fsb_now() - t0;
	m->ops[row] = count;
	m->bytes[row] = count * io;
	free(offs);
	return settle(m, fd, row == RAND_WRITE) == 0 ? rc : -1;
}

/* small_files -- (internal) create, open or delete each of the --files small files, timing the call alone */
static int small_files(struct micro *m, int row)
{
	const struct fsb_fs_ops *fs = m->t.fs;
	char path[4096];
	for (uint64_t i = 0; i < m->p->files; i++) {
		file_path(m, i, path, sizeof(path));
		uint64_t t0 = fsb_now();
		int rc = row == CREATE ? fs->open(m->t.ctx, path, O_WRONLY | O_CREAT | O_EXCL, 0644)
			 : row == OPEN ? fs->open(m->t.ctx, path, O_RDONLY, 0)
				       : fs->unlink(m->t.ctx, path);
		m->ns[row] += fsb_now() - t0;
		if (rc < 0)
			return fsb_fail("%s '%s': %s", paper[row].name, path, strerror(errno));
		m->ops[row]++;
		/* The 4 KB content is written outside the timed call, as a file's creation and its data are
		 * separate rows of the table. */
		if (row == CREATE && fsb_write_full(&m->t, rc, m->buf, m->p->mean_size, m->p->iosize) < 0) {
			int saved = errno;
			fs->close(m->t.ctx, rc);
			return fsb_fail("cannot write '%s': %s", path, strerror(saved));
		}
		if (row != DELETE && fs->close(m->t.ctx, rc) != 0)
			return fsb_fail("cannot close '%s': %s", path, strerror(errno));
	}
	return 0;
}

/* append -- (internal) grows a new file by random_bytes in iosize appends (seek to the end, write) */
static int append(struct micro *m)
{
	const struct fsb_fs_ops *fs = m->t.fs;
	uint64_t io = m->p->iosize, count = m->p->random_bytes / io;
	int fd = fs->open(m->t.ctx, m->appended, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return fsb_fail("cannot create '%s': %s", m->appended, strerror(errno));
	int rc = 0;
	uint64_t t0 = fsb_now();
	for (uint64_t i = 0; i < count && rc == 0; i++)
		if (fs->lseek(m->t.ctx, fd, 0, SEEK_END) < 0 || fs->write(m->t.ctx, fd, m->buf, io) != (ssize_t)io)
			rc = fsb_fail("append to '%s': %s", m->appended, strerror(errno));
	m->ns[APPEND] = fsb_now() - t0;
	m->ops[APPEND] = count;
	m->bytes[APPEND] = count * io;
	fs->close(m->t.ctx, fd);
	return rc;
}

/* measure -- (internal) the measurements in the paper's order of dependence (the big file is
 * written before it is read, the small files created before they are opened and deleted) */
static int measure(struct micro *m)
{
	if (stream(m, SEQ_WRITE) || stream(m, SEQ_READ) || random_io(m, RAND_READ) || random_io(m, RAND_WRITE))
		return -1;
	if (small_files(m, CREATE) || small_files(m, OPEN) || small_files(m, DELETE))
		return -1;
	return append(m);
}

/* print_table -- (internal) our latency beside the paper's */
static void print_table(const struct micro *m)
{
	const struct fsb_params *p = m->p;
	printf("fsbench micro: backend %s on %s, file %llu bytes, random %llu bytes, %llu files, %llu-byte I/O\n",
	       p->backend->name, p->dir, (unsigned long long)p->file_size, (unsigned long long)p->random_bytes,
	       (unsigned long long)p->files, (unsigned long long)p->iosize);
	printf("%-12s %10s %10s %10s %8s %8s %8s\n", "operation", "ops", "mean us", "MB/s", "ramfs", "ext3", "pxfs");
	for (int r = 0; r < NROWS; r++) {
		double us = m->ops[r] ? (double)m->ns[r] / (double)m->ops[r] / 1e3 : 0;
		double mbs = m->ns[r] ? (double)m->bytes[r] / 1048576.0 / ((double)m->ns[r] / 1e9) : 0;
		printf("%-12s %10llu %10.3f %10.1f %8.2f %8.2f %8.2f\n", paper[r].name, (unsigned long long)m->ops[r], us,
		       mbs, paper[r].ramfs, paper[r].ext3, paper[r].pxfs);
	}
	printf("(ramfs, ext3, pxfs: Aerie's Table 2 in us, under its PCM model; MB = 2^20 bytes)\n");
}

/* write_json -- (internal) the same rows with the parameters */
static int write_json(const struct micro *m, const char *path)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return fsb_fail("cannot write '%s': %s", path, strerror(errno));
	fprintf(out, "{\n  \"schema\": 1,\n");
	fsb_json_parameters(out, m->p);
	fprintf(out, ",\n  \"operations\": [\n");
	for (int r = 0; r < NROWS; r++) {
		double us = m->ops[r] ? (double)m->ns[r] / (double)m->ops[r] / 1e3 : 0;
		fprintf(out, "    {\"name\": \"%s\", \"ops\": %llu, \"bytes\": %llu, \"seconds\": %.6f, \"mean_latency_us\": %.4f, "
			     "\"paper_us\": {\"ramfs\": %g, \"ext3\": %g, \"pxfs\": %g}}%s\n",
			paper[r].name, (unsigned long long)m->ops[r], (unsigned long long)m->bytes[r], (double)m->ns[r] / 1e9,
			us, paper[r].ramfs, paper[r].ext3, paper[r].pxfs, r + 1 < NROWS ? "," : "");
	}
	fprintf(out, "  ]\n}\n");
	return fclose(out) == 0 ? 0 : fsb_fail("cannot write '%s': %s", path, strerror(errno));
}

/* cleanup -- (internal) removes the directory this run created and everything in it */
static int cleanup(struct micro *m)
{
	struct fsb_fileset fs = {.root = m->root};
	return fsb_fileset_remove(&fs, &m->t);
}

/* fsb_run_micro -- runs the eight measurements in "<--dir>/fsbench-micro" */
int fsb_run_micro(const struct fsb_params *p)
{
	struct micro m = {.p = p, .t = {.fs = p->backend->fs}};
	signal(SIGXFSZ, SIG_IGN); /* a file-size limit is a write error (EFBIG) to report, not a crash */
	fsb_rng_seed(&m.rng, p->seed);
	if (asprintf(&m.root, "%s/fsbench-micro", p->dir) < 0 || asprintf(&m.big, "%s/big", m.root) < 0 ||
	    asprintf(&m.appended, "%s/appended", m.root) < 0 || !(m.buf = malloc(p->iosize > p->mean_size ? p->iosize : p->mean_size)))
		return fsb_fail("out of memory");
	memset(m.buf, 'm', p->iosize > p->mean_size ? p->iosize : p->mean_size);
	int rc = 0, made = 0;
	if (!(m.t.ctx = m.t.fs->init(p->dir)))
		rc = fsb_fail("backend %s cannot open '%s': %s", p->backend->name, p->dir, strerror(errno));
	else if (m.t.fs->mkdir(m.t.ctx, m.root, 0755) != 0)
		rc = errno == EEXIST ? fsb_fail("'%s' already exists; fsbench only works in a directory it creates: remove it or pick another --dir", m.root)
				     : fsb_fail("cannot create '%s': %s", m.root, strerror(errno));
	else
		made = 1;
	if (rc == 0)
		rc = measure(&m);
	if (made && !p->keep && cleanup(&m) != 0)
		rc = -1;
	if (rc == 0) {
		print_table(&m);
		if (p->json_path)
			rc = write_json(&m, p->json_path);
	}
	if (m.t.ctx)
		m.t.fs->fini(m.t.ctx);
	free(m.root), free(m.big), free(m.appended), free(m.buf);
	return rc;
}
