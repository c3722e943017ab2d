/* The first error of an fsbench run: later errors are consequences, so only the first is kept. */
#include "error.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;
static char error_msg[1024];
static int error_set;

/* fsb_fail -- records the message if none is recorded yet; always returns -1 */
int fsb_fail(const char *fmt, ...)
{
	pthread_mutex_lock(&error_lock);
	if (!error_set) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(error_msg, sizeof(error_msg), fmt, ap);
		va_end(ap);
		error_set = 1;
	}
	pthread_mutex_unlock(&error_lock);
	return -1;
}

/* fsb_failed -- nonzero once an error is recorded */
int fsb_failed(void)
{
	pthread_mutex_lock(&error_lock);
	int set = error_set;
	pthread_mutex_unlock(&error_lock);
	return set;
}

/* fsb_error -- the recorded message ("" if none) */
const char *fsb_error(void)
{
	return error_msg;
}
