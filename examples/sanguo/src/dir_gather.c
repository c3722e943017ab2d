/*
 * dir_gather.c -- Gather-free directories: free slots from the head of the
 * sorted free list, reclaimed slots put back in order through the block map,
 * names found through the AVL tree over their hashes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dir_impl.h"
#include "error.h"

/* gather_drop -- frees the tree and the list */
static void gather_drop(struct sg_dir *d)
{
	avl_free(&d->avl);
	htfl_free(&d->fl);
}

/* gather_sort -- sorts pairs by key: LSD radix, 16 bits a pass, stable, so
 * equal keys stay in slot order (qsort took half of a 32 K rebuild) */
static int gather_sort(struct avl_pair *p, uint32_t n)
{
	struct avl_pair *tmp = malloc(((size_t)n + 1) * sizeof *tmp), *src = p, *dst = tmp;
	uint32_t *count = calloc(65536, sizeof *count);

	if (!tmp || !count) {
		free(tmp);
		free(count);
		return -1;
	}
	for (unsigned shift = 0; shift < 64; shift += 16) {
		uint32_t sum = 0;

		memset(count, 0, 65536 * sizeof *count);
		for (uint32_t i = 0; i < n; i++)
			count[(src[i].key >> shift) & 0xffff]++;
		for (uint32_t d = 0; d < 65536; d++) {
			uint32_t c = count[d];

			count[d] = sum;
			sum += c;
		}
		for (uint32_t i = 0; i < n; i++)
			dst[count[(src[i].key >> shift) & 0xffff]++] = src[i];
		src = dst;
		dst = src == p ? tmp : p;
	}
	free(tmp);   /* four passes: the result is back in p */
	free(count);
	return 0;
}

/* gather_rebuild -- one pass over the slots in order: free ones appended to
 * the list (already sorted), used ones collected, sorted by hash and built
 * into a balanced tree at once */
static int gather_rebuild(struct sg_dir *d)
{
	struct avl_pair *pairs = malloc(((size_t)dir_nslots(d) + 1) * sizeof *pairs);
	int r = 0;

	if (!pairs)
		return sg_err(ENOMEM, "directory: out of memory at open");
	d->count = 0;
	for (uint32_t b = 0; b < d->nblocks && !r; b++) {
		if (htfl_add_block(&d->fl, 0) != 0)
			r = sg_err(ENOMEM, "directory: out of memory at open");
		for (uint32_t i = 0; i < SG_SLOTS_PER_BLOCK && !r; i++) {
			uint32_t s = b * (uint32_t)SG_SLOTS_PER_BLOCK + i;
			const struct sg_dirent *e = dir_slot(d, s);

			if (!e->ino) {
				if (htfl_append(&d->fl, s) != 0)
					r = sg_err(ENOMEM, "directory: out of memory at open");
			} else if (!e->name_len || e->name_len > SG_NAME_MAX) {
				r = sg_err(EINVAL, "directory: slot %u has a name of %u bytes", s,
					e->name_len);
			} else {
				pairs[d->count].key = dir_hash(d, e->name, e->name_len);
				pairs[d->count++].slot = s;
			}
		}
	}
	if (!r) {
		if (gather_sort(pairs, d->count) != 0 || avl_build(&d->avl, pairs, d->count) != 0)
			r = sg_err(ENOMEM, "directory: out of memory at open");
	}
	free(pairs);
	return r;
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
