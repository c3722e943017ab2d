/* Seeded pseudo-random numbers for fsbench: uniform integers, unit reals and gamma draws. */
#ifndef FSB_RNG_H
#define FSB_RNG_H

#include <stdint.h>

/* xoshiro256** state: small, fast, and the same sequence on every machine for one seed. */
struct fsb_rng {
	uint64_t s[4];
};

/* fsb_rng_seed -- expands one 64-bit seed into a full state (splitmix64) */
void fsb_rng_seed(struct fsb_rng *r, uint64_t seed);
/* fsb_rng_next -- the next 64 random bits */
uint64_t fsb_rng_next(struct fsb_rng *r);
/* fsb_rng_below -- uniform integer in [0, n); 0 when n is 0 */
uint64_t fsb_rng_below(struct fsb_rng *r, uint64_t n);
/* fsb_rng_unit -- uniform real in the open interval (0, 1) */
double fsb_rng_unit(struct fsb_rng *r);
/* fsb_rng_gamma -- a gamma(shape, scale) draw; its mean is shape * scale */
double fsb_rng_gamma(struct fsb_rng *r, double shape, double scale);

#endif
