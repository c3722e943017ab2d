/*
 * tx-bench.c -- the same small-update, volatile-logged-store and allocation
 * workloads written against the shim or (with -DRAW_PMDK) directly against
 * libpmemobj, so the two builds can be compared.
 *
 * usage: tx-bench POOL [SECONDS_PER_TEST]   prints one JSON line per test
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef RAW_PMDK
#include <libpmemobj.h>
#define IMPL "pmdk"
static PMEMobjpool *pop;
#else
#include <pmem_shim.h>
#define IMPL "shim"
#endif

#define NOBJ 1024

static uint64_t *obj[NOBJ];

/* now_s -- monotonic seconds */
static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* report -- one JSON line */
static void report(const char *test, long n, double secs)
{
	printf("{\"impl\": \"%s\", \"test\": \"%s\", \"ops\": %ld, "
	       "\"ops_per_s\": %.0f, \"ns_per_op\": %.1f}\n", IMPL, test, n,
	       n / secs, secs * 1e9 / n);
	fflush(stdout);
}

#ifdef RAW_PMDK
static void *bench_alloc(size_t n)
{
	PMEMoid o;
	if (pmemobj_alloc(pop, &o, n, 1, NULL, NULL))
		abort();
	return pmemobj_direct(o);
}
static void bench_free(void *p)
{
	PMEMoid o = pmemobj_oid(p);
	pmemobj_free(&o);
}
static void tx_update(uint64_t *p)
{
	pmemobj_tx_begin(pop, NULL, TX_PARAM_NONE);
	pmemobj_tx_add_range_direct(p, sizeof(*p));
	++*p;
	pmemobj_tx_commit();
	pmemobj_tx_end();
}
static void tx_alloc_free(void)
{
	pmemobj_tx_begin(pop, NULL, TX_PARAM_NONE);
	PMEMoid o = pmemobj_tx_alloc(64, 1);
	pmemobj_tx_free(o);
	pmemobj_tx_commit();
	pmemobj_tx_end();
}
static int volatile_log(uint64_t *p)
{
	(void)p;
	return 0;   /* PMDK has no such call: it is the baseline of zero */
}
#else
static void *bench_alloc(size_t n) { return pms_malloc(n); }
static void bench_free(void *p) { pms_free(p); }
static void tx_update(uint64_t *p)
{
	pms_tx_begin();
	pms_tx_add_range(p, sizeof(*p));
	++*p;
	pms_tx_commit();
}
static void tx_alloc_free(void)
{
	pms_tx_begin();
	pms_free(pms_malloc(64));
	pms_tx_commit();
}
static int volatile_log(uint64_t *p) { return pms_tx_add_range(p, 8); }
#endif

int main(int argc, char **argv)
{
	double secs = argc > 2 ? atof(argv[2]) : 2.0, t0;
	unsigned seed = 1;
	long n;
	static uint64_t vol[64];

	if (argc < 2)
		return 2;
	unlink(argv[1]);
#ifdef RAW_PMDK
	pop = pmemobj_create(argv[1], "bench", 256 << 20, 0600);
	if (!pop)
		return 1;
#else
	struct pms_pool_opts o = { 0, 256 << 20, 0 };
	if (!pms_pool_open(argv[1], PMS_CREATE, &o))
		return 1;
#endif
	for (int i = 0; i < NOBJ; i++)
		obj[i] = bench_alloc(64);

	t0 = now_s();
	for (n = 0; (n & 1023) || now_s() - t0 < secs; n++)
		tx_update(obj[rand_r(&seed) % NOBJ]);
	report("tx_small_update", n, now_s() - t0);

	t0 = now_s();
	for (n = 0; (n & 1023) || now_s() - t0 < secs; n++)
		tx_alloc_free();
	report("tx_alloc_free_64", n, now_s() - t0);

	t0 = now_s();
	for (n = 0; (n & 1023) || now_s() - t0 < secs; n++) {
		void *p = bench_alloc(64 + (n & 255));
		bench_free(p);
	}
	report("alloc_free_64_320", n, now_s() - t0);

	volatile int sink = 0;
	t0 = now_s();
	for (n = 0; (n & 1048575) || now_s() - t0 < secs; n++)
		sink += volatile_log(&vol[n & 63]);
	report("logged_store_volatile", n, now_s() - t0);
	(void)sink;
#ifdef RAW_PMDK
	pmemobj_close(pop);
#else
	pms_pool_close(pms_pool_current());
#endif
	unlink(argv[1]);
	return 0;
}
