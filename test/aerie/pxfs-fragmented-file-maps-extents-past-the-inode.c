// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog local:%t.pool | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
// RUN: %mkfs-aerie %t.pool2
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- %t.prog tfs:@SOCK@ | FileCheck %s
// RUN: %fsck-aerie %t.pool2 | FileCheck %s --check-prefix=FSCK

// Two files appended block by block in turn get one extent per block: past
// the inode's seven extents the map continues in a chain of extent blocks
// (340 each; 700 extents take three); truncating gives the blocks and the
// chain back.

// CHECK: 700 interleaved appends to a: 700 ok
// CHECK-NEXT: 700 interleaved appends to b: 700 ok
// CHECK-NEXT: a reads back: 1 ok
// CHECK-NEXT: a's blocks: 5600 ok
// CHECK-NEXT: a's map: 700 extents, 3 chained blocks
// CHECK-NEXT: truncate a to 5 blocks: 0 ok
// CHECK-NEXT: a's blocks after truncate: 40 ok
// CHECK-NEXT: a's first 5 blocks intact: 1 ok
// CHECK-NEXT: unlink b: 0 ok

// FSCK: clean: 1 files, 2 directories

#include "Inputs/aerie-test.h"

#include <fcntl.h>

#include "mount.h"

static char blk[4096];

static void fill(int file, int i)
{
	memset(blk, 'a' + file, sizeof blk);
	snprintf(blk, 32, "%d %d", file, i);
}

int main(int argc, char **argv)
{
	struct stat st;
	int fd[2], ok = 1, i, n[2] = { 0, 0 };
	char got[4096];

	test_mount(argv[1]);
	fd[0] = pxfs_open("/a", O_CREAT | O_RDWR, 0644);
	fd[1] = pxfs_open("/b", O_CREAT | O_RDWR, 0644);
	for (i = 0; i < 700; i++)
		for (int f = 0; f < 2; f++) {
			fill(f, i);
			n[f] += pxfs_append(fd[f], blk, sizeof blk) == sizeof blk;
		}
	SHOW("700 interleaved appends to a", n[0]);
	SHOW("700 interleaved appends to b", n[1]);
	for (i = 0; i < 700; i++) {
		fill(0, i);
		ok &= pxfs_pread(fd[0], got, sizeof got, (off_t)i * 4096) == sizeof got && !memcmp(got, blk, sizeof blk);
	}
	SHOW("a reads back", ok);
	pxfs_fstat(fd[0], &st);
	SHOW("a's blocks", (long)st.st_blocks);
	const struct aer_inode *in = aer_inode(aer_mounted, (uint32_t)st.st_ino);
	uint32_t chain = 0;
	for (uint32_t b = in->overflow; b; chain++)
		b = ((const struct aer_extent_block *)aer_block_addr(aer_mounted, b))->next;
	printf("a's map: %u extents, %u chained blocks\n", in->nextents, chain);
	SHOW("truncate a to 5 blocks", pxfs_ftruncate(fd[0], 5 * 4096));
	pxfs_fstat(fd[0], &st);
	SHOW("a's blocks after truncate", (long)st.st_blocks);
	ok = 1;
	for (i = 0; i < 5; i++) {
		fill(0, i);
		ok &= pxfs_pread(fd[0], got, sizeof got, (off_t)i * 4096) == sizeof got && !memcmp(got, blk, sizeof blk);
	}
	SHOW("a's first 5 blocks intact", ok);
	pxfs_close(fd[0]);
	pxfs_close(fd[1]);
	SHOW("unlink b", pxfs_unlink("/b"));
	aerie_unmount();
	return 0;
}
