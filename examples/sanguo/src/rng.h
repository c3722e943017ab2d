/*
 * rng.h -- the per-thread, seeded random numbers of the random walk
 * (splitmix64 to seed, xorshift64* to draw).
 *
 * Each thread keeps its own state, so walks never contend on a shared
 * generator; a thread's first draw under a seed starts from
 * splitmix64(seed + the thread's ordinal), so a single-threaded run is the
 * same for the same seed.
 */
#ifndef SANGUO_RNG_H
#define SANGUO_RNG_H

#include <stdatomic.h>
#include <stdint.h>

struct rng_state {
	uint64_t s;
	uint64_t seed;
	int ready;
};

extern _Thread_local struct rng_state rng_tls;
extern atomic_uint rng_threads;

/* rng_splitmix -- one step of splitmix64 (a good 64-bit mixer) */
static inline uint64_t rng_splitmix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* rng_next -- the next 64-bit draw of this thread under seed */
static inline uint64_t rng_next(uint64_t seed)
{
	struct rng_state *r = &rng_tls;
	uint64_t x;

	if (!r->ready || r->seed != seed) {
		r->s = rng_splitmix(seed + atomic_fetch_add(&rng_threads, 1)) | 1;
		r->seed = seed;
		r->ready = 1;
	}
	x = r->s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* rng_below -- a draw in [0, n), n > 0 (multiply-shift: no modulo bias
 * worth the name at these sizes) */
static inline uint32_t rng_below(uint64_t seed, uint32_t n)
{
	return (uint32_t)(((rng_next(seed) >> 32) * (uint64_t)n) >> 32);
}

#endif /* SANGUO_RNG_H */
