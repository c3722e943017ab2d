/*
 * open-bench.c -- how long a warm pms_pool_open takes, and how that grows
 * with what the pool holds.
 *
 *   pms-open-bench fill POOL N clean|kill   N small objects (100 bytes, slab
 *                                           slots with PMS_SLAB=1) in
 *                                           transactions of 1,000, linked
 *                                           from a root; then a clean close
 *                                           or an exit without one
 *   pms-open-bench open POOL                one warm open, timed; prints
 *                                           the runtime's open_* figures
 *
 * Each open is a fresh process (PMDK's first open in a process is the
 * expensive one), so run-open-bench.sh starts this program once per sample.
 */
#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct node {
	struct node *next;
	char payload[92];
};

/* now_us -- monotonic microseconds */
static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int die(const char *what)
{
	fprintf(stderr, "pms-open-bench: %s: %s\n", what, pms_errormsg());
	return 1;
}

/* fill -- n linked nodes under the root "list" */
static int fill(const char *path, long n, int clean)
{
	pms_pool *p = pms_pool_open(path, PMS_CREATE | PMS_EXCL, NULL);
	struct node *head = NULL;

	if (!p)
		return die("create");
	for (long i = 0; i < n;) {
		if (pms_tx_begin() != 0)
			return die("tx_begin");
		for (long k = 0; k < 1000 && i < n; k++, i++) {
			struct node *x = pms_malloc(sizeof(*x));
			if (!x)
				return die("pms_malloc");
			x->next = head;
			snprintf(x->payload, sizeof(x->payload), "value %ld", i);
			head = x;
		}
		if (pms_root_set("list", head) != 0 || pms_tx_commit() != 0)
			return die("commit");
	}
	if (clean && pms_pool_close(p) != 0)
		return die("close");
	printf("{\"filled\": %ld, \"clean\": %d}\n", n, clean);
	fflush(stdout);
	if (!clean)
		_exit(0); /* no close: the pool stays marked open, as after a crash */
	return 0;
}

/* open_once -- one timed warm open; counts the list to show it is all there */
static int open_once(const char *path)
{
	double t0 = now_us(), t1;
	pms_pool *p = pms_pool_open(path, 0, NULL);
	long n = 0;

	t1 = now_us();
	if (!p)
		return die("open");
	for (struct node *x = pms_root_get("list"); x; x = x->next)
		n++;
	printf("{\"open_us\": %.1f, \"warm\": %d, \"nodes\": %ld}\n", t1 - t0,
		pms_pool_is_warm(p), n);
	fflush(stdout);
	return pms_pool_close(p) != 0 ? die("close") : 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "fill") == 0 &&
			(!strcmp(argv[4], "clean") || !strcmp(argv[4], "kill")))
		return fill(argv[2], atol(argv[3]), !strcmp(argv[4], "clean"));
	if (argc == 3 && strcmp(argv[1], "open") == 0)
		return open_once(argv[2]);
	fprintf(stderr, "usage: pms-open-bench fill POOL N clean|kill | "
		"pms-open-bench open POOL\n");
	return 2;
}
