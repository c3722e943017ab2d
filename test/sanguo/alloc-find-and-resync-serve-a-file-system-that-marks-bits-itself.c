// The calls a file system's policy table uses when it marks the bitmap in
// its own transaction (examples/aerie: find a run, mark it, and later free
// it): sg_alloc_find returns runs of free blocks that the usable callback
// accepts (here: not blocks granted to someone, every third block), never
// a marked one; after the caller sets or clears bits of its byte bitmap
// itself, sg_alloc_resync brings the tree back in step (sg_alloc_check), and
// until every free usable block is marked find keeps finding. Directories:
// find by name gives the slot, removal by slot, iteration by cursor.
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: %t fbst | FileCheck %s
// RUN: %t first-fit | FileCheck %s
// RUN: rm -f %t.pool && %t dir %t.pool | FileCheck %s --check-prefix=DIR
//
// CHECK: found and marked [[N:[0-9]+]] blocks of [[N]] usable, none granted, none twice
// The 3,328 granted blocks (multiples of 3 from 18 to 9999) stay free, and
// of the 300 freed, 200 were marked: 3,528 free.
// CHECK-NEXT: then ENOSPC; the caller frees 300: stale tree refused, after resync clean with 3528 free
// DIR: slot of 'b' is 1; removed by slot: ino 20; next: a c; unknown slot: ENOENT

#include "sg_test.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"

#define NBLOCKS 10000u

static int not_granted(void *ctx, uint32_t b)
{
	return b % 3 != 0;
}

static int dir_part(const char *pool)
{
	struct sg_dir_store st;
	struct sg_dirent e;
	uint32_t slot, ino, cur = 0;

	test_open_pool(pool);
	sg_dir_pstore_ops(sg_dir_pstore_create("d", 4), &st);
	sg_dir *d = sg_dir_open(&st, NULL);
	CHECK_OR_DIE(d && !sg_dir_insert(d, "a", 1, 10) && !sg_dir_insert(d, "b", 1, 20) &&
		!sg_dir_insert(d, "c", 1, 30), "inserts");
	CHECK_OR_DIE(sg_dir_find(d, "b", 1, &ino, &slot) == 0 && ino == 20, "find");
	printf("slot of 'b' is %u;", slot);
	CHECK_OR_DIE(sg_dir_remove_slot(d, slot, &ino) == 0, "remove slot");
	printf(" removed by slot: ino %u; next:", ino);
	while (sg_dir_next(d, &cur, &e))
		printf(" %s", e.name);
	CHECK_OR_DIE(sg_dir_remove_slot(d, slot, NULL) == -1, "free slot removed");
	printf("; unknown slot: %s\n", errno == ENOENT ? "ENOENT" : "?");
	CHECK_OR_DIE(sg_dir_check(d) == 0, "check");
	return 0;
}

int main(int argc, char **argv)
{
	static uint8_t bytes[NBLOCKS / 8 + 8] __attribute__((aligned(8)));
	static unsigned char seen[NBLOCKS];
	struct sg_alloc_opts o = { sg_policy_parse(argv[1]), 1024, 3 };
	uint32_t s, n, marked = 0, usable = 0;

	if (!strcmp(argv[1], "dir"))
		return dir_part(argv[2]);
	for (uint32_t b = 0; b < 16; b++)   /* reserved, as a file system's metadata */
		bytes[b / 8] |= (uint8_t)(1u << (b % 8));
	for (uint32_t b = 16; b < NBLOCKS; b++)
		usable += b % 3 != 0;
	sg_alloc *a = sg_alloc_open((uint64_t *)bytes, NBLOCKS, 16, &o);
	CHECK_OR_DIE(a, "open");
	while (sg_alloc_find(a, 7, not_granted, NULL, &s, &n) == 0) {
		CHECK_OR_DIE(n >= 1 && n <= 7, "run of %u", n);
		for (uint32_t b = s; b < s + n; b++) {
			CHECK_OR_DIE(b >= 16 && b % 3 != 0 && !seen[b], "block %u", b);
			seen[b] = 1;
			bytes[b / 8] |= (uint8_t)(1u << (b % 8));   /* the caller marks */
		}
		marked += n;
		if (marked % 5 == 0)   /* resync in batches, as a journal commit would */
			CHECK_OR_DIE(sg_alloc_resync(a, 16, NBLOCKS - 16) == 0, "resync");
	}
	CHECK_OR_DIE(errno == ENOSPC, "end: %d", errno);
	printf("found and marked %u blocks of %u usable, none granted, none twice\n", marked,
		usable);
	CHECK_OR_DIE(sg_alloc_resync(a, 16, NBLOCKS - 16) == 0 && sg_alloc_check(a) == 0,
		"resync");
	for (uint32_t b = 100; b < 400; b++)   /* the caller frees some itself */
		bytes[b / 8] &= (uint8_t)~(1u << (b % 8));
	CHECK_OR_DIE(sg_alloc_check(a) != 0, "a stale tree passed the check");
	printf("then ENOSPC; the caller frees 300: stale tree refused");
	CHECK_OR_DIE(sg_alloc_resync(a, 100, 300) == 0 && sg_alloc_check(a) == 0, "resync");
	printf(", after resync clean with %llu free\n",
		(unsigned long long)sg_alloc_free_count(a));
	sg_alloc_close(a);
	return 0;
}
