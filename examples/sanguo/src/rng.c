/*
 * rng.c -- storage of the per-thread random walk state (see rng.h).
 */
#include "rng.h"

_Thread_local struct rng_state rng_tls;
atomic_uint rng_threads;
