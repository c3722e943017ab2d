/* Seeded pseudo-random numbers for fsbench: xoshiro256** and Marsaglia-Tsang gamma sampling. */
#include "rng.h"

#include <math.h>

/* rotl -- (internal) 64-bit rotate left */
static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* fsb_rng_seed -- expands one 64-bit seed into a full state (splitmix64) */
void fsb_rng_seed(struct fsb_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		r->s[i] = z ^ (z >> 31);
	}
}

/* fsb_rng_next -- the next 64 random bits */
uint64_t fsb_rng_next(struct fsb_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* fsb_rng_below -- uniform integer in [0, n); rejection keeps it unbiased */
uint64_t fsb_rng_below(struct fsb_rng *r, uint64_t n)
{
	if (n == 0)
		return 0;
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;
	do
		x = fsb_rng_next(r);
	while (x >= limit);
	return x % n;
}

/* fsb_rng_unit -- uniform real in (0, 1) from the top 53 bits */
double fsb_rng_unit(struct fsb_rng *r)
{
	return ((double)(fsb_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

/* rng_normal -- (internal) a standard normal draw (Box-Muller) */
static double rng_normal(struct fsb_rng *r)
{
	double u = fsb_rng_unit(r), v = fsb_rng_unit(r);
	return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* fsb_rng_gamma -- a gamma(shape, scale) draw (Marsaglia and Tsang, 2000) */
double fsb_rng_gamma(struct fsb_rng *r, double shape, double scale)
{
	if (shape < 1.0) {
		/* Boost: gamma(k) = gamma(k + 1) * U^(1/k). */
		double u = fsb_rng_unit(r);
		return fsb_rng_gamma(r, shape + 1.0, scale) * pow(u, 1.0 / shape);
	}
	double d = shape - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
	for (;;) {
		double x = rng_normal(r), v = 1.0 + c * x;
		if (v <= 0.0)
			continue;
		v = v * v * v;
		double u = fsb_rng_unit(r);
		if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
			return d * v * scale;
	}
}
