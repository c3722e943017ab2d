/*
 * sanguo/wear.h -- the one door of SanGuo's persistent writes: every store the
 * allocator and the directories make into the pool goes through sg_write or
 * sg_write_u32, which log it (pms_tx_add_range) and count it per block.
 *
 * The counter is a small DRAM array over one region (base, block size,
 * blocks): a write of [addr, addr+n) adds one to each block it touches.
 * Nothing is counted while no map is attached. The runtime's general wear
 * map (pmem_shim/wear.h) counts cache-line write-backs by pool address; this
 * one counts the components' logical writes by block of their own region.
 */
#ifndef SANGUO_WEAR_H
#define SANGUO_WEAR_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct sg_wear {
	uintptr_t base;       /* address of block 0 of the region */
	uint32_t block_size;  /* bytes; a power of two */
	uint32_t nblocks;
	uint64_t *writes;     /* nblocks counters */
};

/** Starts counting writes into [base, base + nblocks*block_size). Returns
 * the map, or NULL (EINVAL: block size not a power of two, no blocks;
 * ENOMEM). Only one map is attached at a time; a new one replaces it. */
struct sg_wear *sg_wear_attach(uintptr_t base, uint32_t block_size, uint32_t nblocks);
/** Stops counting and frees the map (NULL: the attached one). */
void sg_wear_detach(struct sg_wear *w);
/** The attached map, or NULL. */
struct sg_wear *sg_wear_current(void);

/** Counts one write of each block of [addr, addr+n) (no store): for data
 * writes made elsewhere. Addresses outside the map are not counted. */
void sg_wear_note(const void *addr, size_t n);
/** Counts one write of each of blocks [first, first+n) of the map. */
void sg_wear_note_blocks(uint32_t first, uint32_t n);

/** The store every component makes: logs [dst, dst+n) when it is in the
 * pool (inside the current transaction), copies src there and counts it.
 * Returns 0, or -1 with the transaction's errno (nothing stored). */
int sg_write(void *dst, const void *src, size_t n);
/** sg_write of one 32-bit word, and of one 64-bit word. */
int sg_write_u32(uint32_t *dst, uint32_t v);
int sg_write_u64(uint64_t *dst, uint64_t v);

/** Writes the map as text, "block writes" per line of every block with a
 * non-zero count, after a header line; -1 and errno on an I/O error. */
int sg_wear_dump(const struct sg_wear *w, FILE *out);
/** Sums the map into nint equal intervals (the paper's 128); the last one
 * takes the remainder. Returns 0, or -1 (EINVAL) for nint 0 or > nblocks. */
int sg_wear_intervals(const struct sg_wear *w, uint32_t nint, uint64_t *sums);

#ifdef __cplusplus
}
#endif

#endif /* SANGUO_WEAR_H */
