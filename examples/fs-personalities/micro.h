/* fsbench micro: Aerie's Table 2 latencies (sequential and random 4 KB I/O, open, create, delete, append). */
#ifndef FSB_MICRO_H
#define FSB_MICRO_H

#include "flow.h"

/* fsb_run_micro -- runs the eight measurements in "<--dir>/fsbench-micro" (which must not exist),
 * prints the table, writes --json when asked, removes what it made; 0, or -1 with fsb_fail() */
int fsb_run_micro(const struct fsb_params *p);

#endif
