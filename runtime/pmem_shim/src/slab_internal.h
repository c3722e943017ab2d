/*
 * slab_internal.h -- what slab.c (slots and chunks) and slab_dir.c (the
 * persistent directory of chunks) share.
 */
#ifndef PMS_SLAB_INTERNAL_H
#define PMS_SLAB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden) /* internal.h */

#define SLAB_CHUNK_TYPE 0x504d5343u  /* "PMSC" */
#define SLAB_MAGIC 0x3162616c53534d50ULL /* "PMSSlab1" */
#define SLAB_SPARE_MAGIC 0x3172617053534d50ULL /* "PMSSpar1": no class yet */
#define SLAB_SPARES 4                /* spare chunks kept for a warm start */
#define CHUNK_BYTES (256u * 1024u - 64u) /* one PMDK chunk with its header */

struct chunk_hdr {           /* persistent, at the start of the PMDK object */
	uint64_t magic;
	uint32_t slot_size;
	uint32_t nslots;
	uint32_t slots_off;     /* from the header to the first slot */
	uint32_t pad[11];
	uint64_t bits[];        /* 1 = allocated */
};

/* slab.c */
int slab_grow(void **v, size_t *cap, size_t n, size_t elem);
int slab_class_of(size_t size);
uint32_t slab_class_size(unsigned cls);
int slab_track(struct chunk_hdr *h, unsigned cls);
void slab_chunk_format(struct chunk_hdr *h, unsigned cls, PMEMobjpool *pop);
int slab_spare_construct(PMEMobjpool *pop, void *ptr, void *arg);

/* slab_dir.c */
int slab_dir_open(void);
void slab_dir_close(void);
void slab_dir_adding(void);
int slab_dir_enter(uint64_t off, unsigned cls);
void slab_dir_added(void);
struct chunk_hdr *slab_dir_take_spare(unsigned cls);
void slab_dir_replenish(void);

#pragma GCC visibility pop

#endif
