// Bad calls into the allocator and the directories return -1 or NULL with
// an errno and a one-line message, and leave bitmap, slots and indexes as
// they were: the checks after each refusal pass, and the counts are those
// from before.
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: rm -f %t.pool && %t %t.pool | FileCheck %s
//
// CHECK: open NULL bitmap: EINVAL allocator: bad bitmap at (nil) (0 blocks, first free 0)
// CHECK-NEXT: open misaligned bitmap: EINVAL allocator: bad bitmap at {{.*}}
// CHECK-NEXT: open unknown policy: EINVAL allocator: unknown policy 9
// CHECK-NEXT: allocate 0 blocks: EINVAL
// CHECK-NEXT: allocate more than free: ENOSPC allocator: 1000 blocks wanted, 983 free
// CHECK-NEXT: free past the end: EINVAL allocator: free of [990, +20) outside [17, 1000)
// CHECK-NEXT: bitmap root taken: EEXIST bitmap: root 'bm' already exists
// CHECK-NEXT: bitmap root missing: ENOENT bitmap: no root 'nope'
// CHECK-NEXT: bitmap root of another kind: EINVAL bitmap: root 'dir' is not a sanguo bitmap
// CHECK-NEXT: store root of another kind: EINVAL directory store: root 'bm' is not a directory store
// CHECK-NEXT: directory without store: EINVAL
// CHECK-NEXT: store full: ENOSPC directory: cannot grow past 1 blocks: directory store: all 1 blocks used
// CHECK-NEXT: after the refusals: 983 free, 32 entries, checks clean

#include "sg_test.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"
#include "sanguo/pbitmap.h"

static void said(const char *what, int failed)
{
	CHECK_OR_DIE(failed, "%s was accepted", what);
	printf("%s: %s %s\n", what, errno == EINVAL ? "EINVAL" : errno == ENOSPC ? "ENOSPC" :
		errno == EEXIST ? "EEXIST" : errno == ENOENT ? "ENOENT" : "?", sg_errormsg());
}

int main(int argc, char **argv)
{
	static uint64_t words[20];
	struct sg_alloc_opts bad = { 9, 0, 0 }, ok = { SG_FBST_WALK, 0, 1 };
	struct sg_extent e[4];
	struct sg_dir_store st;
	char name[16];

	test_open_pool(argv[1]);
	said("open NULL bitmap", !sg_alloc_open(NULL, 0, 0, &ok));
	said("open misaligned bitmap", !sg_alloc_open((uint64_t *)((char *)words + 1), 64, 0, &ok));
	said("open unknown policy", !sg_alloc_open(words, 64, 0, &bad));
	struct sg_pbitmap *bm = sg_pbitmap_create("bm", 1000, 17);
	sg_alloc *a = sg_alloc_open(bm->words, 1000, 17, &ok);
	CHECK_OR_DIE(a, "open");
	errno = 0;
	CHECK_OR_DIE(sg_alloc_blocks(a, 0, 0, e, 4) == -1, "0 blocks");
	printf("allocate 0 blocks: %s\n", errno == EINVAL ? "EINVAL" : "?");
	said("allocate more than free", sg_alloc_blocks(a, 1000, 0, e, 4) == -1);
	said("free past the end", sg_free_blocks(a, 990, 20) == -1);
	said("bitmap root taken", !sg_pbitmap_create("bm", 10, 1));
	said("bitmap root missing", !sg_pbitmap_get("nope"));
	struct sg_dir_pstore *ps = sg_dir_pstore_create("dir", 1);
	CHECK_OR_DIE(ps, "store");
	said("bitmap root of another kind", !sg_pbitmap_get("dir"));
	said("store root of another kind", !sg_dir_pstore_get("bm"));
	errno = 0;
	CHECK_OR_DIE(!sg_dir_open(NULL, NULL), "no store");
	printf("directory without store: %s\n", errno == EINVAL ? "EINVAL" : "?");
	sg_dir_pstore_ops(ps, &st);
	sg_dir *d = sg_dir_open(&st, NULL);
	for (int i = 0; i < 32; i++)   /* one block: 32 slots */
		CHECK_OR_DIE(sg_dir_insert(d, name, (size_t)sprintf(name, "n%d", i), 7) == 0, "fill");
	said("store full", sg_dir_insert(d, "one-more", 8, 7) == -1);
	CHECK_OR_DIE(sg_alloc_check(a) == 0 && sg_dir_check(d) == 0, "checks");
	printf("after the refusals: %llu free, %u entries, checks clean\n",
		(unsigned long long)sg_alloc_free_count(a), sg_dir_count(d));
	return 0;
}
