/*
 * htfl.h -- the Hashtable Mapped Free List of a Gather-free directory: the
 * free slots as ranges within one block each, linked in one list sorted by
 * slot number, and for every block its first range in that list.
 *
 * The "hash" from block to first free range is a plain array indexed by the
 * directory's block number: the keys are dense (0..nblocks-1), so the
 * identity is a perfect hash. A bitset of blocks that have free ranges finds
 * the preceding range in O(nblocks/64) when a block's first slot is freed.
 */
#ifndef SANGUO_HTFL_H
#define SANGUO_HTFL_H

#include <stdint.h>

struct htfl_range {
	uint32_t start, len;   /* slots [start, start+len), all in one block */
	struct htfl_range *prev, *next;
};

struct htfl {
	struct htfl_range *head, *tail;
	struct htfl_range **first;   /* per block: its first range, or NULL */
	uint64_t *nonempty;          /* per block: first[b] != NULL */
	uint32_t nblocks, cap;
	uint32_t slots_per_block;
	uint64_t nfree;
};

/* htfl_init -- an empty list for blocks of spb slots */
void htfl_init(struct htfl *f, uint32_t spb);
/* htfl_free -- frees every range and the block map */
void htfl_free(struct htfl *f);
/* htfl_add_block -- a new last block; its slots are added when all_free; -1 */
int htfl_add_block(struct htfl *f, int all_free);
/* htfl_append -- adds free slot s, known to be above every free slot (at
 * open, in slot order); -1 (ENOMEM) */
int htfl_append(struct htfl *f, uint32_t s);
/* htfl_take -- the lowest free slot, removed; UINT32_MAX when none */
uint32_t htfl_take(struct htfl *f);
/* htfl_put -- slot s is free again: inserted in order, merged with its
 * neighbours in the same block; -1 (ENOMEM) */
int htfl_put(struct htfl *f, uint32_t s);
/* htfl_remove -- slot s, known free, is no longer (an abort re-used it);
 * -1 when it is not in the list */
int htfl_remove(struct htfl *f, uint32_t s);
/* htfl_contains -- 1 when slot s is in the list */
int htfl_contains(const struct htfl *f, uint32_t s);

#endif /* SANGUO_HTFL_H */
