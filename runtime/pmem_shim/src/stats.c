/*
 * stats.c -- per-thread counters, their sum, and the JSON dump at exit
 * (PMS_STATS=FILE or PMS_STATS=stderr).
 *
 * Each thread counts into its own thread-local block, linked into a global
 * list on first use; a thread that exits folds its block into a retired total.
 */
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

__thread struct stats_tls stats_tls;

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct stats_tls *stats_list;
static struct pms_stats stats_retired;
static struct stats_extra stats_retired_x;
static pthread_key_t stats_key;
static int stats_key_ok;

/* stats_add -- *dst += *src field by field */
static void stats_add(struct pms_stats *dst, const struct pms_stats *src)
{
	uint64_t *d = (uint64_t *)dst;
	const uint64_t *s = (const uint64_t *)src;

	for (size_t i = 0; i < sizeof(*dst) / sizeof(uint64_t); i++)
		d[i] += s[i];
}

/* stats_extra_add -- *dst += *src */
static void stats_extra_add(struct stats_extra *dst, const struct stats_extra *src)
{
	dst->unlogged_stores += src->unlogged_stores;
	dst->log_entries += src->log_entries;
	dst->fences += src->fences;
	dst->writebacks += src->writebacks;
}

/* stats_thread_exit -- folds an exiting thread's counters into the total */
static void stats_thread_exit(void *p)
{
	struct stats_tls *t = p, **pp;

	pthread_mutex_lock(&stats_lock);
	for (pp = &stats_list; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	}
	stats_add(&stats_retired, &t->s);
	stats_extra_add(&stats_retired_x, &t->x);
	t->linked = 0;
	pthread_mutex_unlock(&stats_lock);
}

/* stats_link -- registers this thread's block on first use */
void stats_link(void)
{
	pthread_mutex_lock(&stats_lock);
	stats_tls.next = stats_list;
	stats_list = &stats_tls;
	stats_tls.linked = 1;
	pthread_mutex_unlock(&stats_lock);
	if (stats_key_ok)
		pthread_setspecific(stats_key, &stats_tls);
}

/* pms_stats_get -- sum over live and exited threads */
void pms_stats_get(struct pms_stats *s)
{
	pthread_mutex_lock(&stats_lock);
	*s = stats_retired;
	for (struct stats_tls *t = stats_list; t; t = t->next)
		stats_add(s, &t->s);
	pthread_mutex_unlock(&stats_lock);
}

/* stats_extra_get -- the runtime's own counters, summed over live and exited threads */
void stats_extra_get(struct stats_extra *x)
{
	pthread_mutex_lock(&stats_lock);
	*x = stats_retired_x;
	for (struct stats_tls *t = stats_list; t; t = t->next)
		stats_extra_add(x, &t->x);
	pthread_mutex_unlock(&stats_lock);
}

/* pms_stats_dump_json -- one JSON object with the model and the counters */
int pms_stats_dump_json(FILE *out)
{
	struct pms_stats s;
	struct stats_extra x;
	struct pms_lat_model m;

	pms_stats_get(&s);
	stats_extra_get(&x);
	pms_lat_get_model(&m);
	fprintf(out, "{\"model\": \"%s\", \"mode\": \"%s\", "
		"\"flush_insn\": \"%s\", \"reads\": %llu, \"writes\": %llu, "
		"\"flushes\": %llu, \"barriers\": %llu, "
		"\"transactions\": %llu, \"aborts\": %llu, "
		"\"bytes_logged\": %llu, \"allocs\": %llu, \"frees\": %llu, "
		"\"unlogged_stores\": %llu, \"log_entries\": %llu, \"fences\": %llu, \"writebacks\": %llu, \"nvm_charge\": \"%s\", "
		"\"skipped_reads\": %llu, \"skipped_writes\": %llu, "
		"\"injected_ns\": %llu, \"open_warm\": %d, \"open_load_us\": %.1f, "
		"\"open_check_us\": %.1f, \"open_pmdk_us\": %.1f, \"open_attach_us\": %.1f, "
		"\"open_recover_us\": %.1f, \"open_slab_us\": %.1f, "
		"\"open_values_us\": %.1f, \"open_total_us\": %.1f, "
		"\"pmdk_deferred_open_us\": %.1f}\n", m.name,
		m.mode == PMS_LAT_REALISTIC ? "realistic" : "conservative",
		pms_flush_insn(), (unsigned long long)s.reads,
		(unsigned long long)s.writes, (unsigned long long)s.flushes,
		(unsigned long long)s.barriers,
		(unsigned long long)s.tx_committed,
		(unsigned long long)s.tx_aborted,
		(unsigned long long)s.bytes_logged,
		(unsigned long long)s.allocs, (unsigned long long)s.frees,
		(unsigned long long)x.unlogged_stores,
		(unsigned long long)x.log_entries,
		(unsigned long long)x.fences,
		(unsigned long long)x.writebacks,
		pms_lat_get_charge() == PMS_LAT_CHARGE_ADDRESS ? "address" : "type",
		(unsigned long long)s.skipped_reads,
		(unsigned long long)s.skipped_writes,
		(unsigned long long)s.injected_ns, open_times.warm, open_times.load / 1e3,
		open_times.check / 1e3, open_times.pmdk / 1e3, open_times.attach / 1e3,
		open_times.recover / 1e3, open_times.slab / 1e3,
		open_times.values / 1e3, open_times.total / 1e3,
		open_times.deferred / 1e3);
	return fflush(out) == 0 ? 0 : -1;
}

/* stats_at_exit -- writes the dump where PMS_STATS says */
static void stats_at_exit(void)
{
	const char *dest = getenv("PMS_STATS");
	FILE *f;

	if (!dest || !*dest)
		return;
	if (strcmp(dest, "stderr") == 0 || strcmp(dest, "1") == 0) {
		pms_stats_dump_json(stderr);
		return;
	}
	f = fopen(dest, "w");
	if (!f) {
		fprintf(stderr, "pmem_shim: cannot write PMS_STATS file '%s': "
			"%s\n", dest, strerror(errno));
		return;
	}
	pms_stats_dump_json(f);
	fclose(f);
}

/* stats_on_signal -- a program ended by SIGTERM or SIGINT (no handler of its own) runs no atexit
 * handler: dump the counters and the wear map, then die of the signal as before. stdio in a handler is not async-signal-safe:
 * a signal that lands inside stdio or malloc could hang here; the dump is a debugging aid. */
static void stats_on_signal(int sig)
{
	stats_at_exit();
	wear_exit_dump();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* stats_init -- library start-up: counters, latency model, exit dump */
__attribute__((constructor)) static void stats_init(void)
{
	static const int sigs[] = { SIGINT, SIGTERM };

	stats_key_ok = pthread_key_create(&stats_key, stats_thread_exit) == 0;
	lat_init();
	if (!getenv("PMS_STATS") && !getenv("PMS_WEAR"))
		return;
	if (getenv("PMS_STATS"))
		atexit(stats_at_exit);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction old, sa;
		int sig = sigs[i];

		if (sigaction(sig, NULL, &old) != 0 || old.sa_handler != SIG_DFL)
			continue; /* ignored or handled: the program decides */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = stats_on_signal;
		sa.sa_flags = SA_RESETHAND;
		sigemptyset(&sa.sa_mask);
		sigaction(sig, &sa, NULL);
	}
}
