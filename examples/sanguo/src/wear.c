/*
 * wear.c -- the components' single write path (log, store, count) and the
 * per-block write counter behind it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "error.h"
#include "sanguo/wear.h"

static struct sg_wear *wear_map;

/* sg_wear_attach -- starts counting writes of a region */
struct sg_wear *sg_wear_attach(uintptr_t base, uint32_t block_size, uint32_t nblocks)
{
	struct sg_wear *w;

	if (!block_size || (block_size & (block_size - 1)) || !nblocks) {
		sg_err(EINVAL, "wear map: block size %u is not a power of two or no blocks",
			block_size);
		return NULL;
	}
	w = calloc(1, sizeof *w);
	if (w)
		w->writes = calloc(nblocks, sizeof *w->writes);
	if (!w || !w->writes) {
		free(w);
		sg_err(ENOMEM, "wear map: cannot allocate %u counters", nblocks);
		return NULL;
	}
	w->base = base;
	w->block_size = block_size;
	w->nblocks = nblocks;
	if (wear_map)
		sg_wear_detach(wear_map);
	wear_map = w;
	return w;
}

/* sg_wear_detach -- stops counting and frees the map */
void sg_wear_detach(struct sg_wear *w)
{
	if (!w)
		w = wear_map;
	if (!w)
		return;
	if (w == wear_map)
		wear_map = NULL;
	free(w->writes);
	free(w);
}

/* sg_wear_current -- the attached map */
struct sg_wear *sg_wear_current(void)
{
	return wear_map;
}

/* sg_wear_note_blocks -- one write of each block of a run */
void sg_wear_note_blocks(uint32_t first, uint32_t n)
{
	struct sg_wear *w = wear_map;

	if (!w || first >= w->nblocks)
		return;
	if (n > w->nblocks - first)
		n = w->nblocks - first;
	for (uint32_t i = 0; i < n; i++)
		w->writes[first + i]++;
}

/* sg_wear_note -- one write of each block a byte range touches */
void sg_wear_note(const void *addr, size_t n)
{
	struct sg_wear *w = wear_map;
	uintptr_t off, end;

	if (!w || !n || (uintptr_t)addr < w->base)
		return;
	off = (uintptr_t)addr - w->base;
	end = off + n - 1;
	if (off / w->block_size >= w->nblocks)
		return;
	sg_wear_note_blocks((uint32_t)(off / w->block_size),
		(uint32_t)(end / w->block_size - off / w->block_size + 1));
}

/* sg_write -- logged, counted store of n bytes */
int sg_write(void *dst, const void *src, size_t n)
{
	if (pms_is_persistent(dst) && pms_tx_add_range(dst, n) != 0)
		return sg_err(errno, "cannot log %zu bytes at %p: %s", n, dst,
			pms_errormsg());
	memcpy(dst, src, n);
	sg_wear_note(dst, n);
	return 0;
}

/* sg_write_u32 -- logged, counted store of a 32-bit word */
int sg_write_u32(uint32_t *dst, uint32_t v)
{
	return sg_write(dst, &v, sizeof v);
}

/* sg_write_u64 -- logged, counted store of a 64-bit word */
int sg_write_u64(uint64_t *dst, uint64_t v)
{
	return sg_write(dst, &v, sizeof v);
}

/* sg_wear_dump -- the non-zero counters as text */
int sg_wear_dump(const struct sg_wear *w, FILE *out)
{
	if (!w)
		return sg_err(ENOENT, "wear map: none attached");
	fprintf(out, "# sanguo wear map: block_size %u blocks %u\n", w->block_size,
		w->nblocks);
	for (uint32_t i = 0; i < w->nblocks; i++)
		if (w->writes[i])
			fprintf(out, "%u %llu\n", i, (unsigned long long)w->writes[i]);
	if (fflush(out) != 0 || ferror(out))
		return sg_err(errno ? errno : EIO, "wear map: write failed");
	return 0;
}

/* sg_wear_intervals -- sums of nint equal intervals of the map */
int sg_wear_intervals(const struct sg_wear *w, uint32_t nint, uint64_t *sums)
{
	uint32_t per;

	if (!w || !nint || nint > w->nblocks)
		return sg_err(EINVAL, "wear map: %u intervals of %u blocks", nint,
			w ? w->nblocks : 0);
	per = w->nblocks / nint;
	memset(sums, 0, nint * sizeof *sums);
	for (uint32_t i = 0; i < w->nblocks; i++) {
		uint32_t k = i / per;
		sums[k < nint ? k : nint - 1] += w->writes[i];
	}
	return 0;
}
