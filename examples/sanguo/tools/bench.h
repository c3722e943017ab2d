/*
 * bench.h -- what the parts of sanguo-bench share: its options, the pool it
 * runs in, a clock and a seeded random source.
 */
#ifndef SANGUO_BENCH_H
#define SANGUO_BENCH_H

#include <stdint.h>

struct bench_opts {
	const char *personality;   /* wear: one personality, or "all" */
	uint32_t files;            /* wear: entries of the file set */
	uint32_t iterations;       /* wear: flow iterations after aging */
	uint32_t dir_ops;          /* dir: operations timed per kind and size */
	uint64_t seed;
	const char *wear_dump;     /* wear: dump the maps to this file prefix */
};

/* bench_now_ns -- monotonic nanoseconds */
uint64_t bench_now_ns(void);
/* bench_rand -- the benchmark's own seeded draws (not the allocator's) */
uint64_t bench_rand(void);
void bench_seed(uint64_t seed);
/* bench_below -- a draw in [0, n) */
uint32_t bench_below(uint32_t n);
/* bench_gamma -- a gamma variate of the given shape and mean */
double bench_gamma(double shape, double mean);

/* bench_wear -- allocation wear over 128 intervals, first fit vs FBST;
 * 0, or 1 after printing an error */
int bench_wear(const struct bench_opts *o);
/* bench_dir -- directory operations per second and the index rebuild */
int bench_dir(const struct bench_opts *o);
/* bench_rebuild -- the allocator's open (tree rebuild) on a 4 GiB region */
int bench_rebuild(const struct bench_opts *o);

#endif /* SANGUO_BENCH_H */
