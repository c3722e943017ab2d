/*
 * dir_gather.c -- Gather-free directories: free slots from the head of the
 * sorted free list, reclaimed slots put back in order through the block map,
 * names found through the AVL tree over their hashes.
 */
#include <errno.h>

#include "dir_impl.h"
#include "error.h"

/* gather_drop -- frees the tree and the list */
static void gather_drop(struct sg_dir *d)
{
	avl_free(&d->avl);
	htfl_free(&d->fl);
}

/* gather_rebuild -- one pass over the slots in order: used ones into the
 * tree, free ones appended to the list (already sorted) */
static int gather_rebuild(struct sg_dir *d)
{
	d->count = 0;
	for (uint32_t b = 0; b < d->nblocks; b++) {
		if (htfl_add_block(&d->fl, 0) != 0)
			return sg_err(ENOMEM, "directory: out of memory at open");
		for (uint32_t i = 0; i < SG_SLOTS_PER_BLOCK; i++) {
			uint32_t s = b * (uint32_t)SG_SLOTS_PER_BLOCK + i;
			const struct sg_dirent *e = dir_slot(d, s);
			int r;

			if (!e->ino) {
				r = htfl_append(&d->fl, s);
			} else if (!e->name_len || e->name_len > SG_NAME_MAX) {
				return sg_err(EINVAL, "directory: slot %u has a name of %u bytes",
					s, e->name_len);
			} else {
				r = avl_add(&d->avl, dir_hash(d, e->name, e->name_len), s);
				d->count++;
			}
			if (r != 0)
				return sg_err(ENOMEM, "directory: out of memory at open");
		}
	}
	return 0;
}

/* gather_find -- the tree's node of the hash, then the names in its slots */
static int64_t gather_find(struct sg_dir *d, const char *name, size_t len, uint64_t h)
{
	const struct avl_node *n = avl_find(&d->avl, h);

	for (uint32_t i = 0; n && i < n->nslots; i++)
		if (dir_names_equal(dir_slot(d, n->slots[i]), name, len))
			return n->slots[i];
	return -1;
}

/* gather_pick -- the head of the free list, after growing if it is empty */
static int64_t gather_pick(struct sg_dir *d)
{
	if (!d->fl.head) {
		if (dir_grow(d) != 0)
			return -1;
		if (htfl_add_block(&d->fl, 1) != 0)
			return sg_err(ENOMEM, "directory: out of memory for its free list");
	}
	return d->fl.head->start;
}

/* gather_added -- the picked slot leaves the list, its name enters the tree */
static int gather_added(struct sg_dir *d, uint32_t slot, uint64_t h)
{
	if (htfl_take(&d->fl) != slot)
		return sg_err(EIO, "directory: free list head moved under slot %u", slot);
	return avl_add(&d->avl, h, slot);
}

/* gather_removed -- the name leaves the tree, the slot returns to the list */
static int gather_removed(struct sg_dir *d, uint32_t slot, uint64_t h)
{
	if (avl_del(&d->avl, h, slot) != 0)
		return sg_err(EIO, "directory: slot %u was not in the index", slot);
	return htfl_put(&d->fl, slot);
}

/* gather_check -- tree total, and the list: sorted, one block per range,
 * neighbours in a block merged, block map right, every free slot once */
static int gather_check(struct sg_dir *d)
{
	const uint32_t spb = SG_SLOTS_PER_BLOCK;
	uint64_t listed = 0, free_slots = 0;
	const struct htfl_range *prev = NULL;

	if (avl_check(&d->avl) != (int64_t)d->count)
		return sg_err(EIO, "directory: the tree holds %lld slots, %u entries",
			(long long)avl_check(&d->avl), d->count);
	for (const struct htfl_range *r = d->fl.head; r; prev = r, r = r->next) {
		uint32_t b = r->start / spb;

		if (!r->len || (r->start + r->len - 1) / spb != b)
			return sg_err(EIO, "directory: range %u+%u crosses a block", r->start, r->len);
		if (prev && prev->start + prev->len > r->start)
			return sg_err(EIO, "directory: ranges out of order at %u", r->start);
		if (prev && prev->start + prev->len == r->start && prev->start / spb == b)
			return sg_err(EIO, "directory: ranges at %u not merged", r->start);
		if ((!prev || prev->start / spb != b) && d->fl.first[b] != r)
			return sg_err(EIO, "directory: block %u maps to the wrong range", b);
		for (uint32_t s = r->start; s < r->start + r->len; s++)
			if (dir_slot(d, s)->ino)
				return sg_err(EIO, "directory: used slot %u in the free list", s);
		listed += r->len;
	}
	for (uint32_t s = 0; s < dir_nslots(d); s++)
		free_slots += !dir_slot(d, s)->ino;
	if (listed != free_slots || listed != d->fl.nfree)
		return sg_err(EIO, "directory: %llu slots free, %llu listed, %llu counted",
			(unsigned long long)free_slots, (unsigned long long)listed,
			(unsigned long long)d->fl.nfree);
	return 0;
}

const struct dir_ops dir_gather_ops = {
	gather_rebuild, gather_drop, gather_find, gather_pick, gather_added,
	gather_removed, gather_check,
};
