// Allocating until ENOSPC hands out every free block exactly once (never a
// reserved one, never twice), freeing them all in random order returns every
// tree count to full, bad frees are refused and change nothing, and an
// aborted transaction's allocations vanish from bitmap and tree alike. Run
// for each policy over a bitmap whose size is no multiple of a leaf, with
// several allocation groups, in the pool.
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: rm -f %t.pool && %t %t.pool first-fit | FileCheck %s
// RUN: rm -f %t.pool && %t %t.pool fbst | FileCheck %s
// RUN: rm -f %t.pool && %t %t.pool fbst-weighted | FileCheck %s
//
// CHECK: allocated 39963 of 39963 free blocks, each once, none reserved
// CHECK-NEXT: full again: 39963 free, tree consistent
// CHECK-NEXT: double free refused: EINVAL
// CHECK-NEXT: reserved free refused: EINVAL
// CHECK-NEXT: aborted 300 blocks: 39963 free, tree consistent
// CHECK-NEXT: contiguous runs of 1..400 disjoint and free before: ok

#include "sg_test.h"
#include "sanguo/pbitmap.h"

#define NBLOCKS 40000u
#define RESERVED 37u

int main(int argc, char **argv)
{
	static unsigned char seen[NBLOCKS];
	static uint32_t order[NBLOCKS];
	struct sg_alloc_opts o = { sg_policy_parse(argv[2]), 4096, 42 };
	struct sg_extent e[8];
	uint32_t n = 0, full = NBLOCKS - RESERVED;

	test_open_pool(argv[1]);
	struct sg_pbitmap *bm = sg_pbitmap_create("bm", NBLOCKS, RESERVED);
	CHECK_OR_DIE(bm, "bitmap");
	sg_alloc *a = sg_alloc_open(bm->words, NBLOCKS, RESERVED, &o);
	CHECK_OR_DIE(a && sg_alloc_free_count(a) == full, "open");

	while (sg_alloc_blocks(a, 1, 0, e, 1) == 1) {
		CHECK_OR_DIE(e[0].len == 1 && e[0].start >= RESERVED && e[0].start < NBLOCKS,
			"block %u out of range", e[0].start);
		CHECK_OR_DIE(!seen[e[0].start], "block %u handed out twice", e[0].start);
		seen[e[0].start] = 1;
		order[n++] = e[0].start;
	}
	CHECK_OR_DIE(errno == ENOSPC && sg_alloc_free_count(a) == 0, "end: %d", errno);
	printf("allocated %u of %u free blocks, each once, none reserved\n", n, full);

	for (uint32_t i = n; i > 1; i--) {   /* free in a shuffled order */
		uint32_t j = (uint32_t)(((uint64_t)i * 2654435761u) % i), t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
	for (uint32_t i = 0; i < n; i++)
		CHECK_OR_DIE(sg_free_blocks(a, order[i], 1) == 0, "free %u", order[i]);
	CHECK_OR_DIE(sg_alloc_check(a) == 0, "check");
	sg_alloc *fresh = sg_alloc_open(bm->words, NBLOCKS, RESERVED, &o);
	CHECK_OR_DIE(sg_alloc_free_count(a) == sg_alloc_free_count(fresh), "counts");
	printf("full again: %llu free, tree consistent\n",
		(unsigned long long)sg_alloc_free_count(a));

	CHECK_OR_DIE(sg_alloc_blocks(a, 1, 0, e, 1) == 1, "alloc");
	CHECK_OR_DIE(sg_free_blocks(a, e[0].start, 1) == 0, "free");
	CHECK_OR_DIE(sg_free_blocks(a, e[0].start, 1) == -1, "double free accepted");
	printf("double free refused: %s\n", errno == EINVAL ? "EINVAL" : "?");
	CHECK_OR_DIE(sg_free_blocks(a, RESERVED - 1, 2) == -1, "reserved free accepted");
	printf("reserved free refused: %s\n", errno == EINVAL ? "EINVAL" : "?");

	pms_tx_begin();
	for (int i = 0; i < 300; i++)
		CHECK_OR_DIE(sg_alloc_blocks(a, 1, 0, e, 1) == 1, "alloc in tx");
	pms_tx_abort();
	CHECK_OR_DIE(sg_alloc_check(a) == 0, "check after abort");
	printf("aborted 300 blocks: %llu free, tree consistent\n",
		(unsigned long long)sg_alloc_free_count(a));

	memset(seen, 0, sizeof seen);
	for (uint32_t len = 1; len <= 400; len += 13) {
		CHECK_OR_DIE(sg_alloc_blocks(a, len, SG_CONTIG, e, 1) == 1 && e[0].len == len,
			"contig %u", len);
		for (uint32_t b = e[0].start; b < e[0].start + len; b++) {
			CHECK_OR_DIE(b >= RESERVED && b < NBLOCKS && !seen[b], "block %u", b);
			seen[b] = 1;
		}
	}
	CHECK_OR_DIE(sg_alloc_check(a) == 0, "check");
	printf("contiguous runs of 1..400 disjoint and free before: ok\n");
	sg_alloc_close(fresh);
	sg_alloc_close(a);
	return 0;
}
