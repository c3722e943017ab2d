/*
 * bench.h -- the parts of spindle-bench: the workload generators (fio-style
 * random I/O, and block-level fileserver/webproxy/varmail), each issuing
 * file-system-shaped transactions on a store.
 */
#ifndef SPINDLE_TOOLS_BENCH_H
#define SPINDLE_TOOLS_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "spindle/spindle.h"

/* Where a file system keeps its metadata in the store's metadata blocks. */
#define FS_INODE_SIZE 256u
#define FS_INODES_PER_BLOCK (SPD_BLOCK / FS_INODE_SIZE)
#define FS_DENTRY_SIZE 64u

struct bench {
	struct spd_store *st;
	uint64_t home, meta;      /* geometry */
	uint64_t rng;
	unsigned char *buf;       /* one block */
	uint64_t reads, writes;   /* 4 KiB data blocks read and written */
	void *fs;                 /* the personality's state */
};

uint64_t bench_rand(struct bench *b);

/* fio-style: one 4 KiB random read or write of the data region, with the
 * inode's atime (read) or mtime and size (write) updated in a transaction */
int bench_fio_op(struct bench *b, unsigned read_pct, unsigned files);

/* A personality: setup makes the file set, op runs one flow iteration */
struct bench_personality {
	const char *name;
	int (*setup)(struct bench *b, unsigned files);
	int (*op)(struct bench *b);
};
const struct bench_personality *bench_personality_find(const char *name);

/* An fsbench --trace replayed through a block-level file system: load reads
 * it (the flowops' number in *nops; -1 and a one-line msg on a bad file),
 * setup makes its preallocated files, op replays the next flowop */
int bench_trace_load(struct bench *b, const char *path, uint64_t iosize, uint64_t *nops,
		char *msg, size_t len);
int bench_trace_setup(struct bench *b);
int bench_trace_op(struct bench *b);
/* the number of files the loaded trace names */
unsigned bench_trace_files(const struct bench *b);

#endif /* SPINDLE_TOOLS_BENCH_H */
