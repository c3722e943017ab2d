/* Running a personality: set-up of the file sets, the worker threads, and the merged figures. */
#ifndef FSB_RUNNER_H
#define FSB_RUNNER_H

#include "flowops.h"

/* The figures of one run, merged over threads. */
struct fsb_result {
	const struct fsb_step *flow;
	size_t flow_len;
	struct fsb_stat *steps;              /* one per flow step */
	struct fsb_stat kinds[FSB_OP_COUNT]; /* the same, summed per flowop kind */
	struct fsb_stat total;
	uint64_t iterations, iteration_ns; /* completed iterations and their summed latency */
	uint64_t skipped_iterations;        /* cut short because a pick found nothing */
	const char *stopped_early;          /* the step that found no entry and so ended the run, or NULL */
	uint64_t appended_max;              /* the largest append or put drawn */
	uint64_t prealloc_entries, entries, dirs;
	unsigned depth;
	double seconds, setup_seconds;
};

/* fsb_run_personality -- sets up, runs and removes (unless --keep) one personality; 0, or -1 with
 * fsb_fail() (the file set is still removed when it was created) */
int fsb_run_personality(const struct fsb_params *p, struct fsb_result *res);
/* fsb_result_free -- frees what fsb_run_personality() allocated */
void fsb_result_free(struct fsb_result *res);
/* fsb_now -- monotonic time in nanoseconds */
uint64_t fsb_now(void);

#endif
