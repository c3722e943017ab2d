/*
 * dir_linear.c -- the linear directory policy: a directory's blocks are an
 * array of 128-byte slots, looked up by a scan and filled lowest free first;
 * and the registry of directory policies (Gather-free: dir_gatherfree.c).
 */
#include <errno.h>
#include <string.h>

#include <pmem_shim.h>

#include "fs.h"

/* The extent a scan is in: a scan maps its slots one extent at a time
 * instead of searching the map for every slot. */
struct slot_cursor {
	uint32_t first, count;     /* file blocks [first, first+count) */
	struct aer_dirent *base;   /* slot 0 of block first; NULL: a hole */
};

/* slot_addr -- (internal) slot i of dir, NULL when its block is unmapped */
static struct aer_dirent *slot_addr(const struct aer_fs *fs, const struct aer_inode *dir,
		uint32_t i, struct slot_cursor *c)
{
	uint32_t fb = i / AER_DIRENTS_PER_BLOCK, blk = 0, run;

	if (fb - c->first >= c->count) {
		int mapped = aer_map_lookup(fs, dir, fb, &blk, &run) == 1;
		c->first = fb;
		c->count = run;
		c->base = mapped ? (struct aer_dirent *)aer_block_addr(fs, blk) : NULL;
	}
	if (!c->base)
		return NULL;
	return c->base + (size_t)(fb - c->first) * AER_DIRENTS_PER_BLOCK + i % AER_DIRENTS_PER_BLOCK;
}

/* nslots -- (internal) slots the directory's size covers */
static uint32_t nslots(const struct aer_inode *dir)
{
	uint64_t n = dir->size / sizeof(struct aer_dirent);
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* lin_lookup -- scans dir for name */
static uint32_t lin_lookup(struct aer_fs *fs, const struct aer_inode *dir, const char *name,
		size_t len, uint32_t *slot)
{
	uint32_t n = nslots(dir);
	struct slot_cursor c = { 0, 0, NULL };

	for (uint32_t i = 0; i < n; i++) {
		const struct aer_dirent *d = slot_addr(fs, dir, i, &c);
		if (!d) {  /* an unmapped block of slots: skip it whole */
			i |= AER_DIRENTS_PER_BLOCK - 1;
			continue;
		}
		if (d->ino && d->name_len == len && !memcmp(d->name, name, len)) {
			if (slot)
				*slot = i;
			return d->ino;
		}
	}
	return 0;
}

/* lin_insert -- puts name in the lowest free slot, growing dir by a block if full */
static int lin_insert(struct aer_fs *fs, uint32_t dirno, const char *name, size_t len,
		uint32_t ino)
{
	struct aer_inode *dir = aer_inode(fs, dirno);
	uint32_t n = nslots(dir), i;
	struct aer_dirent *d = NULL;
	struct slot_cursor c = { 0, 0, NULL };

	for (i = 0; i < n; i++) {
		d = slot_addr(fs, dir, i, &c);
		if (d && !d->ino)
			break;
	}
	if (i == n) {
		if (i % AER_DIRENTS_PER_BLOCK == 0) {
			uint32_t blk;
			if (aer_alloc_meta_block(fs, &blk) < 0 ||
					aer_map_insert(fs, dirno, i / AER_DIRENTS_PER_BLOCK, blk, 1) < 0)
				return -1;
		}
		if (pms_tx_add_range(&dir->size, sizeof dir->size) < 0)
			return aer_fail(errno, "cannot log directory size: %s", pms_errormsg());
		dir->size += sizeof(struct aer_dirent);
		c.count = 0;  /* the map may have changed */
		d = slot_addr(fs, dir, i, &c);
	}
	if (pms_tx_add_range(d, sizeof *d) < 0)
		return aer_fail(errno, "cannot log directory slot: %s", pms_errormsg());
	memset(d, 0, sizeof *d);
	memcpy(d->name, name, len);
	d->name_len = (uint16_t)len;
	d->ino = ino;
	return 0;
}

/* lin_remove -- frees slot i of dir */
static int lin_remove(struct aer_fs *fs, uint32_t dirno, uint32_t i)
{
	struct slot_cursor c = { 0, 0, NULL };
	struct aer_dirent *d = slot_addr(fs, aer_inode(fs, dirno), i, &c);

	if (!d || pms_tx_add_range(d, sizeof *d) < 0)
		return aer_fail(EIO, "cannot log directory slot %u of inode %u", i, dirno);
	d->ino = 0;
	d->name_len = 0;
	return 0;
}

/* lin_next -- the next used slot at or after *cursor */
static int lin_next(struct aer_fs *fs, const struct aer_inode *dir, uint32_t *cursor,
		struct aer_dirent *out)
{
	uint32_t n = nslots(dir);
	struct slot_cursor c = { 0, 0, NULL };

	for (uint32_t i = *cursor; i < n; i++) {
		const struct aer_dirent *d = slot_addr(fs, dir, i, &c);
		if (d && d->ino) {
			*out = *d;
			if (out->name_len > AER_NAME_MAX)
				out->name_len = AER_NAME_MAX;
			out->name[out->name_len] = '\0';
			*cursor = i + 1;
			return 1;
		}
	}
	*cursor = n;
	return 0;
}

const struct aer_dir_policy aer_dir_linear = {
	AER_DIR_LINEAR, "linear", lin_lookup, lin_insert, lin_remove, lin_next,
};

static const struct aer_dir_policy *const dir_policies[] = {
	&aer_dir_linear, &aer_dir_gatherfree,
};

/* aer_dir_policy_by_id -- the policy a superblock records, or NULL */
const struct aer_dir_policy *aer_dir_policy_by_id(uint32_t id)
{
	for (size_t i = 0; i < sizeof dir_policies / sizeof *dir_policies; i++)
		if (dir_policies[i]->id == id)
			return dir_policies[i];
	return NULL;
}

/* aer_dir_policy_by_name -- the policy mkfs was asked for, or NULL */
const struct aer_dir_policy *aer_dir_policy_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof dir_policies / sizeof *dir_policies; i++)
		if (!strcmp(dir_policies[i]->name, name))
			return dir_policies[i];
	return NULL;
}
