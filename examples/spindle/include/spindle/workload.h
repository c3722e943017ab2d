/*
 * spindle/workload.h -- a deterministic stream of file-system-like
 * transactions (data blocks, partial metadata updates, and a sequence
 * record in metadata block 0) and the DRAM model that replays it, so that a
 * checker can say which transactions a recovered store holds.
 */
#ifndef SPINDLE_WORKLOAD_H
#define SPINDLE_WORKLOAD_H

#include <stdint.h>

#include "spindle.h"

#ifdef __cplusplus
extern "C" {
#endif

struct spd_wl {
	uint64_t seed;
	uint64_t home_blocks, meta_blocks;
	unsigned max_data, max_meta;  /* per transaction, at least 1 each */
};

/** Transaction i (from 1) applied to the store: begin, writes, commit. */
int spd_wl_run_tx(struct spd_store *st, const struct spd_wl *w, uint64_t i);

/** Transaction i applied to a DRAM image of home_blocks blocks. */
void spd_wl_model_tx(unsigned char *image, const struct spd_wl *w, uint64_t i);

/** 1 when transaction i writes data block blk. */
int spd_wl_tx_writes(const struct spd_wl *w, uint64_t i, uint64_t blk);

/** The sequence record of the store (the last transaction it holds). */
int spd_wl_seq(struct spd_store *st, uint64_t *seq);

/** Checks a recovered store against the model: it must hold exactly the
 * transactions 1..S for some acked <= S <= acked + 1 (ordered mode lets the
 * data blocks of transaction S+1 be new already when ordered_data is set),
 * and the cache index must match. 0, or -1 with the mismatch in
 * spd_errormsg(); *seq_out gets S. */
int spd_wl_check(struct spd_store *st, const struct spd_wl *w, uint64_t acked,
		int ordered_data, uint64_t *seq_out);

#ifdef __cplusplus
}
#endif

#endif /* SPINDLE_WORKLOAD_H */
