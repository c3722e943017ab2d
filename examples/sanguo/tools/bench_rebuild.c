/*
 * bench_rebuild.c -- sanguo-bench rebuild: what opening an allocator costs
 * (its trees recounted from the bitmap), on a 4 GiB region of 4 KiB blocks
 * (the paper's file system) half allocated at random.
 */
#include <stdio.h>
#include <stdlib.h>

#include <pmem_shim.h>

#include "bench.h"
#include "sanguo/alloc.h"
#include "sanguo/pbitmap.h"

#define REBUILD_BLOCKS (1u << 20)

/* bench_rebuild -- the median of 5 opens per policy */
int bench_rebuild(const struct bench_opts *o)
{
	struct sg_pbitmap *bm = sg_pbitmap_create("rebuild", REBUILD_BLOCKS, 1);
	struct sg_alloc_opts ao = { SG_FBST_WALK, 0, o->seed };
	double t[5];

	if (!bm) {
		fprintf(stderr, "sanguo-bench: error: rebuild: %s\n", sg_errormsg());
		return 1;
	}
	bench_seed(o->seed);
	for (uint32_t w = 0; w < REBUILD_BLOCKS / 64; w++)   /* about half allocated */
		bm->words[w] = bench_rand();
	bm->words[0] |= 1;
	pms_persist(bm->words, REBUILD_BLOCKS / 8);
	for (int k = 0; k < 5; k++) {
		uint64_t t0 = bench_now_ns();
		sg_alloc *a = sg_alloc_open(bm->words, REBUILD_BLOCKS, 1, &ao);

		t[k] = (bench_now_ns() - t0) / 1e6;
		if (!a || sg_alloc_check(a) != 0) {
			fprintf(stderr, "sanguo-bench: error: rebuild: %s\n", sg_errormsg());
			return 1;
		}
		sg_alloc_close(a);
	}
	for (int i = 0; i < 5; i++)
		for (int j = i + 1; j < 5; j++)
			if (t[j] < t[i]) {
				double x = t[i];
				t[i] = t[j];
				t[j] = x;
			}
	printf("# rebuild: allocator trees recounted from a %u-block bitmap (4 GiB of 4 KiB "
		"blocks, half allocated): median of 5 opens %.3f ms (min %.3f, max %.3f)\n",
		REBUILD_BLOCKS, t[2], t[0], t[4]);
	return 0;
}
