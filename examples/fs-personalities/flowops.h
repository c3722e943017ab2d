/* Executing one flowop of a flow in one worker thread, with filebench's semantics. */
#ifndef FSB_FLOWOPS_H
#define FSB_FLOWOPS_H

#include <stdatomic.h>
#include <stdio.h>
#include <sys/types.h>

#include "fileset.h"
#include "flow.h"

/* A step found no entry in the state it needs (filebench's FILEBENCH_NORSC): the rest of the
 * iteration is skipped. */
#define FSB_NORSC 1

/* What all workers of a run share. */
struct fsb_run {
	const struct fsb_params *p;
	struct fsb_target target;
	struct fsb_fileset sets[FSB_SET_COUNT];
	const struct fsb_step *flow;
	size_t flow_len;
	FILE *trace; /* --trace: one line per flowop (one process only) */
	pthread_mutex_t trace_lock;
};

struct fsb_stat {
	uint64_t ops, bytes, ns, norsc;
};

struct fsb_open_file {
	int fd; /* -1 when the slot is closed */
	int64_t entry;
	enum fsb_set set;
};

struct fsb_crew;

/* One worker thread's state (in shared memory, so the parent reads the figures of workers in other
 * processes): its rotors live in the file sets, everything else here. */
struct fsb_worker {
	unsigned id; /* over all processes: process * threads + thread */
	struct fsb_run *run;
	struct fsb_crew *crew;
	struct fsb_rng rng;
	struct fsb_open_file fds[FSB_MAX_FD];
	char *buf;
	uint64_t bufsize;
	struct fsb_stat *stats; /* one per flow step */
	uint64_t iterations, iteration_ns, appended_max;
	uint64_t skipped; /* iterations cut short: a pick found no entry */
};

/* fsb_step_run -- runs one flowop; 0, FSB_NORSC, or -1 with fsb_fail() */
int fsb_step_run(struct fsb_worker *w, const struct fsb_step *s, uint64_t *bytes);
/* fsb_worker_close_all -- closes every open slot (end of an iteration cut short, end of run) */
void fsb_worker_close_all(struct fsb_worker *w, int keep_log);

/* fsb_write_full -- writes 'len' bytes of 'buf' in writes of at most 'chunk'; -1 and errno */
ssize_t fsb_write_full(const struct fsb_target *t, int fd, const char *buf, uint64_t len, uint64_t chunk);

#endif
