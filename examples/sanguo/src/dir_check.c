/*
 * dir_check.c -- a directory's self-check: every entry reachable by its name
 * (so names are unique and the index complete), the count right, and the
 * kind's own invariants.
 */
#include <errno.h>

#include "dir_impl.h"
#include "error.h"

/* sg_dir_check -- the index against the slots */
int sg_dir_check(sg_dir *d)
{
	uint32_t used = 0;
	int taken = txlock_hold(&d->txl), r = 0;

	for (uint32_t s = 0; s < dir_nslots(d) && !r; s++) {
		const struct sg_dirent *e = dir_slot(d, s);

		if (!e->ino)
			continue;
		used++;
		if (!e->name_len || e->name_len > SG_NAME_MAX)
			r = sg_err(EIO, "directory: slot %u has a name of %u bytes", s, e->name_len);
		else if (d->ops->find(d, e->name, e->name_len,
				dir_hash(d, e->name, e->name_len)) != (int64_t)s)
			r = sg_err(EIO, "directory: '%.*s' in slot %u is not found there",
				(int)e->name_len, e->name, s);
	}
	if (!r && used != d->count)
		r = sg_err(EIO, "directory: %u entries in slots, %u counted", used, d->count);
	if (!r && d->ops->check(d) != 0)
		r = errno == EIO ? -1 : sg_err(EIO, "directory: index check failed");
	txlock_drop(&d->txl, taken);
	return r;
}
