/*
 * spindle/debug.h -- fault injection for the reliability tests: tear the
 * journal's last commit record, overwrite a ring-buffer pointer, and die at
 * the N-th persist barrier (SPD_CRASH_AT_BARRIER=N, or spd_debug_crash_at).
 */
#ifndef SPINDLE_DEBUG_H
#define SPINDLE_DEBUG_H

#include <stdint.h>

#include "spindle.h"

#ifdef __cplusplus
extern "C" {
#endif

/** none: overwrites the second half of the last commit record written, as a
 * write torn by a power failure would. -1 (ENOENT) when there is none. */
int spd_debug_tear_commit(struct spd_store *st);

/** spindle: stores v into the persistent head (which 0) or tail (1) pointer. */
int spd_debug_set_ring(struct spd_store *st, int which, uint64_t v);

/** Makes the process _exit(86) at its n-th persist barrier (fence or
 * fdatasync) from now; 0 disables. */
void spd_debug_crash_at(uint64_t n);

/** Persist barriers issued so far. */
uint64_t spd_debug_barriers(void);

#ifdef __cplusplus
}
#endif

#endif /* SPINDLE_DEBUG_H */
