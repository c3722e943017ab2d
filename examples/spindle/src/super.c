/*
 * super.c -- the on-disk superblock: geometry, the cache configuration the
 * store was formatted for, and the identity the NVM pool must match.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define SUPER_VERSION 1

/* super_crc -- checksum of everything before the crc field */
static uint32_t super_crc(const struct spd_super *s)
{
	return spd_crc32c(0, s, offsetof(struct spd_super, crc));
}

/* super_write -- writes and syncs the superblock */
int super_write(struct spd_dev *d, const struct spd_super *s)
{
	unsigned char *buf = dev_alloc_buf(1);
	struct spd_super *w = (struct spd_super *)buf;
	int r;

	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	*w = *s;
	w->magic = SPD_SUPER_MAGIC;
	w->version = SUPER_VERSION;
	w->crc = super_crc(w);
	r = dev_write(d, 0, buf);
	if (!r)
		r = dev_sync(d);
	free(buf);
	return r;
}

/* super_read -- reads and checks the superblock */
int super_read(struct spd_dev *d, const char *path, struct spd_super *s)
{
	unsigned char *buf = dev_alloc_buf(1);
	int r;

	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	r = dev_read(d, 0, buf);
	memcpy(s, buf, sizeof *s);
	free(buf);
	if (r)
		return r;
	if (s->magic != SPD_SUPER_MAGIC)
		return spd_err(EINVAL, "'%s' is not a spindle block store (bad magic)", path);
	if (s->crc != super_crc(s))
		return spd_err(EUCLEAN, "superblock of '%s' is corrupt (checksum mismatch)", path);
	if (s->version != SUPER_VERSION)
		return spd_err(EINVAL, "'%s' has store version %llu, this library reads %d",
			path, (unsigned long long)s->version, SUPER_VERSION);
	if (1 + s->journal_blocks + s->home_blocks > d->file_blocks)
		return spd_err(EUCLEAN, "'%s' is shorter (%llu blocks) than its superblock says",
			path, (unsigned long long)d->file_blocks);
	return 0;
}
