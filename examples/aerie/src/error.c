/*
 * error.c -- the thread's last error message (errno carries the code).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "aerie/aerie.h"
#include "fs.h"

static __thread char last_msg[512];

/* aer_fail -- records a one-line message, sets errno, returns -1 */
int aer_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_msg, sizeof last_msg, fmt, ap);
	va_end(ap);
	errno = err;
	return -1;
}

/* aerie_errormsg -- the last message of this thread, "" when none */
const char *aerie_errormsg(void)
{
	return last_msg;
}
