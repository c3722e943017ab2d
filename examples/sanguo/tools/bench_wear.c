/*
 * bench_wear.c -- sanguo-bench wear: an aged region (file set preallocated
 * to half of it), then a personality's flow at 512-byte I/O, with first
 * fit, the paper's FBST walk and the weighted walk in turn; writes per
 * block summed over 128 equal intervals, and the figures the paper and the
 * issue ask for.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "bench.h"
#include "bench_fileset.h"
#include "sanguo/pbitmap.h"
#include "sanguo/wear.h"

#define NINT 128u
#define ENDURANCE 1e8

/* One personality: file sizes, preallocation and its flow's writes. */
struct personality {
	const char *name;
	double mean;          /* bytes; gamma shape 1.5 unless fixed */
	int fixed;
	double prealloc;      /* fraction of entries that exist after setup */
	void (*flow)(struct fileset *s);
};

/* rand_append -- filebench's appendfilerand: uniform [0, 16 KB) */
static uint64_t rand_append(void)
{
	return bench_below(16384);
}

/* whole_size -- a new file's size drawn as the personality says */
static uint64_t whole_size(double mean, int fixed)
{
	return fixed ? (uint64_t)mean : (uint64_t)bench_gamma(1.5, mean);
}

static void flow_fileserver(struct fileset *s)
{
	struct bfile *f = fs_next_absent(s);

	if (f)
		fs_append(s, f, whole_size(131072, 0));   /* create, write whole */
	if ((f = fs_next_existing(s)))
		fs_append(s, f, rand_append());
	if ((f = fs_next_existing(s)))
		fs_delete(s, f);
}

static struct bfile *webserver_log;

static void flow_webserver(struct fileset *s)
{
	if (fs_append(s, webserver_log, rand_append()) != 0)
		fs_delete(s, webserver_log);   /* full: the log starts over */
}

static void flow_webproxy(struct fileset *s)
{
	struct bfile *f = fs_next_existing(s);

	if (f)
		fs_delete(s, f);
	if ((f = fs_next_absent(s)))
		fs_append(s, f, 16384);   /* create, append the fixed 16 KB */
}

static void flow_varmail(struct fileset *s)
{
	struct bfile *f = fs_next_existing(s);

	if (f)
		fs_delete(s, f);
	if ((f = fs_next_absent(s)))
		fs_append(s, f, rand_append());
	if ((f = fs_next_existing(s)))
		fs_append(s, f, rand_append());
}

static const struct personality personalities[] = {
	{ "fileserver", 131072, 0, 0.8, flow_fileserver },
	{ "webserver", 16384, 0, 1.0, flow_webserver },
	{ "webproxy", 16384, 1, 0.8, flow_webproxy },
	{ "varmail", 16384, 0, 0.8, flow_varmail },
};

struct wear_figures {
	double blocks_per_run;   /* contiguity of the files left at the end */
	uint64_t total, peak, max_block;
	double max_mean, cv, lifetime_runs;
	uint32_t zero_intervals;
	double seconds;
};

/* wear_figures_of -- the map's interval figures */
static void wear_figures_of(const struct sg_wear *w, struct wear_figures *r)
{
	uint64_t sums[NINT];
	double mean, var = 0;

	sg_wear_intervals(w, NINT, sums);
	r->total = r->peak = r->max_block = 0;
	r->zero_intervals = 0;
	for (uint32_t i = 0; i < NINT; i++) {
		r->total += sums[i];
		r->peak = sums[i] > r->peak ? sums[i] : r->peak;
		r->zero_intervals += sums[i] == 0;
	}
	for (uint32_t b = 0; b < w->nblocks; b++)
		r->max_block = w->writes[b] > r->max_block ? w->writes[b] : r->max_block;
	mean = (double)r->total / NINT;
	for (uint32_t i = 0; i < NINT; i++)
		var += ((double)sums[i] - mean) * ((double)sums[i] - mean);
	r->max_mean = mean > 0 ? r->peak / mean : 0;
	r->cv = mean > 0 ? sqrt(var / NINT) / mean : 0;
	r->lifetime_runs = r->max_block ? ENDURANCE / (double)r->max_block : 0;
}

/* wear_contiguity -- mean blocks per physically contiguous run of the
 * existing files (what a sequential read of them sees) */
static double wear_contiguity(const struct fileset *s)
{
	uint64_t blocks = 0, runs = 0;

	for (uint32_t i = 0; i < s->nfiles; i++) {
		const struct bfile *f = &s->files[i];

		for (uint32_t k = 0; k < f->nblocks; k++)
			runs += k == 0 || f->blocks[k] != f->blocks[k - 1] + 1;
		blocks += f->nblocks;
	}
	return runs ? (double)blocks / runs : 0;
}

/* wear_region -- blocks such that the preallocated set fills about half */
static uint32_t wear_region(const struct personality *p, const struct bench_opts *o)
{
	double set = o->files * p->prealloc * (p->mean + BENCH_BLOCK / 2.0);
	uint64_t blocks = (uint64_t)(2 * set / BENCH_BLOCK);

	blocks = (blocks + SG_LEAF_BLOCKS - 1) / SG_LEAF_BLOCKS * SG_LEAF_BLOCKS;
	return blocks < 4096 ? 4096 : (uint32_t)blocks;
}

/* wear_run -- ages a fresh region, runs the flow, fills *r; -1 on error */
static int wear_run(const struct personality *p, enum sg_policy pol,
		const struct bench_opts *o, struct wear_figures *r, uint32_t *nblocks)
{
	char root[64];
	uint32_t n = wear_region(p, o);
	struct sg_alloc_opts ao = { pol, 0, o->seed };
	struct fileset s;
	struct sg_pbitmap *bm;
	struct sg_wear *w;
	sg_alloc *a;
	uint64_t t0;

	snprintf(root, sizeof root, "wear-%s-%s", p->name, sg_policy_name(pol));
	bench_seed(o->seed);   /* both policies see the same workload */
	if (!(bm = sg_pbitmap_create(root, n, 1)) || !(a = sg_alloc_open(bm->words, n, 1, &ao)) ||
	    !(w = sg_wear_attach(0, 1, n)) || fs_init(&s, a, o->files) != 0)
		return -1;
	webserver_log = &s.files[0];
	for (uint32_t i = 0; i < o->files; i++)   /* aging: the preallocated half */
		if (bench_below(1000) < p->prealloc * 1000 &&
		    fs_append(&s, &s.files[i], whole_size(p->mean, p->fixed)) != 0)
			return -1;
	memset(w->writes, 0, (size_t)n * sizeof *w->writes);
	t0 = bench_now_ns();
	for (uint32_t k = 0; k < o->iterations; k++)
		p->flow(&s);
	r->seconds = (bench_now_ns() - t0) / 1e9;
	wear_figures_of(w, r);
	r->blocks_per_run = wear_contiguity(&s);
	if (o->wear_dump) {
		char path[512];
		FILE *f;

		snprintf(path, sizeof path, "%s.%s.%s", o->wear_dump, p->name, sg_policy_name(pol));
		if (!(f = fopen(path, "w")) || sg_wear_dump(w, f) != 0 || fclose(f) != 0)
			return -1;
	}
	*nblocks = n;
	fs_free(&s);
	sg_alloc_close(a);
	sg_wear_detach(w);
	return 0;
}

/* bench_wear -- first fit against the walk, per personality */
int bench_wear(const struct bench_opts *o)
{
	int any = !strcmp(o->personality, "all");

	for (size_t i = 0; i < sizeof personalities / sizeof *personalities; i++)
		any |= !strcmp(o->personality, personalities[i].name);
	if (!any) {
		fprintf(stderr, "sanguo-bench: error: unknown personality '%s' (fileserver, "
			"webserver, webproxy, varmail, all)\n", o->personality);
		return 1;
	}
	printf("# wear: %u files, %u flow iterations after aging to half, 512 B I/O, "
		"seed %llu, %u intervals, endurance 1e8\n", o->files, o->iterations,
		(unsigned long long)o->seed, NINT);
	printf("%-11s %-13s %8s %11s %10s %8s %6s %9s %6s %14s %7s %7s\n", "personality",
		"policy", "blocks", "writes", "peak_int", "max/mean", "cv", "max_block",
		"zeros", "lifetime_runs", "blk/run", "sec");
	for (size_t i = 0; i < sizeof personalities / sizeof *personalities; i++) {
		const struct personality *p = &personalities[i];
		static const enum sg_policy pols[] = { SG_FIRST_FIT, SG_FBST_WALK, SG_FBST_WEIGHTED };
		struct wear_figures r[3];
		uint32_t n;

		if (strcmp(o->personality, "all") && strcmp(o->personality, p->name))
			continue;
		for (int k = 0; k < 3; k++) {
			if (wear_run(p, pols[k], o, &r[k], &n) != 0) {
				fprintf(stderr, "sanguo-bench: error: wear %s/%s: %s\n", p->name,
					sg_policy_name(pols[k]), sg_errormsg());
				return 1;
			}
			printf("%-11s %-13s %8u %11llu %10llu %8.2f %6.3f %9llu %6u %14.3g %7.2f "
				"%7.2f\n", p->name, sg_policy_name(pols[k]), n,
				(unsigned long long)r[k].total, (unsigned long long)r[k].peak,
				r[k].max_mean, r[k].cv, (unsigned long long)r[k].max_block,
				r[k].zero_intervals, r[k].lifetime_runs, r[k].blocks_per_run,
				r[k].seconds);
		}
		for (int k = 1; k < 3; k++)
			printf("%-11s first-fit/%s: peak interval writes %.2fx, lifetime %.2fx\n",
				p->name, sg_policy_name(pols[k]),
				r[k].peak ? (double)r[0].peak / r[k].peak : 0,
				r[0].lifetime_runs ? r[k].lifetime_runs / r[0].lifetime_runs : 0);
	}
	return 0;
}
