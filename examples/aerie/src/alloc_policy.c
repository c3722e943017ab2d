/*
 * alloc_policy.c -- the block-allocation policies' registry and first-fit
 * (PMFS-like: the lowest free extent); fbst is in alloc_fbst.c.
 */
#include <errno.h>
#include <string.h>

#include "fs.h"

/* ff_usable -- (internal) free in the bitmap and granted to nobody */
static int ff_usable(const struct aer_fs *fs, uint32_t blk)
{
	return !aer_bit(fs, blk) && !fs->block_owner[blk];
}

/* ff_find -- (internal) the lowest free run, up to want blocks long */
static int ff_find(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len)
{
	uint32_t n = fs->sb->nblocks, b = fs->alloc_hint, e;

	if (b < fs->sb->data_start)
		b = fs->sb->data_start;
	while (b < n) {
		/* a byte of used blocks is skipped at once */
		if ((b & 7) == 0 && fs->bitmap[b >> 3] == 0xff && b + 8 <= n) {
			b += 8;
			continue;
		}
		if (ff_usable(fs, b))
			break;
		b++;
	}
	if (b >= n)
		return aer_fail(ENOSPC, "no free block left (%u blocks)", n);
	/* blocks below b are used or granted: later frees lower the hint again */
	fs->alloc_hint = b;
	for (e = b + 1; e < n && e - b < want && ff_usable(fs, e); e++)
		;
	*start = b;
	*len = e - b;
	return 0;
}

static const struct aer_alloc_policy first_fit = {
	AER_ALLOC_FIRST_FIT, "first-fit", ff_find,
};

static const struct aer_alloc_policy *const alloc_policies[] = { &first_fit, &aer_alloc_fbst };

/* aer_alloc_policy_by_id -- the policy recorded in a superblock, or NULL */
const struct aer_alloc_policy *aer_alloc_policy_by_id(uint32_t id)
{
	for (size_t i = 0; i < sizeof alloc_policies / sizeof *alloc_policies; i++)
		if (alloc_policies[i]->id == id)
			return alloc_policies[i];
	return NULL;
}

/* aer_alloc_policy_by_name -- the policy mkfs was asked for, or NULL */
const struct aer_alloc_policy *aer_alloc_policy_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof alloc_policies / sizeof *alloc_policies; i++)
		if (!strcmp(alloc_policies[i]->name, name))
			return alloc_policies[i];
	return NULL;
}
