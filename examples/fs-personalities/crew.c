/* Starting, timing and stopping a run's workers: threads in this process, or in forked worker processes. */
#include "crew.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "error.h"
#include "runner.h"
#include "shared.h"

/* Set by SIGINT or SIGTERM in each process; the parent turns it into the crew's stop flag. */
static volatile sig_atomic_t interrupted;

/* fsb_crew_interrupt -- called from a signal handler */
void fsb_crew_interrupt(void)
{
	interrupted = 1;
}

/* fsb_crew_interrupted -- nonzero after fsb_crew_interrupt() */
int fsb_crew_interrupted(void)
{
	return interrupted;
}

/* iterate -- (internal) one pass of the flow; FSB_NORSC when a pick found no entry, which stops
 * the whole run as in filebench */
static int iterate(struct fsb_worker *w)
{
	const struct fsb_run *r = w->run;
	for (size_t i = 0; i < r->flow_len; i++) {
		uint64_t bytes, t0 = fsb_now();
		int rc = fsb_step_run(w, &r->flow[i], &bytes);
		if (rc < 0)
			return -1;
		if (rc == FSB_NORSC) {
			int none = 0;
			w->stats[i].norsc++;
			atomic_compare_exchange_strong(&w->crew->no_entry_step, &none, (int)i + 1);
			fsb_worker_close_all(w, 1);
			return FSB_NORSC;
		}
		w->stats[i].ns += fsb_now() - t0;
		w->stats[i].ops++;
		w->stats[i].bytes += bytes;
	}
	return 0;
}

/* worker_main -- (internal) a worker thread: waits at the gate, then iterates until its count,
 * the stop flag or an interruption */
static void *worker_main(void *arg)
{
	struct fsb_worker *w = arg;
	struct fsb_crew *crew = w->crew;
	const struct fsb_params *p = w->run->p;
	pthread_mutex_lock(&crew->start_lock);
	while (!crew->started)
		pthread_cond_wait(&crew->start_cond, &crew->start_lock);
	pthread_mutex_unlock(&crew->start_lock);
	while (!atomic_load(&crew->stop) && !interrupted && (!p->iterations || w->iterations + w->skipped < p->iterations)) {
		uint64_t t0 = fsb_now();
		int rc = iterate(w);
		if (rc < 0) {
			atomic_store(&crew->stop, 1);
			break;
		}
		if (rc == FSB_NORSC) {
			w->skipped++;
			atomic_store(&crew->stop, 1);
			break;
		}
		w->iteration_ns += fsb_now() - t0;
		w->iterations++;
	}
	fsb_worker_close_all(w, 0);
	return NULL;
}

/* buffer_size -- (internal) iosize, or more when whole values or appends need it */
static uint64_t buffer_size(const struct fsb_run *run)
{
	uint64_t size = run->p->iosize;
	const struct fsb_fileset *set = &run->sets[FSB_SET_MAIN];
	for (uint64_t i = 0; run->target.kv && i < set->n; i++)
		if (set->entries[i].size > size)
			size = set->entries[i].size;
	return run->p->append_size > size ? run->p->append_size : size;
}

/* open_gate -- (internal) lets every waiting worker, in every process, begin */
static void open_gate(struct fsb_crew *crew)
{
	pthread_mutex_lock(&crew->start_lock);
	crew->started = 1;
	pthread_cond_broadcast(&crew->start_cond);
	pthread_mutex_unlock(&crew->start_lock);
}

/* time_run -- (internal) with --duration, sleeps in short naps until the time is up, a worker
 * fails or the run is interrupted, then raises the stop flag */
static void time_run(struct fsb_crew *crew, const struct fsb_params *p, uint64_t t0)
{
	if (p->iterations)
		return;
	uint64_t deadline = t0 + (uint64_t)(p->duration * 1e9);
	for (uint64_t now = t0; now < deadline && !atomic_load(&crew->stop) && !interrupted; now = fsb_now()) {
		uint64_t nap = deadline - now < 20000000ULL ? deadline - now : 20000000ULL;
		struct timespec ts = {0, (long)nap};
		nanosleep(&ts, NULL);
	}
	atomic_store(&crew->stop, 1);
}

/* run_threads -- (internal) runs workers [first, first + count) as threads of this process; the
 * process that owns the whole run (in_charge) also opens the gate and times the run */
static int run_threads(struct fsb_crew *crew, unsigned first, unsigned count, int in_charge, uint64_t *t0)
{
	pthread_t *tids = calloc(count, sizeof(*tids));
	int rc = tids ? 0 : fsb_fail("out of memory for %u threads", count);
	unsigned started = 0;
	for (unsigned i = 0; i < count && rc == 0; i++) {
		struct fsb_worker *w = &crew->workers[first + i];
		if (!(w->buf = malloc(w->bufsize))) {
			rc = fsb_fail("out of memory for a %llu-byte buffer", (unsigned long long)w->bufsize);
			break;
		}
		memset(w->buf, 'w', w->bufsize);
		int e = pthread_create(&tids[i], NULL, worker_main, w);
		if (e != 0)
			rc = fsb_fail("cannot start worker thread %u: %s", first + i, strerror(e));
		else
			started++;
	}
	if (rc != 0)
		atomic_store(&crew->stop, 1); /* the started ones, and other processes, exit at once */
	if (in_charge) {
		*t0 = fsb_now();
		open_gate(crew);
		time_run(crew, crew->workers[0].run->p, *t0);
	}
	for (unsigned i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	for (unsigned i = 0; i < count; i++)
		free(crew->workers[first + i].buf);
	free(tids);
	return rc;
}

/* worker_process -- (internal) the body of a forked worker process; never returns */
static void worker_process(struct fsb_crew *crew, struct fsb_run *run, unsigned proc)
{
	const struct fsb_params *p = run->p;
	int rc = 0;
	const struct fsb_target *t = &run->target;
	int (*after_fork)(void *) = t->kv ? t->kv->after_fork : t->fs->after_fork;
	if (after_fork && after_fork(t->ctx) != 0) {
		rc = fsb_fail("backend %s: worker process %u cannot attach: %s", p->backend->name, proc, strerror(errno));
		atomic_store(&crew->stop, 1);
	}
	if (rc == 0)
		rc = run_threads(crew, proc * p->threads, p->threads, 0, NULL);
	_exit(rc == 0 && !fsb_failed() ? 0 : 1); /* a worker's error is in the shared store */
}

/* Once the run should stop, worker processes get this long to finish their iteration before they
 * are killed (one stuck in a library file system must not hang the run). */
#define STOP_GRACE_NS (10ULL * 1000000000ULL)

/* reap -- (internal) collects the worker processes that have exited; an abnormal exit stops the
 * others; returns how many are still running */
static unsigned reap(struct fsb_crew *crew, pid_t *pids, unsigned n, int *rc)
{
	unsigned left = 0;
	for (unsigned i = 0; i < n; i++) {
		int status;
		if (pids[i] <= 0)
			continue;
		pid_t got = waitpid(pids[i], &status, WNOHANG);
		if (got == 0 || (got < 0 && errno == EINTR)) {
			left++;
			continue;
		}
		pids[i] = 0;
		if (got > 0 && WIFSIGNALED(status))
			*rc = fsb_fail("worker process %u was killed by signal %d", i, WTERMSIG(status));
		else if (got > 0 && WEXITSTATUS(status) != 0)
			*rc = -1; /* its message is in the shared error store */
		if (*rc != 0)
			atomic_store(&crew->stop, 1);
	}
	return left;
}

/* supervise -- (internal) times the run and waits for the worker processes, killing them if they
 * do not stop within STOP_GRACE_NS of the end */
static int supervise(struct fsb_crew *crew, const struct fsb_params *p, pid_t *pids, unsigned n, uint64_t t0)
{
	int rc = 0;
	uint64_t deadline = p->iterations ? 0 : t0 + (uint64_t)(p->duration * 1e9), stop_at = 0;
	while (reap(crew, pids, n, &rc) > 0) {
		uint64_t now = fsb_now();
		if ((deadline && now >= deadline) || interrupted)
			atomic_store(&crew->stop, 1);
		if (atomic_load(&crew->stop) && !stop_at)
			stop_at = now;
		if (stop_at && now - stop_at > STOP_GRACE_NS) {
			for (unsigned i = 0; i < n; i++)
				if (pids[i] > 0)
					kill(pids[i], SIGKILL);
			rc = fsb_fail("worker processes did not stop within %llu s of the end of the run; killed them",
				      STOP_GRACE_NS / 1000000000ULL);
			while (reap(crew, pids, n, &rc) > 0)
				;
			break;
		}
		struct timespec nap = {0, 10000000L};
		nanosleep(&nap, NULL);
	}
	return rc;
}

/* run_processes -- (internal) forks --processes worker processes, opens the gate, and supervises them */
static int run_processes(struct fsb_crew *crew, struct fsb_run *run, uint64_t *t0)
{
	const struct fsb_params *p = run->p;
	pid_t *pids = calloc(p->processes, sizeof(*pids));
	int rc = pids ? 0 : fsb_fail("out of memory for %u processes", p->processes);
	unsigned forked = 0;
	fflush(NULL); /* nothing buffered may be written twice */
	for (unsigned i = 0; i < p->processes && rc == 0; i++) {
		pid_t pid = fork();
		if (pid == 0)
			worker_process(crew, run, i);
		if (pid < 0)
			rc = fsb_fail("cannot start worker process %u of %u: %s", i + 1, p->processes, strerror(errno));
		else
			pids[forked++] = pid;
	}
	if (rc != 0)
		atomic_store(&crew->stop, 1);
	*t0 = fsb_now();
	open_gate(crew);
	int wait_rc = supervise(crew, p, pids, forked, *t0);
	free(pids);
	return rc != 0 ? rc : wait_rc;
}

/* crew_alloc -- (internal) the crew and its workers in one shared mapping */
static struct fsb_crew *crew_alloc(struct fsb_run *run)
{
	const struct fsb_params *p = run->p;
	unsigned n = p->threads * p->processes;
	size_t workers_at = (sizeof(struct fsb_crew) + 63) & ~(size_t)63;
	size_t stats_at = workers_at + n * sizeof(struct fsb_worker);
	size_t size = stats_at + (size_t)n * (run->flow_len + 1) * sizeof(struct fsb_stat);
	char *mem = fsb_shared_alloc(size);
	if (!mem)
		return NULL;
	struct fsb_crew *crew = (struct fsb_crew *)mem;
	crew->size = size;
	crew->nworkers = n;
	crew->workers = (struct fsb_worker *)(mem + workers_at);
	fsb_shared_mutex_init(&crew->start_lock);
	fsb_shared_cond_init(&crew->start_cond);
	uint64_t bufsize = buffer_size(run);
	for (unsigned i = 0; i < n; i++) {
		struct fsb_worker *w = &crew->workers[i];
		w->id = i;
		w->run = run;
		w->crew = crew;
		fsb_rng_seed(&w->rng, p->seed * 1000003ULL + i + 1);
		for (int f = 0; f < FSB_MAX_FD; f++)
			w->fds[f].fd = -1;
		w->bufsize = bufsize;
		w->stats = (struct fsb_stat *)(mem + stats_at) + (size_t)i * (run->flow_len + 1);
	}
	return crew;
}

/* fsb_crew_run -- runs every worker until its iterations are done or the duration is up */
int fsb_crew_run(struct fsb_crew **crewp, struct fsb_run *run, double *seconds)
{
	struct fsb_crew *crew = *crewp = crew_alloc(run);
	if (!crew)
		return fsb_fail("out of memory for %u workers", run->p->threads * run->p->processes);
	uint64_t t0 = 0;
	int rc = run->p->processes > 1 ? run_processes(crew, run, &t0)
				       : run_threads(crew, 0, run->p->threads, 1, &t0);
	*seconds = (double)(fsb_now() - t0) / 1e9;
	if (rc == 0 && fsb_failed())
		rc = -1; /* a worker thread's error, recorded by fsb_fail() */
	if (rc == 0 && interrupted)
		rc = fsb_fail("interrupted before the end of the run; no figures are reported");
	return rc;
}

/* fsb_crew_free -- releases the crew */
void fsb_crew_free(struct fsb_crew *crew)
{
	if (!crew)
		return;
	pthread_mutex_destroy(&crew->start_lock);
	pthread_cond_destroy(&crew->start_cond);
	fsb_shared_free(crew, crew->size);
}
