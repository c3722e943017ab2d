/*
 * bench_fileset.c -- files of the wear benchmark: block lists grown by
 * appends through the allocator, 512-byte writes counted per block.
 */
#include <errno.h>
#include <stdlib.h>

#include "bench_fileset.h"
#include "sanguo/wear.h"

/* fs_init -- an empty set */
int fs_init(struct fileset *s, sg_alloc *a, uint32_t nfiles)
{
	s->a = a;
	s->nfiles = nfiles;
	s->files = calloc(nfiles, sizeof *s->files);
	s->create_rotor = s->open_rotor = 0;
	s->ext_cap = 1024;
	s->ext = calloc(s->ext_cap, sizeof *s->ext);
	s->enospc = 0;
	return s->files && s->ext ? 0 : -1;
}

/* fs_free -- frees every block list (not the blocks) */
void fs_free(struct fileset *s)
{
	for (uint32_t i = 0; i < s->nfiles; i++)
		free(s->files[i].blocks);
	free(s->files);
	free(s->ext);
}

/* fs_grow -- n more blocks for f, as the allocator gives them */
static int fs_grow(struct fileset *s, struct bfile *f, uint32_t n)
{
	int got;

	if (f->nblocks + n > f->cap) {
		uint32_t cap = (f->nblocks + n) * 2;
		uint32_t *b = realloc(f->blocks, cap * sizeof *b);

		if (!b)
			return -1;
		f->blocks = b;
		f->cap = cap;
	}
	while (n > s->ext_cap) {
		n -= s->ext_cap;
		if (fs_grow(s, f, s->ext_cap) != 0)
			return -1;
	}
	got = sg_alloc_blocks(s->a, n, 0, s->ext, s->ext_cap);
	if (got < 0)
		return -1;
	for (int i = 0; i < got; i++)
		for (uint32_t k = 0; k < s->ext[i].len; k++)
			f->blocks[f->nblocks++] = s->ext[i].start + k;
	return 0;
}

/* fs_append -- n bytes at the end, one counted write per 512-byte I/O */
int fs_append(struct fileset *s, struct bfile *f, uint64_t n)
{
	uint64_t end = f->bytes + n;
	uint32_t need = (uint32_t)((end + BENCH_BLOCK - 1) / BENCH_BLOCK);

	if (need > f->nblocks && fs_grow(s, f, need - f->nblocks) != 0) {
		s->enospc++;
		return -1;
	}
	for (uint64_t o = f->bytes; o < end; o += BENCH_IO - o % BENCH_IO)
		sg_wear_note_blocks(f->blocks[o / BENCH_BLOCK], 1);
	f->bytes = end;
	f->exists = 1;
	return 0;
}

/* fs_delete -- all blocks back to the allocator */
void fs_delete(struct fileset *s, struct bfile *f)
{
	for (uint32_t i = 0; i < f->nblocks;) {
		uint32_t j = i + 1;

		while (j < f->nblocks && f->blocks[j] == f->blocks[j - 1] + 1)
			j++;
		sg_free_blocks(s->a, f->blocks[i], j - i);
		i = j;
	}
	f->nblocks = 0;
	f->bytes = 0;
	f->exists = 0;
}

/* fs_next -- the next entry after *rotor whose existence is want */
static struct bfile *fs_next(struct fileset *s, uint32_t *rotor, int want)
{
	for (uint32_t k = 0; k < s->nfiles; k++) {
		struct bfile *f = &s->files[*rotor];

		*rotor = (*rotor + 1) % s->nfiles;
		if (f->exists == want)
			return f;
	}
	return NULL;
}

struct bfile *fs_next_absent(struct fileset *s) { return fs_next(s, &s->create_rotor, 0); }
struct bfile *fs_next_existing(struct fileset *s) { return fs_next(s, &s->open_rotor, 1); }
