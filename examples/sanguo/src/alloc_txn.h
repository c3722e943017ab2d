/*
 * alloc_txn.h -- how an allocator call joins the caller's transaction: the
 * allocator's lock is held to the transaction's end, and the leaves it
 * changed are recounted from the bitmap then (right after a commit, right
 * again after a roll-back).
 */
#ifndef SANGUO_ALLOC_TXN_H
#define SANGUO_ALLOC_TXN_H

#include "fbst.h"

/* txn_enter -- begins (or joins) the transaction and takes the lock; -1 */
int txn_enter(struct sg_alloc *a);
/* txn_leave -- commits one level (ok) or aborts the whole transaction;
 * returns ret, or -1 when the commit fails */
int txn_leave(struct sg_alloc *a, int ok, int ret);
/* txn_touch -- the leaf holding block b changes in this transaction */
void txn_touch(struct sg_alloc *a, uint32_t b);
/* txn_set_bits -- sets (val 1) or clears bits [start, start+len) through
 * sg_write, fixing the tree; -1 with errno when a store cannot be logged */
int txn_set_bits(struct sg_alloc *a, uint32_t start, uint32_t len, int val);

#endif /* SANGUO_ALLOC_TXN_H */
