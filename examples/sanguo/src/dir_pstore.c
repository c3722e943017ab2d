/*
 * dir_pstore.c -- a directory's blocks kept in the pool through a table of
 * block pointers under a root.
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "error.h"
#include "sanguo/dir_pstore.h"
#include "sanguo/wear.h"

/* sg_dir_pstore_create -- an empty table under root */
struct sg_dir_pstore *sg_dir_pstore_create(const char *root, uint32_t capacity)
{
	struct sg_dir_pstore *p;

	if (!capacity || capacity > (1u << 24)) {
		sg_err(EINVAL, "directory store: capacity %u blocks", capacity);
		return NULL;
	}
	if (pms_root_get(root)) {
		sg_err(EEXIST, "directory store: root '%s' already exists", root);
		return NULL;
	}
	if (pms_tx_begin() != 0) {
		sg_err(errno, "directory store: %s", pms_errormsg());
		return NULL;
	}
	p = pms_calloc(1, sizeof *p + capacity * sizeof p->blocks[0]);
	if (!p || pms_root_set(root, p) != 0) {
		int e = errno;

		sg_err(e, "directory store: cannot create '%s': %s", root, pms_errormsg());
		pms_tx_abort();
		errno = e;
		return NULL;
	}
	struct sg_dir_pstore head = { .capacity = capacity };

	memcpy(head.magic, SG_PSTORE_MAGIC, sizeof head.magic);
	if (sg_write(p, &head, sizeof head) != 0) {
		int e = errno;

		pms_tx_abort();
		errno = e;
		return NULL;
	}
	if (pms_tx_commit() != 0) {
		sg_err(errno, "directory store: commit failed: %s", pms_errormsg());
		return NULL;
	}
	return p;
}

/* sg_dir_pstore_get -- the checked table under root */
struct sg_dir_pstore *sg_dir_pstore_get(const char *root)
{
	struct sg_dir_pstore *p = pms_root_get(root);

	if (!p) {
		sg_err(ENOENT, "directory store: no root '%s'", root);
		return NULL;
	}
	if (memcmp(p->magic, SG_PSTORE_MAGIC, sizeof p->magic) != 0 ||
	    p->nblocks > p->capacity ||
	    pms_malloc_usable_size(p) < sizeof *p + p->capacity * sizeof p->blocks[0]) {
		sg_err(EINVAL, "directory store: root '%s' is not a directory store", root);
		return NULL;
	}
	for (uint32_t i = 0; i < p->nblocks; i++)
		if (!pms_is_persistent(p->blocks[i])) {
			sg_err(EINVAL, "directory store: block %u points outside the pool", i);
			return NULL;
		}
	return p;
}

/* pstore_nblocks -- blocks now */
static uint32_t pstore_nblocks(void *ctx)
{
	return ((struct sg_dir_pstore *)ctx)->nblocks;
}

/* pstore_block -- block i */
static struct sg_dirent *pstore_block(void *ctx, uint32_t i)
{
	return ((struct sg_dir_pstore *)ctx)->blocks[i];
}

/* pstore_grow -- a zeroed block appended in the current transaction */
static int pstore_grow(void *ctx)
{
	struct sg_dir_pstore *p = ctx;
	struct sg_dirent *b;

	if (p->nblocks == p->capacity)
		return sg_err(ENOSPC, "directory store: all %u blocks used", p->capacity);
	b = pms_calloc(1, SG_DIR_BLOCK_SIZE);
	if (!b)
		return sg_err(errno, "directory store: no block: %s", pms_errormsg());
	if (sg_write(&p->blocks[p->nblocks], &b, sizeof b) != 0 ||
	    sg_write_u32(&p->nblocks, p->nblocks + 1) != 0)
		return -1;
	return 0;
}

/* sg_dir_pstore_ops -- the callbacks of a table */
void sg_dir_pstore_ops(struct sg_dir_pstore *p, struct sg_dir_store *s)
{
	s->ctx = p;
	s->nblocks = pstore_nblocks;
	s->block = pstore_block;
	s->grow = pstore_grow;
}
