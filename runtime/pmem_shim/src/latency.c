/*
 * latency.c -- the NVM latency model: presets, run-time selection, the
 * calibrated TSC busy-wait, and what each access, flush, barrier and commit
 * is charged in conservative and realistic mode.
 *
 * Realistic mode keeps two small per-thread direct-mapped filters: lines read
 * recently (a hit is free, as a CPU cache hit would be) and lines already
 * dirtied in the current epoch (no second write-back); the barrier is paid
 * once per commit instead of once per write. An epoch is a transaction.
 * Outside one nothing says which stores go together, so an epoch lasts
 * PMS_NVM_EPOCH_WRITES write accesses (default 1: every store is persisted on
 * its own, as an unlogged store followed by pms_persist would be), and an
 * explicit flush or fence, or the first store of a transaction, ends it.
 * Without that bound a program with no transactions paid for a line once and
 * then never again until another line evicted it from the filter.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "internal.h"

#define READ_SLOTS 1024
#define DIRTY_SLOTS 512

static const struct pms_lat_model presets[] = {
	{ "dram", 0, 0, 0, 0, 0, 0, PMS_LAT_CONSERVATIVE },
	{ "pcm", 300, 300, 40, 500, 0, 0, PMS_LAT_CONSERVATIVE },
	{ "sttram", 100, 100, 40, 200, 0, 0, PMS_LAT_CONSERVATIVE },
	{ "pmemcached", 300, 0, 0, 100, 0, 0, PMS_LAT_CONSERVATIVE },
	{ "aerie-pcm", 0, 150, 0, 0, 4000, 1, PMS_LAT_CONSERVATIVE },
	{ "spindle", 50, 180, 0, 0, 0, 0, PMS_LAT_CONSERVATIVE },
};
#define NPRESETS (sizeof(presets) / sizeof(presets[0]))

int pms_lat_active_;
static struct pms_lat_model lat_model = { "dram", 0, 0, 0, 0, 0, 0, 0 };
static int lat_stats_on;
static double tsc_per_ns;
static uint64_t spin_overhead;
static pthread_once_t calib_once = PTHREAD_ONCE_INIT;
static uint32_t lat_epoch_writes = 1;

struct lat_filter {
	uintptr_t read[READ_SLOTS];
	uintptr_t dirty[DIRTY_SLOTS];
	uint64_t dirty_epoch[DIRTY_SLOTS];
	uint64_t epoch;
	int dirtied;
	uint32_t loose;  /* write accesses outside a transaction this epoch */
};
static __thread struct lat_filter *filt;

/* lat_now_ns -- CLOCK_MONOTONIC_RAW in nanoseconds */
static uint64_t lat_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* lat_spin_ticks -- busy-waits ticks TSC ticks from now */
__attribute__((noinline)) void lat_spin_ticks(uint64_t ticks)
{
	uint64_t end = __rdtsc() + ticks;

	while (__rdtsc() < end)
		;
}

/* lat_wait -- charges ns: busy-waits and counts it */
static void lat_wait(uint64_t ns)
{
	uint64_t ticks;

	if (ns == 0)
		return;
	ticks = (uint64_t)((double)ns * tsc_per_ns);
	lat_spin_ticks(ticks > spin_overhead ? ticks - spin_overhead : 0);
	stats_mine()->injected_ns += ns;
}

/* lat_calibrate -- TSC rate against the monotonic clock, and spin overhead */
static void lat_calibrate(void)
{
	uint64_t t0, c0, t1, c1, best = UINT64_MAX;

	t0 = lat_now_ns();
	c0 = __rdtsc();
	while (lat_now_ns() - t0 < 20000000u)
		;
	t1 = lat_now_ns();
	c1 = __rdtsc();
	tsc_per_ns = (double)(c1 - c0) / (double)(t1 - t0);
	/* The fixed cost of one charge (call, conversion, counters) is
	 * measured on the real path with a 200 ns request and subtracted from
	 * every later request: the best of 20 rounds filters out interrupts. */
	uint64_t saved = stats_mine()->injected_ns;
	spin_overhead = 0;
	for (int round = 0; round < 20; round++) {
		uint64_t s = __rdtsc();
		for (int i = 0; i < 100; i++)
			lat_wait(200);
		uint64_t per = (__rdtsc() - s) / 100;
		if (per < best)
			best = per;
	}
	uint64_t want = (uint64_t)(200 * tsc_per_ns);
	spin_overhead = best > want ? best - want : 0;
	stats_mine()->injected_ns = saved;
}

/* pms_lat_tsc_per_ns -- calibrated TSC rate */
double pms_lat_tsc_per_ns(void)
{
	pthread_once(&calib_once, lat_calibrate);
	return tsc_per_ns;
}

/* pms_lat_delay_ns -- public busy-wait */
void pms_lat_delay_ns(uint64_t ns)
{
	pthread_once(&calib_once, lat_calibrate);
	lat_wait(ns);
}

/* lat_update_active -- recomputes the inline fast-path flag */
static void lat_update_active(void)
{
	const struct pms_lat_model *m = &lat_model;
	int cost = m->read_ns || m->write_ns || m->flush_ns || m->barrier_ns ||
		m->write_mbps;

	if (cost)
		pthread_once(&calib_once, lat_calibrate);
	__atomic_store_n(&pms_lat_active_, cost || lat_stats_on,
			__ATOMIC_RELEASE);
}

/* pms_lat_configure -- selects a preset and/or a mode by name */
int pms_lat_configure(const char *model, const char *mode)
{
	struct pms_lat_model m = lat_model;
	size_t i;

	if (model && *model) {
		for (i = 0; i < NPRESETS; i++)
			if (strcmp(model, presets[i].name) == 0)
				break;
		if (i < NPRESETS) {
			int keep = m.mode;
			m = presets[i];
			m.mode = keep;
		} else if (strcmp(model, "custom") == 0) {
			strcpy(m.name, "custom");
		} else {
			return err_set(EINVAL, "unknown NVM model '%s' (known: "
				"dram, pcm, sttram, pmemcached, aerie-pcm, "
				"spindle, custom)", model);
		}
	}
	if (mode && *mode) {
		if (strcmp(mode, "conservative") == 0)
			m.mode = PMS_LAT_CONSERVATIVE;
		else if (strcmp(mode, "realistic") == 0)
			m.mode = PMS_LAT_REALISTIC;
		else
			return err_set(EINVAL, "unknown NVM mode '%s' (known: "
				"conservative, realistic)", mode);
	}
	return pms_lat_set_model(&m);
}

/* pms_lat_set_model -- installs a model */
int pms_lat_set_model(const struct pms_lat_model *m)
{
	if (!m || (m->mode != PMS_LAT_CONSERVATIVE && m->mode != PMS_LAT_REALISTIC))
		return err_set(EINVAL, "pms_lat_set_model: bad model");
	lat_model = *m;
	lat_model.name[sizeof(lat_model.name) - 1] = '\0';
	lat_update_active();
	return 0;
}

/* pms_lat_get_model -- copies the model in force */
void pms_lat_get_model(struct pms_lat_model *m)
{
	*m = lat_model;
}

/* lat_env_u32 -- overrides *v from an environment variable */
static void lat_env_u32(const char *var, uint32_t *v)
{
	const char *s = getenv(var);
	char *end;
	unsigned long x;

	if (!s || !*s)
		return;
	x = strtoul(s, &end, 10);
	if (*end == '\0' && x <= UINT32_MAX) {
		*v = (uint32_t)x;
		strcpy(lat_model.name, "custom");
	}
}

/* lat_init -- reads PMS_NVM_* at start-up (bad values keep dram, warn once) */
void lat_init(void)
{
	if (pms_lat_configure(getenv("PMS_NVM_MODEL"), getenv("PMS_NVM_MODE")))
		fprintf(stderr, "pmem_shim: warning: %s\n", pms_errormsg());
	lat_env_u32("PMS_NVM_READ_NS", &lat_model.read_ns);
	lat_env_u32("PMS_NVM_WRITE_NS", &lat_model.write_ns);
	lat_env_u32("PMS_NVM_FLUSH_NS", &lat_model.flush_ns);
	lat_env_u32("PMS_NVM_BARRIER_NS", &lat_model.barrier_ns);
	lat_env_u32("PMS_NVM_WRITE_MBPS", &lat_model.write_mbps);
	lat_stats_on = getenv("PMS_STATS") != NULL;
	const char *ew = getenv("PMS_NVM_EPOCH_WRITES");
	char *end;
	unsigned long x = ew && *ew ? strtoul(ew, &end, 10) : 0;
	if (x >= 1 && x <= UINT32_MAX && *end == '\0')
		lat_epoch_writes = (uint32_t)x;
	else if (ew && *ew)
		fprintf(stderr, "pmem_shim: warning: PMS_NVM_EPOCH_WRITES '%s' is "
			"not a number from 1 (kept %u)\n", ew, lat_epoch_writes);
	lat_update_active();
}

/* lat_filter_get -- this thread's filters, allocated on first use */
static struct lat_filter *lat_filter_get(void)
{
	if (!filt) {
		filt = calloc(1, sizeof(*filt));
		if (filt)
			filt->epoch = 1;
	}
	return filt;
}

/* lat_lines -- number of cache lines [addr, addr+size) touches */
static size_t lat_lines(const void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr & ~(uintptr_t)(PMS_LINE - 1);

	return size ? ((uintptr_t)addr + size - a + PMS_LINE - 1) / PMS_LINE : 0;
}

/* pms_lat_read_slow_ -- charges a load */
void pms_lat_read_slow_(const void *addr, size_t size)
{
	struct lat_filter *f;
	size_t n = lat_lines(addr, size), miss = n;
	uintptr_t line = (uintptr_t)addr / PMS_LINE;

	stats_mine()->reads++;
	if (!lat_model.read_ns)
		return;
	if (lat_model.mode == PMS_LAT_REALISTIC && (f = lat_filter_get())) {
		miss = 0;
		for (size_t i = 0; i < n; i++, line++) {
			uintptr_t *slot = &f->read[line % READ_SLOTS];
			if (*slot != line)
				*slot = line, miss++;
		}
	}
	lat_wait(miss * lat_model.read_ns);
}

/* lat_write_cost -- latency part of a write of size bytes over n lines */
static uint64_t lat_write_cost(size_t size, size_t n)
{
	uint64_t ns = lat_model.write_per_access ? lat_model.write_ns
		: (uint64_t)n * lat_model.write_ns;
	if (lat_model.write_mbps) {
		uint64_t bw = (uint64_t)size * 1000u / lat_model.write_mbps;
		if (bw > ns)
			ns = bw;
	}
	return ns;
}

/* lat_epoch_end -- forgets the dirty lines: the next store to any line pays */
static void lat_epoch_end(struct lat_filter *f)
{
	f->epoch++;
	f->dirtied = 0;
	f->loose = 0;
}

/* lat_write_realistic -- new dirty lines pay write + flush; 1 barrier/commit */
static uint64_t lat_write_realistic(struct lat_filter *f, const void *addr,
		size_t size, size_t n)
{
	uintptr_t line = (uintptr_t)addr / PMS_LINE;
	size_t fresh = 0;

	/* Outside a transaction the epoch is bounded; the first store of a
	 * transaction closes the stores made before it. */
	if (tx_tls.depth == 0 ? f->loose >= lat_epoch_writes : f->loose > 0)
		lat_epoch_end(f);
	if (tx_tls.depth == 0)
		f->loose++;

	for (size_t i = 0; i < n; i++, line++) {
		unsigned h = line % DIRTY_SLOTS;
		f->read[line % READ_SLOTS] = line;
		if (f->dirty[h] == line && f->dirty_epoch[h] == f->epoch)
			continue;
		f->dirty[h] = line;
		f->dirty_epoch[h] = f->epoch;
		fresh++;
	}
	if (!fresh)
		return 0;
	f->dirtied = 1;
	stats_mine()->flushes += fresh;
	if (tx_tls.depth == 0) {
		stats_mine()->barriers++;
		return lat_write_cost(size, fresh) + fresh * lat_model.flush_ns +
			lat_model.barrier_ns;
	}
	return lat_write_cost(size, fresh) + fresh * lat_model.flush_ns;
}

/* pms_lat_write_slow_ -- charges a store */
void pms_lat_write_slow_(const void *addr, size_t size)
{
	struct lat_filter *f;
	size_t n = lat_lines(addr, size);
	uint64_t ns;

	stats_mine()->writes++;
	if (lat_model.mode == PMS_LAT_REALISTIC && (f = lat_filter_get())) {
		ns = lat_write_realistic(f, addr, size, n);
	} else {
		stats_mine()->flushes += n;
		stats_mine()->barriers++;
		ns = lat_write_cost(size, n) + n * lat_model.flush_ns +
			lat_model.barrier_ns;
	}
	lat_wait(ns);
}

/* lat_explicit_persist -- an explicit flush or fence ends the epoch */
static void lat_explicit_persist(void)
{
	if (lat_model.mode == PMS_LAT_REALISTIC && filt)
		lat_epoch_end(filt);
}

/* lat_charge_flush -- real flushes issued by pms_flush */
void lat_charge_flush(size_t lines)
{
	lat_explicit_persist();
	lat_wait(lines * lat_model.flush_ns);
}

/* lat_charge_barrier -- a real barrier issued by pms_fence */
void lat_charge_barrier(void)
{
	lat_explicit_persist();
	lat_wait(lat_model.barrier_ns);
}

/* lat_tx_log -- the undo-log entry PMDK writes and persists before a store */
void lat_tx_log(const void *addr, size_t size)
{
	size_t n = lat_lines(addr, size);

	stats_mine()->flushes += n;
	stats_mine()->barriers++;
	lat_wait(lat_write_cost(size, n) + n * lat_model.flush_ns +
		lat_model.barrier_ns);
}

/* lat_tx_end -- the commit barrier; realistic mode forgets dirty lines */
void lat_tx_end(void)
{
	struct lat_filter *f = filt;

	if (lat_model.mode == PMS_LAT_REALISTIC && f) {
		if (!f->dirtied)
			return;
		lat_epoch_end(f);
	}
	stats_mine()->barriers++;
	lat_wait(lat_model.barrier_ns);
}
