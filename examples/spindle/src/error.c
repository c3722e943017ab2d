/*
 * error.c -- the thread-local last error message behind spd_errormsg().
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "internal.h"

static _Thread_local char err_msg[320];

/* spd_err -- records a message and an errno, returns -1 */
int spd_err(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err_msg, sizeof err_msg, fmt, ap);
	va_end(ap);
	errno = err;
	return -1;
}

/* spd_errormsg -- the last message of this thread */
const char *spd_errormsg(void)
{
	return err_msg;
}
