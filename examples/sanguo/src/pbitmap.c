/*
 * pbitmap.c -- creation and lookup of a standalone bitmap in the pool.
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "error.h"
#include "sanguo/pbitmap.h"
#include "sanguo/wear.h"

/* sg_pbitmap_create -- a zeroed bitmap with its reserved prefix set */
struct sg_pbitmap *sg_pbitmap_create(const char *root, uint32_t nblocks,
		uint32_t first_free)
{
	struct sg_pbitmap *p;
	size_t words = ((size_t)nblocks + 63) / 64;

	if (!nblocks || first_free >= nblocks) {
		sg_err(EINVAL, "bitmap: %u blocks with %u reserved", nblocks, first_free);
		return NULL;
	}
	if (pms_root_get(root)) {
		sg_err(EEXIST, "bitmap: root '%s' already exists", root);
		return NULL;
	}
	if (pms_tx_begin() != 0) {
		sg_err(errno, "bitmap: %s", pms_errormsg());
		return NULL;
	}
	p = pms_calloc(1, sizeof *p + words * sizeof(uint64_t));
	if (!p || pms_root_set(root, p) != 0) {
		int e = errno;

		sg_err(e, "bitmap: cannot create %u blocks under '%s': %s", nblocks, root,
			pms_errormsg());
		pms_tx_abort();
		errno = e;
		return NULL;
	}
	/* Through sg_write like every other store of the library, so a wear map
	 * sees them (logging a new object costs little and is never needed). */
	struct sg_pbitmap head = { .nblocks = nblocks, .first_free = first_free };

	memcpy(head.magic, SG_PBITMAP_MAGIC, sizeof head.magic);
	int r = sg_write(p, &head, sizeof head);
	for (uint32_t w = 0; !r && w < (first_free + 63) / 64; w++) {
		uint32_t n = first_free - w * 64 < 64 ? first_free - w * 64 : 64;

		r = sg_write_u64(&p->words[w], n == 64 ? ~0ULL : (1ULL << n) - 1);
	}
	if (r != 0) {
		int e = errno;

		pms_tx_abort();
		errno = e;
		return NULL;
	}
	if (pms_tx_commit() != 0) {
		sg_err(errno, "bitmap: commit failed: %s", pms_errormsg());
		return NULL;
	}
	return p;
}

/* sg_pbitmap_get -- the bitmap under root, checked */
struct sg_pbitmap *sg_pbitmap_get(const char *root)
{
	struct sg_pbitmap *p = pms_root_get(root);

	if (!p) {
		sg_err(ENOENT, "bitmap: no root '%s'", root);
		return NULL;
	}
	if (memcmp(p->magic, SG_PBITMAP_MAGIC, sizeof p->magic) != 0 || !p->nblocks ||
	    p->first_free >= p->nblocks ||
	    pms_malloc_usable_size(p) < sizeof *p + ((size_t)p->nblocks + 63) / 64 * 8) {
		sg_err(EINVAL, "bitmap: root '%s' is not a sanguo bitmap", root);
		return NULL;
	}
	return p;
}
