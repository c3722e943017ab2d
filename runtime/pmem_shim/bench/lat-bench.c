/*
 * lat-bench.c -- accuracy of the calibrated busy-wait (requested vs achieved
 * delay for 50, 100, 300 and 500 ns) and the cost of the latency hooks under
 * the dram preset.
 *
 * usage: lat-bench [CALLS]   prints one JSON line per measurement
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <pmem_shim.h>

/* now_ns -- monotonic nanoseconds */
static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

#define REPS 11

static long arr[4096];

/* cmp_double -- qsort order */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* loop -- stores with (hooks=1) or without the latency hooks */
__attribute__((noinline)) static long loop(long n, int hooks)
{
	long s = 0;
	for (long i = 0; i < n; i++) {
		long *p = &arr[(i * 7) & 4095];
		if (hooks)
			pms_lat_read(p, sizeof(*p));
		s += *p;
		if (hooks)
			pms_lat_write(p, sizeof(*p));
		*p = s;
	}
	return s;
}

int main(int argc, char **argv)
{
	long calls = argc > 1 ? atol(argv[1]) : 200000;
	static const unsigned req[] = { 50, 100, 300, 500 };
	double t0;

	printf("{\"tsc_per_ns\": %.4f}\n", pms_lat_tsc_per_ns());
	for (unsigned k = 0; k < 4; k++) {
		double per[REPS];
		for (int rep = 0; rep < REPS; rep++) {
			t0 = now_ns();
			for (long i = 0; i < calls; i++)
				pms_lat_delay_ns(req[k]);
			per[rep] = (now_ns() - t0) / calls;
		}
		qsort(per, REPS, sizeof(per[0]), cmp_double);
		double med = per[REPS / 2];
		printf("{\"requested_ns\": %u, \"achieved_ns_median\": %.1f, "
		       "\"achieved_ns_min\": %.1f, \"achieved_ns_max\": %.1f, "
		       "\"error_pct\": %.1f}\n", req[k], med, per[0],
		       per[REPS - 1], 100.0 * (med - req[k]) / req[k]);
	}
	pms_lat_configure("dram", "conservative");
	long n = 50 * calls;
	volatile long sink;
	sink = loop(n / 10, 1);
	t0 = now_ns();
	sink = loop(n, 0);
	double plain = (now_ns() - t0) / n;
	t0 = now_ns();
	sink = loop(n, 1);
	double hooked = (now_ns() - t0) / n;
	(void)sink;
	printf("{\"dram_hooks\": \"read+write per iteration\", \"plain_ns\": "
	       "%.2f, \"instrumented_ns\": %.2f, \"overhead_ns\": %.2f, "
	       "\"hooks_active\": %d}\n", plain, hooked, hooked - plain,
	       pms_lat_active_);
	return 0;
}
