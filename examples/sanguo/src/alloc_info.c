/*
 * alloc_info.c -- what an allocator can tell without changing anything: its
 * counts, its allocated runs for an fsck, a self-check of the tree, and the
 * names of the policies.
 */
#include <errno.h>
#include <string.h>

#include "bits.h"
#include "error.h"
#include "fbst.h"

/* sg_alloc_free_count -- sum of the group roots */
uint64_t sg_alloc_free_count(const sg_alloc *a)
{
	uint64_t n = 0;

	for (uint32_t g = 0; g < a->ngroups; g++)
		n += fbst_group_free(a, g);
	return n;
}

uint32_t sg_alloc_nblocks(const sg_alloc *a) { return a->nblocks; }
uint32_t sg_alloc_first_free(const sg_alloc *a) { return a->first_free; }
enum sg_policy sg_alloc_policy(const sg_alloc *a) { return a->policy; }

/* sg_alloc_foreach_used -- maximal allocated runs above the reserved blocks */
int sg_alloc_foreach_used(const sg_alloc *a,
		int (*fn)(uint32_t start, uint32_t len, void *arg), void *arg)
{
	uint32_t b = a->first_free;

	while (b < a->nblocks) {
		uint32_t s, e;

		if (!bits_get(a->bitmap, b)) {
			b++;
			continue;
		}
		s = b;
		e = bits_first_free(a->bitmap, s, a->nblocks);
		if (e == UINT32_MAX)
			e = a->nblocks;
		int r = fn(s, e - s, arg);
		if (r)
			return r;
		b = e;
	}
	return 0;
}

/* sg_alloc_check -- every node's count against the bitmap */
int sg_alloc_check(const sg_alloc *a)
{
	for (uint32_t g = 0; g < a->ngroups; g++)
		if (fbst_check_group(a, g) != 0)
			return -1;
	return 0;
}

static const char *const policy_names[] = {
	[SG_FIRST_FIT] = "first-fit",
	[SG_FBST_WALK] = "fbst",
	[SG_FBST_WEIGHTED] = "fbst-weighted",
};

/* sg_policy_name -- "first-fit", "fbst", "fbst-weighted" or "?" */
const char *sg_policy_name(enum sg_policy p)
{
	if ((unsigned)p >= sizeof policy_names / sizeof *policy_names || !policy_names[p])
		return "?";
	return policy_names[p];
}

/* sg_policy_parse -- a policy by name, 0 when unknown */
enum sg_policy sg_policy_parse(const char *name)
{
	for (unsigned i = 1; i < sizeof policy_names / sizeof *policy_names; i++)
		if (policy_names[i] && name && !strcmp(name, policy_names[i]))
			return (enum sg_policy)i;
	return 0;
}
