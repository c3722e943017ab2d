/*
 * pmem_shim/flush.h -- cache-line write-back and persist barriers, with the
 * instruction (clwb, clflushopt, clflush) chosen by CPUID at start-up.
 *
 * Use these after "naked" stores that bypass the undo log, e.g. initialising
 * a new object before it is linked (lesson 6). Each line flushed and each
 * barrier is counted and charged to the latency model.
 */
#ifndef PMEM_SHIM_FLUSH_H
#define PMEM_SHIM_FLUSH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Writes back every cache line of [addr, addr+len) (no ordering). */
void pms_flush(const void *addr, size_t len);

/** Persist barrier: orders all earlier flushes before later stores (sfence). */
void pms_fence(void);

/** pms_flush then pms_fence. */
void pms_persist(const void *addr, size_t len);

/** Name of the write-back instruction in use: "clwb", "clflushopt" or
 * "clflush". PMS_FLUSH=clflush (etc.) forces a weaker one.
 */
const char *pms_flush_insn(void);

#ifdef __cplusplus
}
#endif

#endif /* PMEM_SHIM_FLUSH_H */
