/*
 * pmem_shim.h -- the one header rewritten programs include: version, errors,
 * and the pool, allocation, transaction, flush and latency interfaces.
 *
 * Every public name starts with pms_. Functions return -1 or NULL on failure,
 * set errno, and leave a one-line explanation in pms_errormsg(). A failed call
 * never modifies the pool.
 */
#ifndef PMEM_SHIM_H
#define PMEM_SHIM_H

#define PMS_MAJOR_VERSION 0
#define PMS_MINOR_VERSION 1

#ifdef __cplusplus
extern "C" {
#endif

/** Last error of this thread as one line without trailing newline; "" when
 * there was none. The string lives until the next failing call in the thread.
 */
const char *pms_errormsg(void);

/** Checks that the library provides API major_required and at least
 * minor_required. Returns NULL when compatible, else a static message.
 */
const char *pms_check_version(unsigned major_required, unsigned minor_required);

#ifdef __cplusplus
}
#endif

#include "pmem_shim/pool.h"
#include "pmem_shim/alloc.h"
#include "pmem_shim/tx.h"
#include "pmem_shim/flush.h"
#include "pmem_shim/latency.h"
#include "pmem_shim/wear.h"

/** Compile-time convenience: fails at run time when the library is older than
 * this header.
 */
#define PMS_CHECK_VERSION() pms_check_version(PMS_MAJOR_VERSION, PMS_MINOR_VERSION)

#endif /* PMEM_SHIM_H */
