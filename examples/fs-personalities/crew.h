/* The workers of a run: --threads threads in each of --processes processes, started together and stopped together. */
#ifndef FSB_CREW_H
#define FSB_CREW_H

#include "flowops.h"

/* In shared memory, so worker processes see the start gate and the stop flag, and the parent
 * reads every worker's figures after they exit. */
struct fsb_crew {
	pthread_mutex_t start_lock;
	pthread_cond_t start_cond;
	int started;
	atomic_int stop;
	/* 1 + the flow step whose pick first found no entry in the wanted state: filebench then stops
	 * the run early ("could not obtain a file"), and so do we; 0 when none did */
	atomic_int no_entry_step;
	unsigned nworkers;
	size_t size;
	struct fsb_worker *workers; /* nworkers, then their stats, in the same mapping */
};

/* fsb_crew_run -- runs every worker until its iterations are done or the duration is up; fills
 * *seconds with the wall time; the figures stay in the crew; 0, or -1 with fsb_fail() */
int fsb_crew_run(struct fsb_crew **crew, struct fsb_run *run, double *seconds);
/* fsb_crew_free -- releases the crew */
void fsb_crew_free(struct fsb_crew *crew);
/* fsb_crew_interrupt -- called from a signal handler: the run stops as at the end of its duration */
void fsb_crew_interrupt(void);
/* fsb_crew_interrupted -- nonzero after fsb_crew_interrupt() */
int fsb_crew_interrupted(void);

#endif
