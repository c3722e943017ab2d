/*
 * latency.c -- the NVM latency model: presets, run-time selection, the
 * calibrated TSC busy-wait, and what each access, flush, barrier and commit
 * is charged in conservative and realistic mode.
 *
 * Realistic mode keeps two small per-thread direct-mapped filters: lines read
 * recently (a hit is free, as a CPU cache hit would be) and lines already
 * dirtied in the current epoch (no second write-back); the barrier is paid
 * once per commit instead of once per write. An epoch is a transaction, or a
 * port's operation (pms_op_begin/end) before its transaction begins; with the
 * slab on (a port) stores outside both join the next commit's epoch, since
 * that is when the runtime writes them back.
 * Outside one nothing says which stores go together, so an epoch lasts
 * PMS_NVM_EPOCH_WRITES write accesses (default 1: every store is persisted on
 * its own, as an unlogged store followed by pms_persist would be), and an
 * explicit flush or fence, or the first store of a transaction, ends it.
 * Without that bound a program with no transactions paid for a line once and
 * then never again until another line evicted it from the filter.
 *
 * The busy-wait: a charge of N ns must cost the program N ns, not N plus the
 * call, the TSC reads and the loop exit. Calibration measures that fixed cost
 * on the path a charge really takes (a call through a pointer into the
 * charging function, the counter, rdtsc, the spin, the exit and the return)
 * and every wait is shortened by it; a request smaller than the fixed cost
 * costs the fixed cost.
 *
 * What is charged: by default (PMS_NVM_CHARGE=type) every access the
 * instrumented program hands to the hooks, i.e. every access to an object
 * of a persistent type. PMS_NVM_CHARGE=address charges only accesses inside
 * the open pool, so a port's volatile objects of persistent types (query
 * buffers that are also sds strings) pay nothing; they are counted as
 * skipped_reads/skipped_writes when PMS_STATS is set.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "internal.h"

#define READ_SLOTS 1024
#define DIRTY_SLOTS 512

/* Calibration. The TSC rate is measured over CAL_RATE_NS against the raw
 * monotonic clock, each clock read bracketed by two TSC reads at most
 * CAL_BRACKET_TICKS apart (else it was preempted and is read again). During
 * that time, after a first rate over CAL_QUICK_NS, rounds of CAL_CALLS
 * charges of CAL_MIN_NS to CAL_MIN_NS + CAL_SPAN_NS measure the fixed cost;
 * the round at 1/CAL_QUANTILE of them sorted by cost is kept (interrupted
 * or preempted rounds are the slow end; at most CAL_MAX_ROUNDS are kept). */
#define CAL_RATE_NS 20000000u
#define CAL_QUICK_NS 1000000u
#define CAL_BRACKET_TICKS 20000u
#define CAL_CALLS 64
#define CAL_MIN_NS 40u
#define CAL_SPAN_NS 480u
#define CAL_STRIDE_NS 37u
#define CAL_MAX_ROUNDS 2048
#define CAL_QUANTILE 5
#define CAL_READS 64
#define DITHER_BITS 10
#define DITHER_MASK ((1u << DITHER_BITS) - 1)

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
static int lat_charge = PMS_LAT_CHARGE_TYPE;
static int lat_said_no_pool;
static double tsc_per_ns;
static uint64_t lat_fixed_ticks;  /* one charge: call, rdtsc, loop exit, counter */
static uint64_t lat_read_ticks;   /* one TSC read: the spin loop's period */
static int lat_calibrated;
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

/* lat_wait -- charges ns: busy-waits ns less the fixed cost, and counts them
 *
 * Every charge ends here, as a tail call from a function that has looked up
 * this thread's counters (st), which is the shape calibration measures.
 * The loop leaves at the first TSC read past the deadline, up to one read
 * (lat_read_ticks) late. Back-to-back equal requests would always meet the
 * deadline at the same phase of the reads, off by up to half a read from
 * the calibrated mean either way; a dither of 0 to one read, from the low
 * bits of the start time, spreads them over every phase, and its mean is
 * part of the calibrated fixed cost.
 */
__attribute__((noinline)) static void lat_wait(struct pms_stats *st,
		uint64_t ns)
{
	uint64_t start, ticks;

	if (ns == 0)
		return;
	start = __rdtsc();
	ticks = (uint64_t)((double)ns * tsc_per_ns) +
		(((start & DITHER_MASK) * lat_read_ticks) >> DITHER_BITS);
	if (ticks > lat_fixed_ticks) {
		uint64_t end = start + ticks - lat_fixed_ticks;
		while (__rdtsc() < end)
			;
	}
	st->injected_ns += ns;
}

/* lat_charge_ns -- one charge of ns with nothing else to do (the public wait) */
__attribute__((noinline)) static void lat_charge_ns(uint64_t ns)
{
	lat_wait(stats_mine(), ns);
}

/* lat_tsc_at -- a TSC reading taken with the clock read *ns; 0 if preempted */
static uint64_t lat_tsc_at(uint64_t *ns)
{
	uint64_t c0 = __rdtsc();

	*ns = lat_now_ns();
	uint64_t c1 = __rdtsc();
	return c1 - c0 < CAL_BRACKET_TICKS ? c0 + (c1 - c0) / 2 : 0;
}

/* lat_tsc_at_retry -- lat_tsc_at until it is not preempted */
static uint64_t lat_tsc_at_retry(uint64_t *ns)
{
	uint64_t c;

	while (!(c = lat_tsc_at(ns)))
		;
	return c;
}

/* lat_cal_round -- TSC ticks per charge beyond those asked, over CAL_CALLS
 * charges of req[] made through a pointer, as calls into the library are */
static uint64_t lat_cal_round(const uint64_t *req, uint64_t asked)
{
	void (*charge)(uint64_t) = lat_charge_ns;
	uint64_t s, spent;

	__asm__ volatile("" : "+r"(charge));  /* an indirect call, not inlined */
	s = __rdtsc();
	for (unsigned i = 0; i < CAL_CALLS; i++)
		charge(req[i]);
	spent = __rdtsc() - s;
	return spent > asked ? (spent - asked) / CAL_CALLS : 0;
}

/* lat_cal_read_ticks -- TSC ticks one TSC read takes (the best of 16 tries) */
static uint64_t lat_cal_read_ticks(void)
{
	uint64_t best = UINT64_MAX;

	for (int round = 0; round < 16; round++) {
		uint64_t s = __rdtsc(), t = s;
		for (int i = 0; i < CAL_READS; i++)
			t = __rdtsc();
		if ((t - s) / CAL_READS < best)
			best = (t - s) / CAL_READS;
	}
	return best;
}

/* lat_cmp_u64 -- qsort order */
static int lat_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* lat_calibrate -- TSC rate and, meanwhile, the fixed cost of one charge */
static void lat_calibrate(void)
{
	static uint64_t cost[CAL_MAX_ROUNDS], req[CAL_CALLS];
	struct pms_stats *st = stats_mine();
	uint64_t saved = st->injected_ns, t0, c0, t, c, asked = 0;
	size_t rounds = 0;

	c0 = lat_tsc_at_retry(&t0);
	do
		c = lat_tsc_at_retry(&t);
	while (t - t0 < CAL_QUICK_NS);
	tsc_per_ns = (double)(c - c0) / (double)(t - t0);

	lat_read_ticks = lat_cal_read_ticks();
	lat_fixed_ticks = 0;
	/* The requests vary so that the loop exit is met at every phase. */
	for (unsigned i = 0; i < CAL_CALLS; i++) {
		req[i] = CAL_MIN_NS + i * CAL_STRIDE_NS % CAL_SPAN_NS;
		asked += (uint64_t)((double)req[i] * tsc_per_ns);
	}
	while (lat_now_ns() - t0 < CAL_RATE_NS) {
		uint64_t x = lat_cal_round(req, asked);
		if (rounds < CAL_MAX_ROUNDS)
			cost[rounds++] = x;
	}
	qsort(cost, rounds, sizeof(cost[0]), lat_cmp_u64);
	lat_fixed_ticks = cost[rounds / CAL_QUANTILE];
	/* Undisturbed rounds differ by their dither and loop-exit phases, a
	 * quarter of a TSC read from the fastest to the quantile; more means
	 * most rounds were slowed (another thread on the core, a frequency
	 * change): trust the fastest ones. */
	if (lat_fixed_ticks > cost[0] + lat_read_ticks / 4)
		lat_fixed_ticks = cost[0] + lat_read_ticks / 4;
	st->injected_ns = saved;

	c = lat_tsc_at_retry(&t);
	tsc_per_ns = (double)(c - c0) / (double)(t - t0);
	__atomic_store_n(&lat_calibrated, 1, __ATOMIC_RELEASE);
}

/* lat_ensure_calibrated -- calibrates once, on the first costly use */
static inline void lat_ensure_calibrated(void)
{
	if (__builtin_expect(!__atomic_load_n(&lat_calibrated,
			__ATOMIC_ACQUIRE), 0))
		pthread_once(&calib_once, lat_calibrate);
}

/* pms_lat_tsc_per_ns -- calibrated TSC rate */
double pms_lat_tsc_per_ns(void)
{
	lat_ensure_calibrated();
	return tsc_per_ns;
}

/* pms_lat_fixed_ns -- measured fixed cost of one charge, in ns */
double pms_lat_fixed_ns(void)
{
	lat_ensure_calibrated();
	return (double)lat_fixed_ticks / tsc_per_ns;
}

/* pms_lat_delay_ns -- public busy-wait */
void pms_lat_delay_ns(uint64_t ns)
{
	lat_ensure_calibrated();
	lat_wait(stats_mine(), ns);
}

/* lat_update_active -- recomputes the inline fast-path flag
 *
 * PMS_LAT_POOL_ lets the inline hooks skip non-pool addresses themselves;
 * it needs an open pool (with none, the out-of-line path says so once) and
 * no PMS_STATS (the skips are then counted out of line).
 */
static void lat_update_active(void)
{
	const struct pms_lat_model *m = &lat_model;
	int cost = m->read_ns || m->write_ns || m->flush_ns || m->barrier_ns ||
		m->write_mbps;
	int active = 0;

	if (cost)
		lat_ensure_calibrated();
	if (cost || lat_stats_on)
		active = lat_charge == PMS_LAT_CHARGE_ADDRESS && !lat_stats_on &&
			pms_pool_size_ ? PMS_LAT_POOL_ : PMS_LAT_ALL_;
	__atomic_store_n(&pms_lat_active_, active, __ATOMIC_RELEASE);
	if (active && watch_load_skip_)
		pool_watch_all(); /* the cold load's stores are NVM writes to charge */
}

/* pms_lat_set_charge -- PMS_LAT_CHARGE_TYPE or PMS_LAT_CHARGE_ADDRESS */
int pms_lat_set_charge(int how)
{
	if (how != PMS_LAT_CHARGE_TYPE && how != PMS_LAT_CHARGE_ADDRESS)
		return err_set(EINVAL, "pms_lat_set_charge: bad value %d", how);
	lat_charge = how;
	lat_update_active();
	return 0;
}

/* pms_lat_get_charge -- what is charged: by type or by address */
int pms_lat_get_charge(void)
{
	return lat_charge;
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

/* lat_env_charge -- PMS_NVM_CHARGE=type|address (bad values keep type, warn) */
static void lat_env_charge(void)
{
	const char *s = getenv("PMS_NVM_CHARGE");

	if (!s || !*s || strcmp(s, "type") == 0)
		lat_charge = PMS_LAT_CHARGE_TYPE;
	else if (strcmp(s, "address") == 0)
		lat_charge = PMS_LAT_CHARGE_ADDRESS;
	else
		fprintf(stderr, "pmem_shim: warning: unknown PMS_NVM_CHARGE '%s' "
			"(known: type, address); charging by type\n", s);
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
	lat_env_charge();
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

/* lat_no_pool -- says once that charging by address without a pool charges nothing */
__attribute__((cold, noinline)) static void lat_no_pool(void)
{
	if (__atomic_exchange_n(&lat_said_no_pool, 1, __ATOMIC_RELAXED))
		return;
	fprintf(stderr, "pmem_shim: PMS_NVM_CHARGE=address and no pool is open: "
		"accesses are not charged until one is\n");
}

/* lat_skipped -- 1 (and counts it) when charging by address and addr is not
 * in the pool; promotes the inline check once a pool is open */
static inline int lat_skipped(const void *addr, uint64_t *counter)
{
	if (__builtin_expect(lat_charge != PMS_LAT_CHARGE_ADDRESS, 1))
		return 0;
	if (!pms_pool_size_) {
		if (!lat_said_no_pool)
			lat_no_pool();
	} else if (pms_lat_active_ == PMS_LAT_ALL_ && !lat_stats_on) {
		lat_update_active();
	}
	if (pms_is_persistent(addr))
		return 0;
	++*counter;
	return 1;
}

/* pms_lat_read_slow_ -- charges a load */
void pms_lat_read_slow_(const void *addr, size_t size)
{
	struct pms_stats *st = stats_mine();
	struct lat_filter *f;
	size_t n, miss;
	uintptr_t line = (uintptr_t)addr / PMS_LINE;

	if (lat_skipped(addr, &st->skipped_reads))
		return;
	st->reads++;
	if (!lat_model.read_ns)
		return;
	n = miss = lat_lines(addr, size);
	if (lat_model.mode == PMS_LAT_REALISTIC && (f = lat_filter_get())) {
		miss = 0;
		for (size_t i = 0; i < n; i++, line++) {
			uintptr_t *slot = &f->read[line % READ_SLOTS];
			if (*slot != line)
				*slot = line, miss++;
		}
	}
	lat_wait(st, miss * lat_model.read_ns);
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
static uint64_t lat_write_realistic(struct pms_stats *st, struct lat_filter *f,
		const void *addr, size_t size, size_t n)
{
	uintptr_t line = (uintptr_t)addr / PMS_LINE;
	size_t fresh = 0;
	/* A port's operation is an epoch before its transaction begins too, and
	 * with the port's slab on so are stores outside operations: the runtime
	 * writes stores it did not log back with the next commit's barrier
	 * (tx_note_unlogged, fresh slots), never one by one. */
	int in_op = tx_tls.depth > 0 || tx_tls.lazy > 0 || slab_on_;

	/* Outside a transaction the epoch is bounded; the first store of a
	 * transaction closes the stores made before it. */
	if (!in_op ? f->loose >= lat_epoch_writes : f->loose > 0)
		lat_epoch_end(f);
	if (!in_op)
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
	st->flushes += fresh;
	/* a store persisted on its own pays its barrier now: none is owed */
	f->dirtied = in_op;
	if (!in_op) {
		st->barriers++;
		return lat_write_cost(size, fresh) + fresh * lat_model.flush_ns +
			lat_model.barrier_ns;
	}
	return lat_write_cost(size, fresh) + fresh * lat_model.flush_ns;
}

/* pms_lat_write_slow_ -- charges a store */
void pms_lat_write_slow_(const void *addr, size_t size)
{
	struct pms_stats *st = stats_mine();
	struct lat_filter *f;
	size_t n;
	uint64_t ns;

	if (lat_skipped(addr, &st->skipped_writes))
		return;
	st->writes++;
	n = lat_lines(addr, size);
	if (lat_model.mode == PMS_LAT_REALISTIC && (f = lat_filter_get())) {
		ns = lat_write_realistic(st, f, addr, size, n);
	} else {
		st->flushes += n;
		st->barriers++;
		ns = lat_write_cost(size, n) + n * lat_model.flush_ns +
			lat_model.barrier_ns;
	}
	lat_wait(st, ns);
}

/* lat_charge_flush -- real flushes issued by pms_flush: the lines written so
 * far are written back (the next store to one pays again), but they are not
 * persistent before a barrier, which the epoch still owes */
void lat_charge_flush(size_t lines)
{
	if (lat_model.mode == PMS_LAT_REALISTIC && filt) {
		int owed = filt->dirtied;
		lat_epoch_end(filt);
		filt->dirtied = owed;
	}
	lat_wait(stats_mine(), lines * lat_model.flush_ns);
}

/* lat_charge_barrier -- a real barrier issued by pms_fence ends the epoch */
void lat_charge_barrier(void)
{
	if (lat_model.mode == PMS_LAT_REALISTIC && filt)
		lat_epoch_end(filt);
	lat_wait(stats_mine(), lat_model.barrier_ns);
}

/* lat_tx_log -- the undo-log entry written and persisted before a store; its
 * barrier is lat_barrier's when the entry is one of a run logged together */
void lat_tx_log(const void *addr, size_t size, int barrier)
{
	struct pms_stats *st = stats_mine();
	size_t n = lat_lines(addr, size);

	st->flushes += n;
	if (barrier)
		st->barriers++;
	lat_wait(st, lat_write_cost(size, n) + n * lat_model.flush_ns +
		(barrier ? lat_model.barrier_ns : 0));
}

/* lat_barrier -- the one barrier of a run of entries logged together */
void lat_barrier(void)
{
	struct pms_stats *st = stats_mine();

	st->barriers++;
	lat_wait(st, lat_model.barrier_ns);
}

/* lat_tx_end -- the commit barrier; realistic mode forgets dirty lines */
void lat_tx_end(void)
{
	struct lat_filter *f = filt;
	struct pms_stats *st;

	if (lat_model.mode == PMS_LAT_REALISTIC && f) {
		if (!f->dirtied)
			return;
		lat_epoch_end(f);
	}
	st = stats_mine();
	st->barriers++;
	lat_wait(st, lat_model.barrier_ns);
}
