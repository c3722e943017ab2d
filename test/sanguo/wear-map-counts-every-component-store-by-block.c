// Every store the components make passes sg_write, which counts one write
// of each block of the attached map it touches. A map of 64-byte blocks
// over a bitmap: first fit's 100 single-block allocations store into words
// 0 and 1 (blocks 1-100), all in map block 0: 100 writes; freeing them
// again, 200. A map of 64-byte blocks over a directory's first block (slot
// s starts at map block 2s): removing "x" from slot 0 writes its ino; the
// next insert takes the lowest free slot, 0 again, and writes its header and
// name (10 bytes, map block 0); the two after it slots 1 and 2: 2 0 1 0 1.
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: rm -f %t.pool && %t %t.pool | FileCheck %s
//
// CHECK: bitmap map after 100 allocations: block 0: 100, others 0
// CHECK-NEXT: after freeing them: block 0: 200
// CHECK-NEXT: # sanguo wear map: block_size 64 blocks 8
// CHECK-NEXT: 0 200
// CHECK-NEXT: directory map after 1 remove and 3 inserts: 2 0 1 0 1 0 0 0
// CHECK-NEXT: 8 intervals of 8 map blocks: 4 0 0 0 0 0 0 0

#include "sg_test.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"
#include "sanguo/wear.h"

int main(int argc, char **argv)
{
	static uint64_t words[64] __attribute__((aligned(64)));   /* 4,096 blocks */
	struct sg_alloc_opts o = { SG_FIRST_FIT, 0, 1 };
	struct sg_extent e[100];
	struct sg_dir_store st;
	uint64_t others = 0, sums[8];

	test_open_pool(argv[1]);
	words[0] = 1;   /* block 0 reserved */
	sg_alloc *a = sg_alloc_open(words, 4096, 1, &o);
	struct sg_wear *w = sg_wear_attach((uintptr_t)words, 64, 8);
	CHECK_OR_DIE(a && w, "open");
	for (int i = 0; i < 100; i++)
		CHECK_OR_DIE(sg_alloc_blocks(a, 1, 0, &e[i], 1) == 1, "alloc");
	for (int i = 1; i < 8; i++)
		others += w->writes[i];
	printf("bitmap map after 100 allocations: block 0: %llu, others %llu\n",
		(unsigned long long)w->writes[0], (unsigned long long)others);
	for (int i = 0; i < 100; i++)
		CHECK_OR_DIE(sg_free_blocks(a, e[i].start, 1) == 0, "free");
	printf("after freeing them: block 0: %llu\n", (unsigned long long)w->writes[0]);
	fflush(stdout);
	CHECK_OR_DIE(sg_wear_dump(w, stdout) == 0, "dump");

	struct sg_dir_pstore *ps = sg_dir_pstore_create("d", 4);
	sg_dir_pstore_ops(ps, &st);
	sg_dir *d = sg_dir_open(&st, NULL);
	CHECK_OR_DIE(d && sg_dir_insert(d, "x", 1, 1) == 0, "first insert");   /* grows */
	w = sg_wear_attach((uintptr_t)ps->blocks[0], 64, 64);   /* the 32 slots */
	CHECK_OR_DIE(sg_dir_remove(d, "x", 1, NULL) == 0 && sg_dir_insert(d, "a", 1, 2) == 0 &&
		sg_dir_insert(d, "b", 1, 3) == 0 && sg_dir_insert(d, "c", 1, 4) == 0, "ops");
	printf("directory map after 1 remove and 3 inserts:");
	for (int i = 0; i < 8; i++)
		printf(" %llu", (unsigned long long)w->writes[i]);
	CHECK_OR_DIE(sg_wear_intervals(w, 8, sums) == 0, "intervals");
	printf("\n8 intervals of 8 map blocks:");
	for (int i = 0; i < 8; i++)
		printf(" %llu", (unsigned long long)sums[i]);
	printf("\n");
	return 0;
}
