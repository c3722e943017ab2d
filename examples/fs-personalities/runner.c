/* Running a personality: lays out and populates the file sets, runs the worker threads, merges their figures. */
#include "runner.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* Set by SIGINT or SIGTERM: the run stops as at the end of its duration and still removes its file set. */
static volatile sig_atomic_t interrupted;

/* on_signal -- (internal) asks the run to stop */
static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

struct shared {
	struct fsb_run run;
	pthread_mutex_t start_lock;
	pthread_cond_t start_cond;
	int started; /* set once every worker exists, so they all begin together */
	struct fsb_worker *workers;
};

/* iterate -- (internal) one pass of the flow; FSB_NORSC when a pick found nothing */
static int iterate(struct fsb_worker *w)
{
	const struct fsb_run *r = w->run;
	for (size_t i = 0; i < r->flow_len; i++) {
		uint64_t bytes, t0 = fsb_now();
		int rc = fsb_step_run(w, &r->flow[i], &bytes);
		if (rc < 0)
			return -1;
		if (rc == FSB_NORSC) {
			w->stats[i].norsc++;
			fsb_worker_close_all(w, 1);
			return FSB_NORSC;
		}
		w->stats[i].ns += fsb_now() - t0;
		w->stats[i].ops++;
		w->stats[i].bytes += bytes;
	}
	return 0;
}

/* worker_main -- (internal) a worker thread: iterations until the count or the stop flag */
static void *worker_main(void *arg)
{
	struct fsb_worker *w = arg;
	struct shared *sh = (struct shared *)w->run;
	const struct fsb_params *p = w->run->p;
	pthread_mutex_lock(&sh->start_lock);
	while (!sh->started)
		pthread_cond_wait(&sh->start_cond, &sh->start_lock);
	pthread_mutex_unlock(&sh->start_lock);
	uint64_t skipped = 0;
	while (!atomic_load(&w->run->stop) && !interrupted && (!p->iterations || w->iterations + skipped < p->iterations)) {
		uint64_t t0 = fsb_now();
		int rc = iterate(w);
		if (rc < 0) {
			atomic_store(&w->run->stop, 1);
			break;
		}
		if (rc == FSB_NORSC) {
			skipped++;
			continue;
		}
		w->iteration_ns += fsb_now() - t0;
		w->iterations++;
	}
	fsb_worker_close_all(w, 0);
	w->stats[w->run->flow_len].norsc = skipped; /* the spare slot carries the skip count */
	return NULL;
}

/* open_target -- (internal) the backend's init() on --dir, or on the store for a key-value backend */
static int open_target(struct shared *sh, const struct fsb_params *p)
{
	struct fsb_target *t = &sh->run.target;
	t->fs = p->backend->fs;
	t->kv = p->backend->kv;
	const char *where = t->kv ? sh->run.sets[FSB_SET_MAIN].root : p->dir;
	t->ctx = t->kv ? t->kv->init(where) : t->fs->init(where);
	if (!t->ctx) {
		if (errno == EEXIST)
			return fsb_fail("'%s' already exists; fsbench only works in a file set it creates: remove it or pick another --dir", where);
		return fsb_fail("backend %s cannot open '%s': %s", p->backend->name, where, strerror(errno));
	}
	sh->run.sets[FSB_SET_MAIN].created = t->kv != NULL; /* init() made the store */
	return 0;
}

/* setup -- (internal) lays out and populates the file sets */
static int setup(struct shared *sh, const struct fsb_params *p)
{
	struct fsb_rng rng;
	fsb_rng_seed(&rng, p->seed);
	struct fsb_run *r = &sh->run;
	int nsets = p->pers->has_log ? 2 : 1;
	for (int s = 0; s < nsets; s++) {
		uint64_t n = s == FSB_SET_LOG ? 1 : p->files;
		if (fsb_fileset_layout(&r->sets[s], set_names[s], p->dir, n, p->dir_width, p->mean_size,
				       p->size_shape, p->backend->kv != NULL, p->threads, &rng) != 0)
			return -1;
	}
	if (open_target(sh, p) != 0)
		return -1;
	for (int s = 0; s < nsets; s++) {
		/* The log always exists (filebench: "prealloc" with no percentage). */
		unsigned prealloc = s == FSB_SET_LOG ? 100 : p->prealloc;
		if (fsb_fileset_populate(&r->sets[s], &r->target, prealloc, p->iosize, &rng) != 0)
			return -1;
	}
	return 0;
}

/* start_workers -- (internal) allocates the workers and starts their threads; *nstarted says how
 * many threads exist, which the caller joins even on failure */
static int start_workers(struct shared *sh, const struct fsb_params *p, pthread_t *tids, unsigned *nstarted)
{
	uint64_t bufsize = p->iosize;
	for (uint64_t i = 0; i < sh->run.sets[FSB_SET_MAIN].n; i++)
		if (sh->run.target.kv && sh->run.sets[FSB_SET_MAIN].entries[i].size > bufsize)
			bufsize = sh->run.sets[FSB_SET_MAIN].entries[i].size;
	if (p->append_size > bufsize)
		bufsize = p->append_size;
	for (unsigned i = 0; i < p->threads; i++) {
		struct fsb_worker *w = &sh->workers[i];
		w->id = i;
		w->run = &sh->run;
		fsb_rng_seed(&w->rng, p->seed * 1000003ULL + i + 1);
		for (int f = 0; f < FSB_MAX_FD; f++)
			w->fds[f].fd = -1;
		w->bufsize = bufsize;
		w->buf = malloc(bufsize);
		w->stats = calloc(sh->run.flow_len + 1, sizeof(*w->stats));
		if (!w->buf || !w->stats)
			return fsb_fail("out of memory for %u workers' buffers", p->threads);
		memset(w->buf, 'w', bufsize);
	}
	for (unsigned i = 0; i < p->threads; i++) {
		int e = pthread_create(&tids[i], NULL, worker_main, &sh->workers[i]);
		if (e != 0)
			return fsb_fail("cannot start worker thread %u of %u: %s", i + 1, p->threads, strerror(e));
		*nstarted = i + 1;
	}
	return 0;
}

/* merge -- (internal) sums the workers' figures into 'res' */
static int merge(struct shared *sh, const struct fsb_params *p, struct fsb_result *res)
{
	res->flow = sh->run.flow;
	res->flow_len = sh->run.flow_len;
	res->steps = calloc(res->flow_len, sizeof(*res->steps));
	if (!res->steps)
		return fsb_fail("out of memory merging results");
	for (unsigned i = 0; i < p->threads; i++) {
		struct fsb_worker *w = &sh->workers[i];
		for (size_t s = 0; s < res->flow_len; s++) {
			struct fsb_stat *a = &res->steps[s], *b = &w->stats[s], *k = &res->kinds[res->flow[s].op];
			a->ops += b->ops, a->bytes += b->bytes, a->ns += b->ns, a->norsc += b->norsc;
			k->ops += b->ops, k->bytes += b->bytes, k->ns += b->ns, k->norsc += b->norsc;
			res->total.ops += b->ops, res->total.bytes += b->bytes, res->total.ns += b->ns;
			res->total.norsc += b->norsc;
		}
		res->iterations += w->iterations;
		res->iteration_ns += w->iteration_ns;
		res->skipped_iterations += w->stats[res->flow_len].norsc;
		if (w->appended_max > res->appended_max)
			res->appended_max = w->appended_max;
	}
	return 0;
}

/* run_threads -- (internal) starts the workers together, stops them after the duration, joins them */
static int run_threads(struct shared *sh, const struct fsb_params *p, struct fsb_result *res)
{
	pthread_t *tids = calloc(p->threads, sizeof(*tids));
	sh->workers = calloc(p->threads, sizeof(*sh->workers));
	if (!tids || !sh->workers) {
		free(tids);
		return fsb_fail("out of memory for %u workers", p->threads);
	}
	pthread_mutex_init(&sh->start_lock, NULL);
	pthread_cond_init(&sh->start_cond, NULL);
	unsigned nstarted = 0;
	int rc = start_workers(sh, p, tids, &nstarted);
	if (rc != 0)
		atomic_store(&sh->run.stop, 1); /* the started ones exit at once */
	pthread_mutex_lock(&sh->start_lock);
	sh->started = 1;
	pthread_cond_broadcast(&sh->start_cond);
	pthread_mutex_unlock(&sh->start_lock);
	uint64_t t0 = fsb_now();
	if (!p->iterations && rc == 0) {
		/* Short naps, so a worker's error ends the run at once rather than after the duration. */
		uint64_t deadline = t0 + (uint64_t)(p->duration * 1e9);
		for (uint64_t now = t0; now < deadline && !atomic_load(&sh->run.stop) && !interrupted; now = fsb_now()) {
			uint64_t nap = deadline - now < 20000000ULL ? deadline - now : 20000000ULL;
			struct timespec ts = {0, (long)nap};
			nanosleep(&ts, NULL);
		}
		atomic_store(&sh->run.stop, 1);
	}
	for (unsigned i = 0; i < nstarted; i++)
		pthread_join(tids[i], NULL);
	res->seconds = (double)(fsb_now() - t0) / 1e9;
	if (rc == 0 && interrupted)
		rc = fsb_fail("interrupted before the end of the run; no figures are reported");
	if (rc == 0)
		rc = merge(sh, p, res);
	for (unsigned i = 0; i < p->threads; i++) {
		free(sh->workers[i].buf);
		free(sh->workers[i].stats);
	}
	free(sh->workers);
	free(tids);
	return rc;
}

/* teardown -- (internal) removes what this run created (unless --keep) and releases the backend */
static int teardown(struct shared *sh, const struct fsb_params *p)
{
	struct fsb_run *r = &sh->run;
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
	static struct shared sh; /* the workers find the run through its first member */
	memset(&sh, 0, sizeof(sh));
	memset(res, 0, sizeof(*res));
	struct fsb_run *r = &sh.run;
	r->p = p;
	r->flow = fsb_params_flow(p, &r->flow_len);
	pthread_mutex_init(&r->trace_lock, NULL);
	if (p->trace_path && !(r->trace = fopen(p->trace_path, "w")))
		return fsb_fail("cannot write trace '%s': %s", p->trace_path, strerror(errno));
	struct sigaction sa = {.sa_handler = on_signal};
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	uint64_t t0 = fsb_now();
	int rc = setup(&sh, p);
	res->setup_seconds = (double)(fsb_now() - t0) / 1e9;
	struct fsb_fileset *main_set = &r->sets[FSB_SET_MAIN];
	res->entries = main_set->n;
	res->prealloc_entries = main_set->nexist;
	res->dirs = main_set->ndirs;
	res->depth = main_set->depth;
	if (rc == 0 && r->trace)
		trace_setup(r);
	if (rc == 0)
		rc = run_threads(&sh, p, res);
	if (teardown(&sh, p) != 0)
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
