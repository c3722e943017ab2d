/*
 * pmem_shim/wear.h -- where a program's writes land in the pool: per-block
 * counts of the cache lines the runtime writes back.
 *
 * Every line the runtime writes back to the pool (undo-log entries, logged
 * ranges and fresh objects at commit, slab bitmaps, pms_flush/pms_persist,
 * the shim header) counts one write of the block it lies in. PMDK's own
 * write-backs are not seen: its allocator's metadata for large objects, and
 * the undo log of pools under 32 MiB, which keep PMDK's log.
 * PMS_WEAR=FILE turns the map on when the pool opens and writes it to FILE at
 * exit (and at SIGTERM/SIGINT when the program has no handler);
 * PMS_WEAR_BLOCK=N sets the block size (bytes, a power of two from 64, default
 * 4096). runtime/pmem_shim/tools/wear-report.py reads the file.
 */
#ifndef PMEM_SHIM_WEAR_H
#define PMEM_SHIM_WEAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The live map: counts[i] is the writes of [base + i*block_size, +block_size). */
struct pms_wear_map {
	const uint64_t *counts;
	size_t blocks;
	size_t block_size;
	uintptr_t base;
	double seconds;		/* since the map started or was last reset */
};

/** Turns the map on for the next pool opened (as PMS_WEAR_BLOCK, with no file
 * written at exit unless PMS_WEAR names one); block_size 0 means 4096. -1 and
 * EINVAL for a block size that is not a power of two from 64 to 1 GiB. */
int pms_wear_enable(size_t block_size);

/** Fills *m with the live map of the open pool; -1 and ENOENT when it is off. */
int pms_wear_get(struct pms_wear_map *m);

/** Zeroes the counts and restarts the clock (e.g. after a benchmark's set-up). */
void pms_wear_reset(void);

/** Writes the map to path in the format of PMS_WEAR; -1 and errno on failure
 * (ENOENT when the map is off). */
int pms_wear_dump(const char *path);

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_WEAR_H */
