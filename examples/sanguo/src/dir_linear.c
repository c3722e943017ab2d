/*
 * dir_linear.c -- linear directories (PMFS-like): no index; a lookup scans
 * the slots for the name, an insert scans for the lowest free slot.
 */
#include "dir_impl.h"

/* linear_drop -- nothing to free */
static void linear_drop(struct sg_dir *d)
{
}

/* linear_rebuild -- only the count */
static int linear_rebuild(struct sg_dir *d)
{
	d->count = 0;
	for (uint32_t s = 0; s < dir_nslots(d); s++)
		d->count += dir_slot(d, s)->ino != 0;
	return 0;
}

/* linear_find -- every slot in order */
static int64_t linear_find(struct sg_dir *d, const char *name, size_t len, uint64_t h)
{
	for (uint32_t s = 0; s < dir_nslots(d); s++) {
		const struct sg_dirent *e = dir_slot(d, s);

		if (e->ino && dir_names_equal(e, name, len))
			return s;
	}
	return -1;
}

/* linear_pick -- the lowest free slot, growing when there is none */
static int64_t linear_pick(struct sg_dir *d)
{
	uint32_t s;

	for (s = 0; s < dir_nslots(d); s++)
		if (!dir_slot(d, s)->ino)
			return s;
	if (dir_grow(d) != 0)
		return -1;
	return s;
}

/* linear_changed -- no index to keep */
static int linear_changed(struct sg_dir *d, uint32_t slot, uint64_t h)
{
	return 0;
}

/* linear_check -- the count */
static int linear_check(struct sg_dir *d)
{
	uint32_t was = d->count;

	linear_rebuild(d);
	return was == d->count ? 0 : -1;
}

const struct dir_ops dir_linear_ops = {
	linear_rebuild, linear_drop, linear_find, linear_pick, linear_changed,
	linear_changed, linear_check,
};
