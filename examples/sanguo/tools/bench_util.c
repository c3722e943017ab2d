/*
 * bench_util.c -- sanguo-bench's clock and its seeded random variates
 * (xorshift64*, Box-Muller normals, Marsaglia-Tsang gammas).
 */
#include <math.h>
#include <time.h>

#include "bench.h"

static uint64_t bench_state = 88172645463325252ULL;

/* bench_now_ns -- monotonic clock */
uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* bench_seed -- restarts the sequence */
void bench_seed(uint64_t seed)
{
	bench_state = seed * 0x9e3779b97f4a7c15ULL | 1;
}

/* bench_rand -- xorshift64* */
uint64_t bench_rand(void)
{
	bench_state ^= bench_state >> 12;
	bench_state ^= bench_state << 25;
	bench_state ^= bench_state >> 27;
	return bench_state * 0x2545f4914f6cdd1dULL;
}

/* bench_below -- uniform in [0, n) */
uint32_t bench_below(uint32_t n)
{
	return (uint32_t)(((bench_rand() >> 32) * (uint64_t)n) >> 32);
}

/* bench_unit -- uniform in (0, 1) */
static double bench_unit(void)
{
	return ((double)(bench_rand() >> 11) + 0.5) / 9007199254740992.0;
}

/* bench_normal -- standard normal (Box-Muller) */
static double bench_normal(void)
{
	return sqrt(-2 * log(bench_unit())) * cos(2 * M_PI * bench_unit());
}

/* bench_gamma -- Marsaglia and Tsang's method, shape >= 1, scale mean/shape */
double bench_gamma(double shape, double mean)
{
	double d = shape - 1.0 / 3, c = 1 / sqrt(9 * d);

	for (;;) {
		double x = bench_normal(), v = 1 + c * x, u;

		if (v <= 0)
			continue;
		v = v * v * v;
		u = bench_unit();
		if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
			return d * v * mean / shape;
	}
}
