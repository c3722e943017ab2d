/* Running a personality: lays out and populates the file sets, runs the worker threads, merges their figures. */
#include "runner.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "crew.h"
#include "error.h"

/* Names filebench gives the two file sets; the main set's root is "<--dir>/bigfileset". */
static const char *const set_names[FSB_SET_COUNT] = {"bigfileset", "logfiles"};

/* fsb_now -- monotonic time in nanoseconds */
uint64_t fsb_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* on_signal -- (internal) asks the run to stop as at the end of its duration */
static void on_signal(int sig)
{
	(void)sig;
	fsb_crew_interrupt();
}

/* open_target -- (internal) the backend's init() on --dir, or on the store for a key-value backend */
static int open_target(struct fsb_run *run, const struct fsb_params *p)
{
	struct fsb_target *t = &run->target;
	t->fs = p->backend->fs;
	t->kv = p->backend->kv;
	const char *where = t->kv ? run->sets[FSB_SET_MAIN].root : p->dir;
	t->ctx = t->kv ? t->kv->init(where) : t->fs->init(where);
	if (!t->ctx) {
		if (errno == EEXIST)
			return fsb_fail("'%s' already exists; fsbench only works in a file set it creates: remove it or pick another --dir", where);
		return fsb_fail("backend %s cannot open '%s': %s", p->backend->name, where, strerror(errno));
	}
	run->sets[FSB_SET_MAIN].created = t->kv != NULL; /* init() made the store */
	return 0;
}

/* setup -- (internal) lays out and populates the file sets */
static int setup(struct fsb_run *r, const struct fsb_params *p)
{
	struct fsb_rng rng;
	fsb_rng_seed(&rng, p->seed);
	int nsets = p->pers->has_log ? 2 : 1;
	for (int s = 0; s < nsets; s++) {
		uint64_t n = s == FSB_SET_LOG ? 1 : p->files;
		if (fsb_fileset_layout(&r->sets[s], set_names[s], p->dir, n, p->dir_width, p->mean_size,
				       p->size_shape, p->backend->kv != NULL, p->threads * p->processes, &rng) != 0)
			return -1;
		r->sets[s].shared_rotor = p->shared_rotor;
	}
	if (open_target(r, p) != 0)
		return -1;
	for (int s = 0; s < nsets; s++) {
		/* The log always exists (filebench: "prealloc" with no percentage). */
		unsigned prealloc = s == FSB_SET_LOG ? 100 : p->prealloc;
		if (fsb_fileset_populate(&r->sets[s], &r->target, prealloc, p->iosize, &rng) != 0)
			return -1;
	}
	return 0;
}

/* merge -- (internal) sums the workers' figures into 'res' */
static int merge(const struct fsb_crew *crew, const struct fsb_run *run, struct fsb_result *res)
{
	res->flow = run->flow;
	res->flow_len = run->flow_len;
	res->steps = calloc(res->flow_len, sizeof(*res->steps));
	if (!res->steps)
		return fsb_fail("out of memory merging results");
	for (unsigned i = 0; i < crew->nworkers; i++) {
		const struct fsb_worker *w = &crew->workers[i];
		for (size_t s = 0; s < res->flow_len; s++) {
			struct fsb_stat *a = &res->steps[s], *k = &res->kinds[res->flow[s].op];
			const struct fsb_stat *b = &w->stats[s];
			a->ops += b->ops, a->bytes += b->bytes, a->ns += b->ns, a->norsc += b->norsc;
			k->ops += b->ops, k->bytes += b->bytes, k->ns += b->ns, k->norsc += b->norsc;
			res->total.ops += b->ops, res->total.bytes += b->bytes, res->total.ns += b->ns;
			res->total.norsc += b->norsc;
		}
		res->iterations += w->iterations;
		res->iteration_ns += w->iteration_ns;
		res->skipped_iterations += w->skipped;
		if (w->appended_max > res->appended_max)
			res->appended_max = w->appended_max;
	}
	int step = atomic_load((atomic_int *)&crew->no_entry_step);
	res->stopped_early = step ? run->flow[step - 1].name : NULL;
	return 0;
}

/* teardown -- (internal) removes what this run created (unless --keep) and releases the backend */
static int teardown(struct fsb_run *r, const struct fsb_params *p)
{
	int rc = 0;
	for (int s = 0; s < FSB_SET_COUNT; s++)
		if (r->sets[s].created && !p->keep && !r->target.kv && fsb_fileset_remove(&r->sets[s], &r->target) != 0)
			rc = -1;
	if (r->target.kv && r->target.ctx && r->target.kv->fini(r->target.ctx, r->sets[FSB_SET_MAIN].created && !p->keep) != 0)
		rc = fsb_fail("cannot remove the store '%s': %s", r->sets[FSB_SET_MAIN].root, strerror(errno));
	if (r->target.fs && r->target.ctx)
		r->target.fs->fini(r->target.ctx);
	for (int s = 0; s < FSB_SET_COUNT; s++)
		fsb_fileset_free(&r->sets[s]);
	return rc;
}

/* trace_setup -- (internal) with --trace, the preallocated entries first: "- setup <set> <entry> <size>" */
static void trace_setup(struct fsb_run *r)
{
	for (int s = 0; s < FSB_SET_COUNT; s++)
		for (uint64_t i = 0; i < r->sets[s].n; i++)
			if (r->sets[s].entries[i].exists)
				fprintf(r->trace, "- setup %s %llu %llu\n", r->sets[s].name, (unsigned long long)i,
					(unsigned long long)r->sets[s].entries[i].size);
}

/* fsb_run_personality -- sets up, runs and removes (unless --keep) one personality */
int fsb_run_personality(const struct fsb_params *p, struct fsb_result *res)
{
	static struct fsb_run run;
	struct fsb_run *r = &run;
	memset(r, 0, sizeof(*r));
	memset(res, 0, sizeof(*res));
	r->p = p;
	r->flow = fsb_params_flow(p, &r->flow_len);
	pthread_mutex_init(&r->trace_lock, NULL);
	if (fsb_error_share() != 0)
		return fsb_fail("cannot map memory shared with worker processes: %s", strerror(errno));
	if (p->trace_path && !(r->trace = fopen(p->trace_path, "w")))
		return fsb_fail("cannot write trace '%s': %s", p->trace_path, strerror(errno));
	struct sigaction sa = {.sa_handler = on_signal};
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGXFSZ, SIG_IGN); /* a file-size limit is a write error (EFBIG) to report, not a crash */
	uint64_t t0 = fsb_now();
	int rc = setup(r, p);
	res->setup_seconds = (double)(fsb_now() - t0) / 1e9;
	struct fsb_fileset *main_set = &r->sets[FSB_SET_MAIN];
	res->entries = main_set->n;
	res->prealloc_entries = main_set->state ? main_set->state->nexist : 0;
	res->dirs = main_set->ndirs;
	res->depth = main_set->depth;
	if (rc == 0 && r->trace) {
		trace_setup(r);
		for (int s = 0; s < FSB_SET_COUNT; s++)
			r->sets[s].trace = r->trace;
	}
	struct fsb_crew *crew = NULL;
	if (rc == 0)
		rc = fsb_crew_run(&crew, r, &res->seconds);
	if (rc == 0)
		rc = merge(crew, r, res);
	fsb_crew_free(crew);
	if (teardown(r, p) != 0)
		rc = -1;
	if (r->trace && fclose(r->trace) != 0 && rc == 0)
		rc = fsb_fail("cannot write trace '%s': %s", p->trace_path, strerror(errno));
	return rc;
}

/* fsb_result_free -- frees what fsb_run_personality() allocated */
void fsb_result_free(struct fsb_result *res)
{
	free(res->steps);
	res->steps = NULL;
}
