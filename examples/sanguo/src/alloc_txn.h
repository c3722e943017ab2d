/*
 * alloc_txn.h -- the allocator's changes inside a transaction: logged bitmap
 * stores, and the leaves they touched, recounted from the bitmap when the
 * transaction ends (a no-op after a commit, the roll-back after an abort).
 */
#ifndef SANGUO_ALLOC_TXN_H
#define SANGUO_ALLOC_TXN_H

#include "fbst.h"

/* txn_end -- the txlock's end hook: recounts the changed leaves */
void txn_end(void *arg);
/* txn_touch -- the leaf [leaf_lo, ..) holding block b changes in this
 * transaction */
void txn_touch(struct sg_alloc *a, uint32_t b, uint32_t leaf_lo);
/* txn_set_bits -- sets (val 1) or clears bits [start, start+len) through
 * sg_write, fixing the tree; -1 with errno when a store cannot be logged */
int txn_set_bits(struct sg_alloc *a, uint32_t start, uint32_t len, int val);

#endif /* SANGUO_ALLOC_TXN_H */
