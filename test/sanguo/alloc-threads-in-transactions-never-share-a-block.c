// Four threads allocate and free in their own transactions on one
// allocator, a fifth of them aborted: the lock held to each transaction's
// end keeps a roll-back from erasing another thread's bits, so no block is
// ever owned by two threads, and at the end the bitmap holds exactly the
// blocks the threads still own and the tree matches it. (A lock released
// at each call instead fails this within a few runs: an abort restores a
// bitmap word that another thread's committed bit has since changed.)
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: rm -f %t.pool && %t %t.pool fbst | FileCheck %s
// RUN: rm -f %t.pool && %t %t.pool first-fit | FileCheck %s
//
// CHECK: 4 threads, 8000 transactions ({{[0-9]+}} aborted): no block shared, bitmap = owned, tree consistent

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "sg_test.h"
#include "sanguo/pbitmap.h"

#define NBLOCKS 30000u
#define THREADS 4
#define TXS 2000

static sg_alloc *a;
static _Atomic unsigned char owner[NBLOCKS];   /* 0 or thread + 1 */
static _Atomic int aborted;

struct held { uint32_t n; struct sg_extent e[64]; };

static void *worker(void *arg)
{
	int me = (int)(long)arg + 1;
	static _Thread_local struct held h;
	uint64_t r = 0x9e3779b97f4a7c15ULL * (uint64_t)me;

	for (int k = 0; k < TXS; k++) {
		struct sg_extent e[8];
		r ^= r << 13; r ^= r >> 7; r ^= r << 17;
		int abort_it = r % 5 == 0, n;

		CHECK_OR_DIE(pms_tx_begin() == 0, "begin");
		if (h.n > 40 || (h.n && r % 2)) {   /* free the oldest run */
			CHECK_OR_DIE(sg_free_blocks(a, h.e[0].start, h.e[0].len) == 0, "free");
			if (!abort_it) {
				for (uint32_t b = h.e[0].start; b < h.e[0].start + h.e[0].len; b++)
					owner[b] = 0;
				memmove(h.e, h.e + 1, --h.n * sizeof h.e[0]);
			}
		} else if ((n = sg_alloc_blocks(a, 1 + (uint32_t)(r >> 40) % 8, 0, e, 8)) > 0) {
			for (int i = 0; i < n; i++)
				for (uint32_t b = e[i].start; b < e[i].start + e[i].len; b++) {
					unsigned char was = 0;
					CHECK_OR_DIE(atomic_compare_exchange_strong(&owner[b], &was,
						(unsigned char)me), "block %u of %d also owned by %d", b, me, was);
					if (abort_it)
						owner[b] = 0;
				}
			for (int i = 0; !abort_it && i < n && h.n < 64; i++)
				h.e[h.n++] = e[i];
		}
		sched_yield();   /* let others run while this transaction is open */
		if (abort_it) {
			pms_tx_abort();
			aborted++;
		} else {
			CHECK_OR_DIE(pms_tx_commit() == 0, "commit");
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct sg_alloc_opts o = { sg_policy_parse(argv[2]), 4096, 5 };
	pthread_t t[THREADS];
	uint64_t owned = 0, set = 0;

	test_open_pool(argv[1]);
	struct sg_pbitmap *bm = sg_pbitmap_create("bm", NBLOCKS, 1);
	CHECK_OR_DIE(bm && (a = sg_alloc_open(bm->words, NBLOCKS, 1, &o)), "open");
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	for (uint32_t b = 1; b < NBLOCKS; b++) {
		int bit = (bm->words[b / 64] >> (b % 64)) & 1;
		CHECK_OR_DIE(bit == (owner[b] != 0), "block %u: bit %d, owner %d", b, bit, owner[b]);
		owned += owner[b] != 0;
		set += bit;
	}
	CHECK_OR_DIE(sg_alloc_check(a) == 0 && sg_alloc_free_count(a) == NBLOCKS - 1 - set,
		"tree");
	printf("%d threads, %d transactions (%d aborted): no block shared, bitmap = owned, "
		"tree consistent\n", THREADS, THREADS * TXS, aborted);
	return 0;
}
