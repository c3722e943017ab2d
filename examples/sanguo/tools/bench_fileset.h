/*
 * bench_fileset.h -- the file set of the wear benchmark: files as lists of
 * blocks from an allocator, written in 512-byte I/Os that count one write of
 * the block they land in, chosen by filebench's rotors.
 */
#ifndef SANGUO_BENCH_FILESET_H
#define SANGUO_BENCH_FILESET_H

#include <stdint.h>

#include "sanguo/alloc.h"

#define BENCH_IO 512u
#define BENCH_BLOCK 4096u

struct bfile {
	int exists;
	uint64_t bytes;
	uint32_t nblocks, cap;
	uint32_t *blocks;
};

struct fileset {
	sg_alloc *a;
	uint32_t nfiles;
	struct bfile *files;
	uint32_t create_rotor, open_rotor;
	struct sg_extent *ext;   /* scratch for allocations */
	uint32_t ext_cap;
	uint64_t enospc;         /* appends cut short by a full region */
};

/* fs_init -- nfiles absent entries over allocator a; -1 (ENOMEM) */
int fs_init(struct fileset *s, sg_alloc *a, uint32_t nfiles);
void fs_free(struct fileset *s);
/* fs_append -- writes n bytes at the end of f (allocating blocks); 0, or
 * -1 with ENOSPC when the region is full (what fit is written) */
int fs_append(struct fileset *s, struct bfile *f, uint64_t n);
/* fs_delete -- frees f's blocks */
void fs_delete(struct fileset *s, struct bfile *f);
/* fs_next_absent / fs_next_existing -- filebench's rotors; NULL when none */
struct bfile *fs_next_absent(struct fileset *s);
struct bfile *fs_next_existing(struct fileset *s);

#endif /* SANGUO_BENCH_FILESET_H */
