/*
 * pmem_shim/latency.h -- the NVM latency model shared by the delay-injector
 * and the runtime, and the counters dumped as JSON.
 *
 * Model and mode are read at start-up from PMS_NVM_MODEL (dram, pcm, sttram,
 * pmemcached, aerie-pcm, spindle, custom) and PMS_NVM_MODE (conservative,
 * realistic); PMS_NVM_READ_NS, PMS_NVM_WRITE_NS, PMS_NVM_FLUSH_NS,
 * PMS_NVM_BARRIER_NS and PMS_NVM_WRITE_MBPS override single values.
 * PMS_NVM_CHARGE=type (default) charges every access the hooks are given;
 * PMS_NVM_CHARGE=address only those inside the open pool.
 * PMS_STATS=FILE (or "stderr") dumps the counters as JSON at exit.
 */
#ifndef PMEM_SHIM_LATENCY_H
#define PMEM_SHIM_LATENCY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Charging modes. */
#define PMS_LAT_CONSERVATIVE 0  /* every access pays, every write flush + barrier */
#define PMS_LAT_REALISTIC 1     /* cache-line filter: dirty and recently read lines */

/** One latency model; times per 64-byte cache line unless said otherwise. */
struct pms_lat_model {
	char name[32];
	uint32_t read_ns;
	uint32_t write_ns;
	uint32_t flush_ns;
	uint32_t barrier_ns;
	uint32_t write_mbps;   /* write bandwidth cap, 0: none */
	int write_per_access;  /* 1: write_ns once per access, not per line */
	int mode;              /* PMS_LAT_CONSERVATIVE or PMS_LAT_REALISTIC */
};

/** Selects a preset by name (NULL or "" keeps the current one) and a mode
 * ("conservative", "realistic", NULL keeps). Returns 0, or -1 (EINVAL) with
 * the known names in pms_errormsg().
 */
int pms_lat_configure(const char *model, const char *mode);

/** Installs an arbitrary model (name "custom" by convention). Returns 0 or -1. */
int pms_lat_set_model(const struct pms_lat_model *m);

/** Copies the model in force into *m. */
void pms_lat_get_model(struct pms_lat_model *m);

/** What the hooks charge (PMS_NVM_CHARGE). */
#define PMS_LAT_CHARGE_TYPE 0     /* every access they are given (the default) */
#define PMS_LAT_CHARGE_ADDRESS 1  /* only accesses inside the open pool */

/** Sets what the hooks charge. Returns 0, or -1 (EINVAL) for another value. */
int pms_lat_set_charge(int how);

/** What the hooks charge: PMS_LAT_CHARGE_TYPE or PMS_LAT_CHARGE_ADDRESS. */
int pms_lat_get_charge(void);

/* Internal, read only: 0 when nothing is charged or counted; PMS_LAT_ALL_
 * when every hook call goes out of line; PMS_LAT_POOL_ when only accesses
 * inside the pool do (charging by address, a pool open, no PMS_STATS). */
#define PMS_LAT_ALL_ 1
#define PMS_LAT_POOL_ 2
extern int pms_lat_active_;
/* The charge never reads or writes through addr: telling gcc so keeps instrumented code
 * free of new -Wmaybe-uninitialized warnings (a charge before the first store). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#define PMS_LAT_NO_ACCESS_ __attribute__((access(none, 1)))
#else
#define PMS_LAT_NO_ACCESS_
#endif
PMS_LAT_NO_ACCESS_ void pms_lat_read_slow_(const void *addr, size_t size);
PMS_LAT_NO_ACCESS_ void pms_lat_write_slow_(const void *addr, size_t size);

/* Internal: 1 when an access at addr must go out of line. */
static inline int pms_lat_wants_(const void *addr)
{
	int active = pms_lat_active_;

	return __builtin_expect(active, 0) &&
		(active == PMS_LAT_ALL_ || pms_is_persistent(addr));
}

/** Charges a load of size bytes at addr (the delay-injector calls this).
 * With the dram preset and no PMS_STATS it costs one load and one branch;
 * charging by address, an access outside the pool costs that, one compare
 * and the range check (no call) unless PMS_STATS asks to count it.
 */
static inline void pms_lat_read(const void *addr, size_t size)
{
	if (pms_lat_wants_(addr))
		pms_lat_read_slow_(addr, size);
}

/** Charges a store of size bytes at addr. */
static inline void pms_lat_write(const void *addr, size_t size)
{
	if (pms_lat_wants_(addr))
		pms_lat_write_slow_(addr, size);
}

/** Busy-waits ns nanoseconds on the calibrated TSC (counted as injected time). */
void pms_lat_delay_ns(uint64_t ns);

/** TSC ticks per nanosecond, measured on first use (calibrates if needed). */
double pms_lat_tsc_per_ns(void);

/** Fixed cost of one charge in ns (call, TSC reads, loop exit, counter),
 * measured at calibration and subtracted from every delay (calibrates if needed).
 */
double pms_lat_fixed_ns(void);

/** Counters summed over all threads. reads and writes are the accesses
 * charged; skipped_reads and skipped_writes those left out by
 * PMS_NVM_CHARGE=address (counted when PMS_STATS is set or with no pool open).
 */
struct pms_stats {
	uint64_t reads, writes, flushes, barriers;
	uint64_t tx_committed, tx_aborted, bytes_logged;
	uint64_t allocs, frees, injected_ns;
	uint64_t skipped_reads, skipped_writes;
};

/** Fills *s with the counters of every thread so far. */
void pms_stats_get(struct pms_stats *s);

/** Writes the counters and the model as one JSON object and a newline.
 * Returns 0 or -1 (errno from stdio).
 */
int pms_stats_dump_json(FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_LATENCY_H */
