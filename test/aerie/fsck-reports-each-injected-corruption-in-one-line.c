// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.*.pool
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog populate %t.pool
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=CLEAN
// RUN: cp %t.pool %t.leak.pool
// RUN: %t.prog leak %t.leak.pool
// RUN: not %fsck-aerie %t.leak.pool | FileCheck %s --check-prefix=LEAK
// RUN: cp %t.pool %t.double.pool
// RUN: %t.prog double %t.double.pool
// RUN: not %fsck-aerie %t.double.pool | FileCheck %s --check-prefix=DOUBLE
// RUN: cp %t.pool %t.dangling.pool
// RUN: %t.prog dangling %t.dangling.pool
// RUN: not %fsck-aerie %t.dangling.pool | FileCheck %s --check-prefix=DANGLING
// RUN: cp %t.pool %t.nlink.pool
// RUN: %t.prog nlink %t.nlink.pool
// RUN: not %fsck-aerie %t.nlink.pool | FileCheck %s --check-prefix=NLINK
// RUN: cp %t.pool %t.size.pool
// RUN: %t.prog size %t.size.pool
// RUN: not %fsck-aerie %t.size.pool | FileCheck %s --check-prefix=SIZE
// RUN: cp %t.pool %t.orphan.pool
// RUN: %t.prog orphan %t.orphan.pool
// RUN: not %fsck-aerie %t.orphan.pool | FileCheck %s --check-prefix=ORPHAN
// RUN: cp %t.pool %t.dirlink.pool
// RUN: %t.prog dirlink %t.dirlink.pool
// RUN: not %fsck-aerie %t.dirlink.pool | FileCheck %s --check-prefix=DIRLINK
// RUN: cp %t.pool %t.ring.pool
// RUN: %t.prog ring %t.ring.pool
// RUN: not %fsck-aerie %t.ring.pool | FileCheck %s --check-prefix=RING

// A clean file system passes; each kind of damage is reported in one line
// per inconsistency, and fsck.aerie exits 1.

// CLEAN: fsck.aerie: {{.*}}: clean: 2 files, 3 directories

// LEAK: blocks [[B:[0-9]+]]..[[B]]: marked used but owned by nothing
// LEAK-NEXT: INCONSISTENT
// LEAK-NEXT: 1 inconsistencies

// DOUBLE: blocks [[B:[0-9]+]]..{{[0-9]+}}: owned by inode {{[0-9]+}} and by inode {{[0-9]+}}
// DOUBLE: marked used but owned by nothing
// DOUBLE: 2 inconsistencies

// DANGLING: name 'b' points to free inode [[I:[0-9]+]]
// DANGLING: inode [[I]]: free but maps blocks
// DANGLING: marked used but owned by nothing
// DANGLING: 3 inconsistencies

// NLINK: inode {{[0-9]+}}: link count 3 but 1 names
// NLINK: 1 inconsistencies

// SIZE: inode {{[0-9]+}}: blocks mapped past its size 0
// SIZE: 1 inconsistencies

// ORPHAN: inode {{[0-9]+}}: allocated but no name points to it
// ORPHAN: 1 inconsistencies

// DIRLINK: directory {{[0-9]+}}: link count 2 but 1 subdirectories
// DIRLINK: 1 inconsistencies

// RING: inode [[D:[0-9]+]]: named, but no path from a root reaches it
// RING: 1 inconsistencies

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <pmem_shim.h>

#include "mount.h"

static char data[9000];

static void populate(const char *pool)
{
	test_mount(pool);
	MUST(pxfs_mkdir("/d", 0755));
	int a = pxfs_open("/a", O_CREAT | O_RDWR, 0644), b = pxfs_open("/b", O_CREAT | O_RDWR, 0644);
	MUST(pxfs_write(a, data, sizeof data));
	MUST(pxfs_write(b, data, sizeof data));
	pxfs_close(a), pxfs_close(b);
	MUST(aerie_unmount());
}

static uint32_t ino_of(struct aer_fs *fs, const char *name)
{
	struct aer_dirent e;
	uint32_t cursor = 0;
	while (fs->dir->next(fs, aer_inode(fs, AER_INO_ROOT), &cursor, &e))
		if (!strcmp(e.name, name))
			return e.ino;
	exit(3);
}

/* damage -- one store that breaks one rule, made durable */
static void damage(struct aer_fs *fs, const char *kind)
{
	struct aer_inode *a = aer_inode(fs, ino_of(fs, "a")), *b = aer_inode(fs, ino_of(fs, "b"));

	if (!strcmp(kind, "leak")) {
		uint32_t blk = fs->sb->nblocks - 1;
		fs->bitmap[blk >> 3] |= (uint8_t)(1u << (blk & 7));
	} else if (!strcmp(kind, "double"))
		b->ext[0].start = a->ext[0].start;
	else if (!strcmp(kind, "dangling"))
		b->type = AER_TYPE_FREE;
	else if (!strcmp(kind, "nlink"))
		a->nlink = 3;
	else if (!strcmp(kind, "size"))
		a->size = 0;
	else if (!strcmp(kind, "orphan")) {
		struct aer_inode *in = aer_inode(fs, fs->sb->ninodes - 1);
		in->type = AER_TYPE_FILE;
		in->nlink = 1;
	} else if (!strcmp(kind, "ring")) {
		/* /d's name moves from "/" into /d itself: a loop cut off from "/" */
		uint32_t d = ino_of(fs, "d"), slot, blk = fs->sb->nblocks - 1;
		struct aer_inode *root = aer_inode(fs, AER_INO_ROOT), *dd = aer_inode(fs, d);
		fs->dir->lookup(fs, root, "d", 1, &slot);
		memset((struct aer_dirent *)aer_block_addr(fs, root->ext[0].start) + slot, 0,
				sizeof(struct aer_dirent));
		root->nlink--;
		fs->bitmap[blk >> 3] |= (uint8_t)(1u << (blk & 7));
		struct aer_dirent *self = aer_block_addr(fs, blk);
		memset(self, 0, AER_BLOCK_SIZE);
		*self = (struct aer_dirent){ .ino = d, .name_len = 4, .name = "loop" };
		pms_persist(self, AER_BLOCK_SIZE);
		dd->ext[0] = (struct aer_extent){ 0, blk, 1 };
		dd->nextents = 1;
		dd->size = sizeof *self;
		dd->parent = d;
		dd->nlink = 3;
	} else if (!strcmp(kind, "dirlink"))
		aer_inode(fs, ino_of(fs, "d"))->nlink = 2, aer_inode(fs, AER_INO_ROOT)->nlink = 2;
	else
		exit(2);
	pms_persist(fs->sb, (size_t)fs->sb->data_start * AER_BLOCK_SIZE);
}

int main(int argc, char **argv)
{
	struct aer_fs fs;

	if (!strcmp(argv[1], "populate")) {
		populate(argv[2]);
		return 0;
	}
	MUST(aer_open_owner(&fs, argv[2]));
	damage(&fs, argv[1]);
	aer_close_owner(&fs);
	return 0;
}
