/*
 * bench_main.c -- sanguo-bench: options, the pool it runs in, and which
 * measurement runs (wear, dir or all).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmem_shim.h>

#include "bench.h"

static const char usage[] =
	"usage: sanguo-bench [wear|dir|rebuild|all] [--personality NAME|all] [--files N]\n"
	"                    [--iterations N] [--dir-ops N] [--seed N] [--wear-dump PREFIX]\n"
	"                    [--pool-dir DIR] [--pool-mb N]\n"
	"  wear: allocation wear over 128 intervals, first-fit vs FBST, after aging to half\n"
	"  dir:  directory create/lookup/delete per second at 8K/16K/32K entries,\n"
	"        linear vs Gather-free, and the index rebuild time at open\n"
	"  rebuild: the allocator's open (trees from the bitmap) on a 4 GiB region\n"
	"  The pool is a fresh file of N MiB (default 128) in DIR (default /dev/shm),\n"
	"  removed at exit.\n";

/* parse_u -- a positive number option, or exit 2 */
static uint64_t parse_u(const char *opt, const char *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = v ? strtoull(v, &end, 0) : 0;
	if (!v || errno || *end || !x || x > UINT32_MAX) {
		fprintf(stderr, "sanguo-bench: error: %s wants a positive number, not '%s'\n",
			opt, v ? v : "");
		exit(2);
	}
	return x;
}

/* parse -- the options into *o; returns the mode */
static const char *parse(int argc, char **argv, struct bench_opts *o, const char **dir,
		uint64_t *pool_mb)
{
	const char *mode = "all";

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "wear") || !strcmp(a, "dir") || !strcmp(a, "rebuild") ||
		    !strcmp(a, "all")) {
			mode = a;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			exit(0);
		}
		if (!strcmp(a, "--personality") && v)
			o->personality = v;
		else if (!strcmp(a, "--files"))
			o->files = (uint32_t)parse_u(a, v);
		else if (!strcmp(a, "--iterations"))
			o->iterations = (uint32_t)parse_u(a, v);
		else if (!strcmp(a, "--dir-ops"))
			o->dir_ops = (uint32_t)parse_u(a, v);
		else if (!strcmp(a, "--seed"))
			o->seed = parse_u(a, v);
		else if (!strcmp(a, "--wear-dump") && v)
			o->wear_dump = v;
		else if (!strcmp(a, "--pool-dir") && v)
			*dir = v;
		else if (!strcmp(a, "--pool-mb"))
			*pool_mb = parse_u(a, v);
		else {
			fprintf(stderr, "sanguo-bench: error: unknown or incomplete option '%s'\n%s",
				a, usage);
			exit(2);
		}
		i++;
	}
	return mode;
}

int main(int argc, char **argv)
{
	struct bench_opts o = { "all", 8192, 100000, 2000, 1, NULL };
	uint64_t pool_mb = 128;
	const char *dir = "/dev/shm", *mode = parse(argc, argv, &o, &dir, &pool_mb);
	struct pms_pool_opts po = { 0, (size_t)pool_mb << 20, 0 };
	char path[4096];
	int rc = 0;

	snprintf(path, sizeof path, "%s/sanguo-bench.%d.pool", dir, (int)getpid());
	if (!pms_pool_open(path, PMS_CREATE | PMS_EXCL, &po)) {
		fprintf(stderr, "sanguo-bench: error: cannot create pool '%s': %s\n", path,
			pms_errormsg());
		return 1;
	}
	if (!strcmp(mode, "wear") || !strcmp(mode, "all"))
		rc = bench_wear(&o);
	if (!rc && (!strcmp(mode, "dir") || !strcmp(mode, "all")))
		rc = bench_dir(&o);
	if (!rc && (!strcmp(mode, "rebuild") || !strcmp(mode, "all")))
		rc = bench_rebuild(&o);
	pms_pool_close(pms_pool_current());
	unlink(path);
	return rc;
}
