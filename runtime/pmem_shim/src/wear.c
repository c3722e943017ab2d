/*
 * wear.c -- the wear map: per-block counts of the cache lines the runtime
 * writes back into the pool, and its dump (PMS_WEAR=FILE, PMS_WEAR_BLOCK).
 *
 * Counters are shared by all threads and bumped with plain adds: an atomic
 * add per write-back made a Redis port's LPUSH and MSET cost 15-17 % more
 * server CPU, plain adds nothing measurable. Two threads writing back lines
 * of the same block at the same instant can lose a count; the map is a
 * measurement, not an invariant.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

uint64_t *wear_counts_;			/* NULL while the map is off */
static uintptr_t wear_base;
static size_t wear_blocks;
static unsigned wear_shift;
static size_t wear_want;		/* block size asked for, 0 = off */
static uint64_t wear_t0;

static uint64_t wear_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* wear_block_size -- PMS_WEAR_BLOCK, or 4096; 0 when it is not acceptable */
static size_t wear_block_size(size_t want)
{
	if (want == 0)
		want = 4096;
	if (want < PMS_LINE || want > ((size_t)1 << 30) || (want & (want - 1)))
		return 0;
	return want;
}

/* pms_wear_enable -- the map is on for the next pool opened */
int pms_wear_enable(size_t block_size)
{
	size_t b = wear_block_size(block_size);

	if (!b)
		return err_set(EINVAL, "pms_wear_enable: block size %zu is not a power of "
			"two from 64 to 1 GiB", block_size);
	wear_want = b;
	return 0;
}

/* wear_attach -- a pool was mapped at [base, base+size): start a map for it
 * when PMS_WEAR or pms_wear_enable asks for one */
void wear_attach(uintptr_t base, size_t size)
{
	const char *env = getenv("PMS_WEAR_BLOCK");

	if (!wear_want && !(getenv("PMS_WEAR") && *getenv("PMS_WEAR")))
		return;
	if (env && *env) {
		char *end;
		unsigned long long v = strtoull(env, &end, 0);

		if (*end || !wear_block_size(v)) {
			fprintf(stderr, "pmem_shim: PMS_WEAR_BLOCK='%s' is not a power of two "
				"from 64 to 1 GiB; the wear map is off\n", env);
			return;
		}
		wear_want = v;
	} else if (!wear_want) {
		wear_want = 4096;
	}
	free(wear_counts_);
	wear_counts_ = NULL;
	wear_shift = (unsigned)__builtin_ctzll(wear_want);
	wear_blocks = (size + wear_want - 1) >> wear_shift;
	uint64_t *c = calloc(wear_blocks, sizeof(*c));
	if (!c) {
		fprintf(stderr, "pmem_shim: no memory for a wear map of %zu blocks; it is off\n",
			wear_blocks);
		return;
	}
	wear_base = base;
	wear_t0 = wear_now_ns();
	__atomic_store_n(&wear_counts_, c, __ATOMIC_RELEASE);
}

/* wear_note -- the lines of [addr, addr+len) were written back */
void wear_note(const void *addr, size_t len)
{
	uintptr_t p = (uintptr_t)addr & ~(uintptr_t)(PMS_LINE - 1);
	uintptr_t end = (uintptr_t)addr + len;
	uintptr_t limit = wear_base + (wear_blocks << wear_shift);

	if (end <= wear_base || p >= limit)
		return; /* not the pool's (pms_flush takes any address) */
	if (p < wear_base)
		p = wear_base;
	if (end > limit)
		end = limit;
	while (p < end) {
		size_t blk = (p - wear_base) >> wear_shift;
		uintptr_t blk_end = wear_base + ((blk + 1) << wear_shift);
		uintptr_t stop = end < blk_end ? end : blk_end;
		uint64_t lines = (stop - p + PMS_LINE - 1) / PMS_LINE;

		wear_counts_[blk] += lines;
		p = blk_end;
	}
}

/* pms_wear_get -- the live map */
int pms_wear_get(struct pms_wear_map *m)
{
	if (!wear_counts_)
		return err_set(ENOENT, "pms_wear_get: the wear map is off (PMS_WEAR)");
	m->counts = wear_counts_;
	m->blocks = wear_blocks;
	m->block_size = (size_t)1 << wear_shift;
	m->base = wear_base;
	m->seconds = (double)(wear_now_ns() - wear_t0) / 1e9;
	return 0;
}

/* pms_wear_reset -- zero counts, restart the clock */
void pms_wear_reset(void)
{
	if (!wear_counts_)
		return;
	for (size_t i = 0; i < wear_blocks; i++)
		__atomic_store_n(&wear_counts_[i], 0, __ATOMIC_RELAXED);
	wear_t0 = wear_now_ns();
}

/* pms_wear_dump -- "key value" header lines, then "block count" for every
 * block written at least once */
int pms_wear_dump(const char *path)
{
	struct pms_wear_map m = { 0 }; /* (gcc cannot see pms_wear_get fill it) */
	uint64_t total = 0;
	FILE *f;

	if (pms_wear_get(&m) != 0)
		return -1;
	f = fopen(path, "w");
	if (!f)
		return err_set(errno, "pms_wear_dump: cannot write '%s': %s", path,
			strerror(errno));
	for (size_t i = 0; i < m.blocks; i++)
		total += m.counts[i];
	fprintf(f, "# pmem_shim wear map: cache lines written back per block of the pool\n"
		"base 0x%llx\nblock_size %zu\nblocks %zu\nseconds %.6f\nwrites %llu\n",
		(unsigned long long)m.base, m.block_size, m.blocks, m.seconds,
		(unsigned long long)total);
	for (size_t i = 0; i < m.blocks; i++)
		if (m.counts[i])
			fprintf(f, "%zu %llu\n", i, (unsigned long long)m.counts[i]);
	if (fclose(f) != 0)
		return err_set(errno, "pms_wear_dump: cannot write '%s': %s", path,
			strerror(errno));
	return 0;
}

/* wear_exit_dump -- the dump PMS_WEAR asks for (at exit; stats.c calls it at a
 * terminating signal too) */
void wear_exit_dump(void)
{
	const char *dest = getenv("PMS_WEAR");

	if (dest && *dest && wear_counts_ && pms_wear_dump(dest) != 0)
		fprintf(stderr, "pmem_shim: %s\n", pms_errormsg());
}

__attribute__((constructor)) static void wear_init(void)
{
	if (getenv("PMS_WEAR") && *getenv("PMS_WEAR"))
		atexit(wear_exit_dump);
}
