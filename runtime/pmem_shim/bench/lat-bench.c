/*
 * lat-bench.c -- accuracy of the calibrated busy-wait: requested vs achieved
 * delay for 50, 100, 300 and 500 ns, through pms_lat_delay_ns and through the
 * read and write hooks (a one-line access of a custom model charging exactly
 * the request); then the cost of the hooks under the dram preset.
 *
 * Each figure is the median, min and max of REPS repetitions of CALLS
 * back-to-back charges, timed with CLOCK_MONOTONIC.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pmem_shim.h>

#define REPS 11
#define DEFAULT_CALLS 200000L
#define MAX_CALLS 100000000L  /* the dram loop runs 50 x CALLS iterations */

static const char usage[] =
	"usage: pms-lat-bench [CALLS]\n"
	"Measures the NVM latency model's busy-wait: for 50, 100, 300 and 500 ns\n"
	"requests, the achieved delay through pms_lat_delay_ns and the read and\n"
	"write hooks (median, min and max of 11 repetitions of CALLS charges,\n"
	"default 200000), then the cost of the hooks under the dram preset.\n"
	"Prints one JSON line per measurement.\n";

static const unsigned req[] = { 50, 100, 300, 500 };
#define NREQ (sizeof(req) / sizeof(req[0]))

static long arr[4096] __attribute__((aligned(64)));

/* now_ns -- monotonic nanoseconds */
static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* cmp_double -- qsort order */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* parse_calls -- CALLS from the command line: 0 ok, 1 help printed, 2 error */
static int parse_calls(int argc, char **argv, long *calls)
{
	char *end;
	long n;

	*calls = DEFAULT_CALLS;
	if (argc < 2)
		return 0;
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage, stdout);
		return 1;
	}
	if (argc > 2) {
		fprintf(stderr, "pms-lat-bench: error: unexpected argument '%s' "
			"(usage: pms-lat-bench [CALLS])\n", argv[2]);
		return 2;
	}
	errno = 0;
	n = strtol(argv[1], &end, 10);
	if (errno || end == argv[1] || *end || n <= 0 || n > MAX_CALLS) {
		fprintf(stderr, "pms-lat-bench: error: CALLS must be a whole "
			"number from 1 to %ld: '%s'\n", MAX_CALLS, argv[1]);
		return 2;
	}
	*calls = n;
	return 0;
}

enum path { PATH_DELAY, PATH_READ, PATH_WRITE };
static const char *const path_names[] = { "delay", "read", "write" };

/* charge_model -- a conservative model charging exactly ns per one-line access */
static void charge_model(unsigned ns)
{
	struct pms_lat_model m;

	memset(&m, 0, sizeof(m));
	strcpy(m.name, "custom");
	m.read_ns = ns;
	m.write_ns = ns;
	m.mode = PMS_LAT_CONSERVATIVE;
	pms_lat_set_model(&m);
}

/* time_charges -- ns per charge of calls back-to-back charges of ns */
__attribute__((noinline)) static double time_charges(enum path p, unsigned ns,
		long calls)
{
	double t0 = now_ns();

	for (long i = 0; i < calls; i++) {
		if (p == PATH_DELAY)
			pms_lat_delay_ns(ns);
		else if (p == PATH_READ)
			pms_lat_read(&arr[0], sizeof(arr[0]));
		else
			pms_lat_write(&arr[0], sizeof(arr[0]));
	}
	return (now_ns() - t0) / calls;
}

/* bench_accuracy -- one JSON line per path and request */
static void bench_accuracy(long calls)
{
	pms_lat_set_charge(PMS_LAT_CHARGE_TYPE);  /* arr is not in a pool */
	for (unsigned p = PATH_DELAY; p <= PATH_WRITE; p++) {
		for (unsigned k = 0; k < NREQ; k++) {
			double per[REPS], med;

			charge_model(req[k]);
			for (int rep = 0; rep < REPS; rep++)
				per[rep] = time_charges(p, req[k], calls);
			qsort(per, REPS, sizeof(per[0]), cmp_double);
			med = per[REPS / 2];
			printf("{\"path\": \"%s\", \"requested_ns\": %u, "
			       "\"achieved_ns_median\": %.1f, "
			       "\"achieved_ns_min\": %.1f, \"achieved_ns_max\": %.1f, "
			       "\"error_pct\": %.1f}\n", path_names[p], req[k], med,
			       per[0], per[REPS - 1], 100.0 * (med - req[k]) / req[k]);
		}
	}
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

/* bench_dram_hooks -- cost of a read and a write hook under the dram preset */
static void bench_dram_hooks(long calls)
{
	long n = 50 * calls;
	volatile long sink;
	double t0, plain, hooked;

	pms_lat_configure("dram", "conservative");
	sink = loop(n / 10, 1);
	t0 = now_ns();
	sink = loop(n, 0);
	plain = (now_ns() - t0) / n;
	t0 = now_ns();
	sink = loop(n, 1);
	hooked = (now_ns() - t0) / n;
	(void)sink;
	printf("{\"dram_hooks\": \"read+write per iteration\", \"plain_ns\": "
	       "%.2f, \"instrumented_ns\": %.2f, \"overhead_ns\": %.2f, "
	       "\"hooks_active\": %d}\n", plain, hooked, hooked - plain,
	       pms_lat_active_);
}

int main(int argc, char **argv)
{
	long calls;
	int rc = parse_calls(argc, argv, &calls);

	if (rc)
		return rc == 1 ? 0 : rc;
	printf("{\"tsc_per_ns\": %.4f, \"fixed_ns\": %.2f}\n",
	       pms_lat_tsc_per_ns(), pms_lat_fixed_ns());
	bench_accuracy(calls);
	bench_dram_hooks(calls);
	return 0;
}
