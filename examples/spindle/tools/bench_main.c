/*
 * bench_main.c -- spindle-bench: formats a store in one cache configuration,
 * runs a workload on it (fio-style random I/O at a read percentage, or a
 * block-level filebench personality) and prints throughput, flushes and
 * fences per operation, NVM bytes written and disk I/O as one JSON line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "common.h"
#include <pmem_shim.h>

static const char *const T = "spindle-bench";

static const char usage[] =
	"usage: spindle-bench --dev=PATH [--pool=PATH] --cache=C [options] [store options]\n"
	"  --workload=fio|fileserver|webproxy|varmail|trace   (default fio)\n"
	"  --trace=FILE       trace: a flowop trace of fsbench (fsbench --trace FILE), replayed\n"
	"                     flowop by flowop (--ops and --warmup count flowops; default:\n"
	"                     the first quarter warms up, the rest is measured)\n"
	"  --iosize=BYTES     trace: read and write request size (default 16384)\n"
	"  --read-pct=N       fio: percentage of reads (0, 30, 50, 70, 100 are the paper's)\n"
	"  --ops=N            measured operations (default 20000)\n"
	"  --warmup=N         operations before the counters start (default ops/4)\n"
	"  --files=N          files (fio: inodes the data region is split over; default 64)\n"
	"  --seed=N\n"
	"The store is formatted (with --prefill) and must not exist.\n";

struct opts {
	struct spd_config cfg;
	const char *workload, *trace;
	uint64_t read_pct, ops, warmup, files, seed, iosize;
	int ops_given;
};

/* bench_args -- the options; exits 2 on a bad one */
static void bench_args(struct opts *o, int argc, char **argv)
{
	o->warmup = UINT64_MAX;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("%s%s", usage, tool_store_help);
			exit(0);
		}
		r = tool_store_opt(T, a, &o->cfg);
		if (!r && !(r = tool_str(a, "--workload", &o->workload)) &&
		    !(r = tool_u64(T, a, "--read-pct", &o->read_pct)) &&
		    !(r = (o->ops_given = tool_u64(T, a, "--ops", &o->ops))) &&
		    !(r = tool_u64(T, a, "--warmup", &o->warmup)) &&
		    !(r = tool_u64(T, a, "--files", &o->files)) &&
		    !(r = tool_str(a, "--trace", &o->trace)) &&
		    !(r = tool_u64(T, a, "--iosize", &o->iosize)))
			r = tool_u64(T, a, "--seed", &o->seed);
		if (r < 0)
			exit(2);
		if (!r) {
			fprintf(stderr, "%s: error: unknown option '%s'\n%s", T, a, usage);
			exit(2);
		}
	}
	if (!o->cfg.dev_path || (o->cfg.cache != SPD_CACHE_NONE && !o->cfg.pool_path)) {
		fprintf(stderr, "%s: error: --dev (and --pool for tinca and spindle) are required\n", T);
		exit(2);
	}
	if (o->read_pct > 100 || !o->files || !o->iosize) {
		fprintf(stderr, "%s: error: --read-pct must be 0..100, --files and --iosize at least 1\n", T);
		exit(2);
	}
	if (!strcmp(o->workload, "trace") != !!o->trace) {
		fprintf(stderr, "%s: error: --trace=FILE goes with --workload=trace, and only with it\n", T);
		exit(2);
	}
	if (o->warmup == UINT64_MAX && !o->trace)
		o->warmup = o->ops / 4;
}

/* bench_trace_args -- loads the trace and sizes warm-up and measured flowops to it */
static void bench_trace_args(struct opts *o, struct bench *b)
{
	char msg[4352];
	uint64_t n;

	static char label[80];
	const char *base = strrchr(o->trace, '/') ? strrchr(o->trace, '/') + 1 : o->trace;
	size_t k = 0;

	if (bench_trace_load(b, o->trace, o->iosize, &n, msg, sizeof msg))
		tool_die(T, "%s", msg);
	/* the JSON line names the trace by its file name up to the first dot */
	memcpy(label, "trace:", 6);
	for (; base[k] && base[k] != '.' && k < sizeof label - 7; k++)
		label[6 + k] = isalnum((unsigned char)base[k]) || base[k] == '-' ? base[k] : '_';
	o->workload = label;
	if (o->warmup == UINT64_MAX)
		o->warmup = n / 4;
	if (!o->ops_given)
		o->ops = n > o->warmup ? n - o->warmup : 0;
	if (!o->ops || o->warmup + o->ops > n)
		tool_die(T, "the trace holds %llu flowops: %llu of warm-up and %llu measured do not fit",
			(unsigned long long)n, (unsigned long long)o->warmup, (unsigned long long)o->ops);
}

/* bench_now -- seconds on the monotonic clock */
static double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* bench_report -- the JSON line */
static void bench_report(const struct opts *o, struct bench *b, double secs)
{
	struct spd_stats s;
	double ops = (double)o->ops, w = b->writes ? (double)b->writes : 1;
	struct pms_lat_model m;

	spd_stats_get(b->st, &s);
	pms_lat_get_model(&m);
	printf("{\"cache\": \"%s\", \"workload\": \"%s\", \"read_pct\": %llu, \"ops\": %llu, "
		"\"seconds\": %.3f, \"ops_per_s\": %.1f, \"data_reads\": %llu, \"data_writes\": %llu, "
		"\"flushes_per_op\": %.2f, \"fences_per_op\": %.2f, \"flushes_per_write\": %.2f, "
		"\"nvm_bytes_written\": %llu, \"nvm_bytes_per_op\": %.1f, \"disk_reads\": %llu, "
		"\"disk_writes\": %llu, \"disk_syncs\": %llu, \"evictions\": %llu, "
		"\"dram_hits\": %llu, \"commits\": %llu, \"model\": \"%s\", \"direct_io\": %s, "
		"\"read_fill\": %s, \"iosize\": %llu}\n",
		spd_cache_name(o->cfg.cache), o->workload, (unsigned long long)o->read_pct,
		(unsigned long long)o->ops, secs, ops / secs, (unsigned long long)b->reads,
		(unsigned long long)b->writes, s.flushes / ops, s.fences / ops, s.flushes / w,
		(unsigned long long)s.nvm_bytes_written, s.nvm_bytes_written / ops,
		(unsigned long long)s.disk_reads, (unsigned long long)s.disk_writes,
		(unsigned long long)s.disk_syncs, (unsigned long long)s.evictions,
		(unsigned long long)s.dram_hits, (unsigned long long)s.commits, m.name,
		s.direct_io ? "true" : "false", o->cfg.read_fill ? "true" : "false",
		(unsigned long long)(o->trace ? o->iosize : 0));
}

/* bench_op -- one operation of the workload */
static int bench_op(const struct opts *o, struct bench *b,
		const struct bench_personality *p)
{
	if (o->trace)
		return bench_trace_op(b);
	return p ? p->op(b) : bench_fio_op(b, (unsigned)o->read_pct, (unsigned)o->files);
}

int main(int argc, char **argv)
{
	struct opts o = { .workload = "fio", .ops = 20000, .files = 64, .seed = 1, .iosize = 16384 };
	const struct bench_personality *p = NULL;
	struct bench b = { 0 };
	double t0;

	spd_config_default(&o.cfg);
	o.cfg.cache = SPD_CACHE_SPINDLE;
	bench_args(&o, argc, argv);
	if (strcmp(o.workload, "fio") && !o.trace && !(p = bench_personality_find(o.workload)))
		tool_die(T, "unknown workload '%s' (known: fio, fileserver, webproxy, varmail, trace)",
			o.workload);
	if (o.trace)
		bench_trace_args(&o, &b);
	o.cfg.create = 1;
	o.cfg.prefill = 1;
	b.st = spd_open(&o.cfg);
	if (!b.st)
		tool_die(T, "%s", spd_errormsg());
	spd_geometry_get(b.st, &b.home, &b.meta);
	if (!p && 1 + (o.files + FS_INODES_PER_BLOCK - 1) / FS_INODES_PER_BLOCK > b.meta)
		tool_die(T, "%llu inodes do not fit in %llu metadata blocks",
			(unsigned long long)o.files, (unsigned long long)b.meta);
	b.rng = o.seed * 0x9e3779b97f4a7c15ull | 1;
	b.buf = calloc(1, SPD_BLOCK);
	if (!b.buf || (p && p->setup(&b, (unsigned)o.files)) || (o.trace && bench_trace_setup(&b)))
		tool_die(T, "setting up %s with %llu files: %s", o.workload,
			(unsigned long long)(o.trace ? bench_trace_files(&b) : o.files),
			errno == ENOSPC ? "they do not fit in the store" : spd_errormsg());
	for (uint64_t i = 0; i < o.warmup; i++)
		if (bench_op(&o, &b, p))
			tool_die(T, "warm-up: %s", spd_errormsg());
	spd_stats_reset(b.st);
	b.reads = b.writes = 0;
	t0 = bench_now();
	for (uint64_t i = 0; i < o.ops; i++)
		if (bench_op(&o, &b, p))
			tool_die(T, "operation %llu: %s", (unsigned long long)i, spd_errormsg());
	bench_report(&o, &b, bench_now() - t0);
	spd_close(b.st);
	return 0;
}
