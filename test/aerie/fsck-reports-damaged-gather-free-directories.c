// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.*.pool
// RUN: %mkfs-aerie --alloc fbst --dirs gather-free %t.pool
// RUN: %t.prog populate %t.pool
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=CLEAN
// RUN: cp %t.pool %t.twice.pool
// RUN: %t.prog twice %t.twice.pool
// RUN: not %fsck-aerie %t.twice.pool | FileCheck %s --check-prefix=TWICE
// RUN: cp %t.pool %t.partial.pool
// RUN: %t.prog partial %t.partial.pool
// RUN: not %fsck-aerie %t.partial.pool | FileCheck %s --check-prefix=PARTIAL
// RUN: cp %t.pool %t.badname.pool
// RUN: %t.prog badname %t.badname.pool
// RUN: not %fsck-aerie %t.badname.pool | FileCheck %s --check-prefix=BADNAME

// fsck.aerie rebuilds each Gather-free directory's indexes from its slots and
// checks them (every name found in its own slot, the free-slot list sorted
// and complete, the block map, the counts): a name copied into a free slot,
// a size that is not whole blocks and a slot with a bad name length are each
// reported, and fsck exits 1.

// CLEAN: clean: 35 files, 3 directories, {{.*}} policies fbst/gather-free

// TWICE: directory [[D:[0-9]+]]: gather-free index: directory: 'f7' in slot {{(7|20)}} is not found there
// TWICE: INCONSISTENT

// PARTIAL: directory [[D:[0-9]+]]: gather-free index: directory [[D]]: size 8064 is not whole mapped blocks
// PARTIAL: INCONSISTENT

// BADNAME: directory [[D:[0-9]+]]: gather-free index: directory [[D]]: directory: slot 3 has a name of 300 bytes
// BADNAME: INCONSISTENT

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <pmem_shim.h>

#include "mount.h"

static void populate(const char *pool)
{
	char path[64];

	test_mount(pool);
	MUST(pxfs_mkdir("/d", 0755));
	for (int i = 0; i < 40; i++) {  /* two blocks of slots, the second 8 used */
		snprintf(path, sizeof path, "/d/f%d", i);
		int fd = pxfs_open(path, O_CREAT | O_WRONLY, 0644);
		MUST(fd);
		MUST(pxfs_close(fd));
	}
	for (int i = 20; i < 25; i++) {  /* free slots in the middle */
		snprintf(path, sizeof path, "/d/f%d", i);
		MUST(pxfs_unlink(path));
	}
	MUST(aerie_unmount());
}

/* damage -- one store that breaks one rule of /d, made durable */
static void damage(struct aer_fs *fs, const char *kind)
{
	uint32_t d = fs->dir->lookup(fs, aer_inode(fs, AER_INO_ROOT), "d", 1, NULL), blk, run;
	struct aer_inode *dir = aer_inode(fs, d);
	struct aer_dirent *slots;

	if (!dir || aer_map_lookup(fs, dir, 0, &blk, &run) != 1)
		exit(3);
	slots = aer_block_addr(fs, blk);
	if (!strcmp(kind, "twice"))
		slots[20] = slots[7];
	else if (!strcmp(kind, "partial"))
		dir->size -= sizeof(struct aer_dirent);
	else if (!strcmp(kind, "badname"))
		slots[3].name_len = 300;
	else
		exit(2);
	pms_persist(slots, AER_BLOCK_SIZE);
	pms_persist(dir, sizeof *dir);
}

int main(int argc, char **argv)
{
	struct aer_fs fs;

	if (argc != 3)
		return 2;
	if (!strcmp(argv[1], "populate")) {
		populate(argv[2]);
		return 0;
	}
	MUST(aer_open_owner(&fs, argv[2]));
	damage(&fs, argv[1]);
	aer_close_owner(&fs);
	return 0;
}
