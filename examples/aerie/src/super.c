/*
 * super.c -- checking a superblock and attaching an in-memory handle to the
 * layout it describes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"

/* aer_super_check -- refuses a superblock that is foreign, newer or inconsistent */
int aer_super_check(const struct aer_super *sb, size_t region_bytes)
{
	uint64_t inode_end, bitmap_end;

	if (memcmp(sb->magic, AER_MAGIC, sizeof AER_MAGIC))
		return aer_fail(EINVAL, "not an Aerie file system (bad magic)");
	if (sb->version != AER_LAYOUT_VERSION)
		return aer_fail(EINVAL, "layout version %u, this library reads %u",
				sb->version, AER_LAYOUT_VERSION);
	if (sb->block_size != AER_BLOCK_SIZE)
		return aer_fail(EINVAL, "block size %u, expected %u", sb->block_size, AER_BLOCK_SIZE);
	if ((uint64_t)sb->nblocks * AER_BLOCK_SIZE > region_bytes)
		return aer_fail(EINVAL, "superblock claims %u blocks, the pool holds %zu",
				sb->nblocks, region_bytes / AER_BLOCK_SIZE);
	inode_end = (uint64_t)sb->inode_start + sb->inode_blocks;
	bitmap_end = (uint64_t)sb->bitmap_start + sb->bitmap_blocks;
	if (sb->inode_start != 1 || sb->ninodes <= AER_INO_KV ||
			(uint64_t)sb->ninodes > (uint64_t)sb->inode_blocks * AER_INODES_PER_BLOCK ||
			sb->bitmap_start != inode_end ||
			(uint64_t)sb->bitmap_blocks * AER_BLOCK_SIZE * 8 < sb->nblocks ||
			sb->data_start != bitmap_end || sb->data_start >= sb->nblocks)
		return aer_fail(EINVAL, "superblock areas are inconsistent (inodes %u+%u, bitmap %u+%u, data %u of %u)",
				sb->inode_start, sb->inode_blocks, sb->bitmap_start,
				sb->bitmap_blocks, sb->data_start, sb->nblocks);
	if (!aer_alloc_policy_by_id(sb->alloc_policy))
		return aer_fail(EINVAL, "unknown allocator policy %u", sb->alloc_policy);
	if (!aer_dir_policy_by_id(sb->dir_policy))
		return aer_fail(EINVAL, "unknown directory policy %u", sb->dir_policy);
	if (sb->root_ino != AER_INO_ROOT || sb->kv_ino != AER_INO_KV)
		return aer_fail(EINVAL, "root inodes %u and %u, expected %u and %u",
				sb->root_ino, sb->kv_ino, AER_INO_ROOT, AER_INO_KV);
	return 0;
}

/* aer_fs_attach -- points fs at the layout of sb */
int aer_fs_attach(struct aer_fs *fs, struct aer_super *sb, enum aer_role role)
{
	memset(fs, 0, sizeof *fs);
	fs->sb = sb;
	fs->inodes = aer_block_addr(fs, sb->inode_start);
	fs->bitmap = aer_block_addr(fs, sb->bitmap_start);
	fs->role = role;
	fs->alloc = aer_alloc_policy_by_id(sb->alloc_policy);
	fs->dir = aer_dir_policy_by_id(sb->dir_policy);
	fs->alloc_hint = sb->data_start;
	if (role != AER_ROLE_OWNER)
		return 0;
	fs->block_owner = calloc(sb->nblocks, sizeof *fs->block_owner);
	fs->inode_owner = calloc(sb->ninodes, sizeof *fs->inode_owner);
	fs->pins = calloc(sb->ninodes, sizeof *fs->pins);
	if (!fs->block_owner || !fs->inode_owner || !fs->pins) {
		aer_fs_detach(fs);
		return aer_fail(ENOMEM, "no memory for the grant tables");
	}
	if (aer_fbst_open(fs) < 0) {
		int e = errno;
		aer_fs_detach(fs);
		errno = e;
		return -1;
	}
	return 0;
}

/* aer_fs_detach -- frees what attach allocated */
void aer_fs_detach(struct aer_fs *fs)
{
	aer_fbst_close(fs);
	aer_dirs_close_all(fs);
	free(fs->block_owner);
	free(fs->inode_owner);
	free(fs->pins);
	fs->block_owner = NULL;
	fs->inode_owner = NULL;
	fs->pins = NULL;
}
