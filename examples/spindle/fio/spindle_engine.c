/*
 * spindle_engine.c -- an external fio ioengine that runs fio's I/O on a
 * spindle block store: each 4 KiB of a write is a transaction of the data
 * block and its inode's mtime/size, each read is the block plus an atime
 * transaction, as a file system on the store would issue them. Built against
 * the headers of Debian's fio source (build-engine.sh) and loaded with
 * --ioengine=external:PATH. The store is configured through the environment:
 * SPINDLE_DEV, SPINDLE_POOL, SPINDLE_CACHE (none|tinca|spindle), and for a new
 * store SPINDLE_CREATE=1 with SPINDLE_GEOMETRY="--home-blocks=N ..." (the
 * spindle-ctl store options); SPINDLE_FILES inodes (default 1024).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "spindle/spindle.h"

struct spe {
	struct spd_store *st;
	uint64_t home, meta, files;
	unsigned char *buf;
};

/* spe_geometry -- applies "--name=N" words of SPINDLE_GEOMETRY */
static int spe_geometry(struct spd_config *c, const char *s)
{
	static const struct { const char *name; size_t off; } keys[] = {
		{ "--home-blocks=", offsetof(struct spd_config, home_blocks) },
		{ "--meta-blocks=", offsetof(struct spd_config, meta_blocks) },
		{ "--journal-blocks=", offsetof(struct spd_config, journal_blocks) },
		{ "--nvm-blocks=", offsetof(struct spd_config, nvm_blocks) },
		{ "--nvm-meta-blocks=", offsetof(struct spd_config, nvm_meta_blocks) },
		{ "--dram-blocks=", offsetof(struct spd_config, dram_blocks) },
	};
	char word[64];
	int n;

	while (s && sscanf(s, " %63s%n", word, &n) == 1) {
		size_t i;
		s += n;
		for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			size_t l = strlen(keys[i].name);
			char *end;
			if (strncmp(word, keys[i].name, l))
				continue;
			*(uint64_t *)((char *)c + keys[i].off) = strtoull(word + l, &end, 10);
			if (*end || end == word + l)
				return -1;
			break;
		}
		if (i == sizeof keys / sizeof keys[0])
			return -1;
	}
	return 0;
}

/* spe_init -- opens (or creates) the store named by the environment */
static int spe_init(struct thread_data *td)
{
	struct spd_config c;
	struct spe *e = calloc(1, sizeof *e);
	const char *cache = getenv("SPINDLE_CACHE"), *files = getenv("SPINDLE_FILES");

	spd_config_default(&c);
	c.dev_path = getenv("SPINDLE_DEV");
	c.pool_path = getenv("SPINDLE_POOL");
	c.create = getenv("SPINDLE_CREATE") && !strcmp(getenv("SPINDLE_CREATE"), "1");
	c.prefill = c.create;
	if (!e || !c.dev_path || spd_cache_parse(cache ? cache : "spindle", &c.cache) ||
	    spe_geometry(&c, getenv("SPINDLE_GEOMETRY"))) {
		log_err("spindle engine: error: set SPINDLE_DEV (and SPINDLE_POOL), a known "
			"SPINDLE_CACHE and a valid SPINDLE_GEOMETRY\n");
		free(e);
		return 1;
	}
	e->st = spd_open(&c);
	if (!e->st) {
		log_err("spindle engine: error: %s\n", spd_errormsg());
		free(e);
		return 1;
	}
	spd_geometry_get(e->st, &e->home, &e->meta);
	e->files = files ? strtoull(files, NULL, 10) : 1024;
	if (!e->files || 1 + (e->files + 15) / 16 > e->meta)
		e->files = (e->meta - 1) * 16;
	e->buf = calloc(1, SPD_BLOCK);
	td->io_ops_data = e;
	return e->buf ? 0 : 1;
}

/* spe_block -- one 4 KiB read or write of data block blk */
static int spe_block(struct spe *e, enum fio_ddir ddir, uint64_t blk, void *data)
{
	uint64_t ndata = e->home - e->meta, f = (blk - e->meta) * e->files / ndata;
	uint64_t stamp[2] = { blk, (blk - e->meta + 1) * SPD_BLOCK };
	uint64_t iblk = 1 + f / 16;
	uint32_t off = (uint32_t)(f % 16) * 256;

	if (ddir == DDIR_READ) {
		if (spd_read(e->st, blk, e->buf))
			return -1;
		memcpy(data, e->buf, SPD_BLOCK);
		return spd_begin(e->st) || spd_write_meta(e->st, iblk, off + 8, 8, stamp) ||
			spd_commit(e->st) ? -1 : 0;
	}
	return spd_begin(e->st) || spd_write_data(e->st, blk, data) ||
		spd_write_meta(e->st, iblk, off + 16, 16, stamp) || spd_commit(e->st) ? -1 : 0;
}

/* spe_queue -- runs one io_u synchronously */
static enum fio_q_status spe_queue(struct thread_data *td, struct io_u *io_u)
{
	struct spe *e = td->io_ops_data;
	uint64_t ndata = e->home - e->meta;

	fio_ro_check(td, io_u);
	io_u->error = 0;
	if (io_u->ddir == DDIR_READ || io_u->ddir == DDIR_WRITE) {
		if (io_u->offset % SPD_BLOCK || io_u->xfer_buflen % SPD_BLOCK) {
			io_u->error = EINVAL;
		} else {
			for (unsigned long long k = 0; k < io_u->xfer_buflen / SPD_BLOCK; k++) {
				uint64_t blk = e->meta + (io_u->offset / SPD_BLOCK + k) % ndata;
				if (spe_block(e, io_u->ddir, blk,
						(char *)io_u->xfer_buf + k * SPD_BLOCK)) {
					io_u->error = errno ? errno : EIO;
					break;
				}
			}
		}
	}
	if (io_u->error) {
		log_err("spindle engine: error: %s\n", spd_errormsg());
		td_verror(td, io_u->error, "xfer");
	}
	return FIO_Q_COMPLETED;
}

/* spe_open_file -- nothing to open: the store is the file */
static int spe_open_file(struct thread_data *td, struct fio_file *f)
{
	return 0;
}

/* spe_cleanup -- counters as one JSON line on stderr, then close */
static void spe_cleanup(struct thread_data *td)
{
	struct spe *e = td->io_ops_data;
	struct spd_stats s;

	if (!e)
		return;
	spd_stats_get(e->st, &s);
	fprintf(stderr, "{\"spindle_engine\": true, \"commits\": %llu, \"flushes\": %llu, "
		"\"fences\": %llu, \"nvm_bytes_written\": %llu, \"disk_reads\": %llu, "
		"\"disk_writes\": %llu, \"disk_syncs\": %llu, \"evictions\": %llu}\n",
		(unsigned long long)s.commits, (unsigned long long)s.flushes,
		(unsigned long long)s.fences, (unsigned long long)s.nvm_bytes_written,
		(unsigned long long)s.disk_reads, (unsigned long long)s.disk_writes,
		(unsigned long long)s.disk_syncs, (unsigned long long)s.evictions);
	spd_close(e->st);
	free(e->buf);
	free(e);
	td->io_ops_data = NULL;
}

struct ioengine_ops ioengine = {
	.name = "spindle",
	.version = FIO_IOOPS_VERSION,
	.init = spe_init,
	.queue = spe_queue,
	.open_file = spe_open_file,
	.cleanup = spe_cleanup,
	.flags = FIO_SYNCIO | FIO_DISKLESSIO,
};
