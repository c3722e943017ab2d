/*
 * error.c -- the thread-local last-error message and version check.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define ERR_MAX 512

static __thread char err_buf[ERR_MAX];

/* err_set -- records a formatted message, sets errno; returns -1 */
int err_set(int errnum, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err_buf, sizeof(err_buf), fmt, ap);
	va_end(ap);
	errno = errnum;
	return -1;
}

/* err_pmdk -- records what failed followed by PMDK's own message */
int err_pmdk(int errnum, const char *what)
{
	const char *m = pmdk.errormsg ? pmdk.errormsg() : "";

	if (errnum == 0)
		errnum = EIO;
	if (m && *m)
		return err_set(errnum, "%s: %s", what, m);
	return err_set(errnum, "%s: %s", what, strerror(errnum));
}

/* pms_errormsg -- the last error message of this thread */
const char *pms_errormsg(void)
{
	return err_buf;
}

/* pms_check_version -- NULL when the library satisfies the requested API */
const char *pms_check_version(unsigned major_required, unsigned minor_required)
{
	static __thread char msg[128];

	if (major_required != PMS_MAJOR_VERSION) {
		snprintf(msg, sizeof(msg),
			"pmem_shim: API major version %u required, library has %u",
			major_required, PMS_MAJOR_VERSION);
		return msg;
	}
	if (minor_required > PMS_MINOR_VERSION) {
		snprintf(msg, sizeof(msg),
			"pmem_shim: API version %u.%u required, library has %u.%u",
			major_required, minor_required, PMS_MAJOR_VERSION,
			PMS_MINOR_VERSION);
		return msg;
	}
	return NULL;
}
