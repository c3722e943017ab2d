/* The first error of an fsbench run: later errors are consequences, so only the first is kept. */
#include "error.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shared.h"

struct error_store {
	pthread_mutex_t lock;
	int set;
	char msg[1024];
};

/* Until fsb_error_share() moves it into shared memory, the store is this process's own. */
static struct error_store local_store = {PTHREAD_MUTEX_INITIALIZER, 0, ""};
static struct error_store *store = &local_store;

/* fsb_error_share -- moves the store into memory that worker processes forked later share */
int fsb_error_share(void)
{
	if (store != &local_store)
		return 0;
	struct error_store *s = fsb_shared_alloc(sizeof(*s));
	if (!s)
		return -1;
	fsb_shared_mutex_init(&s->lock);
	pthread_mutex_lock(&local_store.lock);
	s->set = local_store.set;
	memcpy(s->msg, local_store.msg, sizeof(s->msg));
	store = s;
	pthread_mutex_unlock(&local_store.lock);
	return 0;
}

/* fsb_fail -- records the message if none is recorded yet; always returns -1 */
int fsb_fail(const char *fmt, ...)
{
	pthread_mutex_lock(&store->lock);
	if (!store->set) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(store->msg, sizeof(store->msg), fmt, ap);
		va_end(ap);
		store->set = 1;
	}
	pthread_mutex_unlock(&store->lock);
	return -1;
}

/* fsb_failed -- nonzero once an error is recorded */
int fsb_failed(void)
{
	pthread_mutex_lock(&store->lock);
	int set = store->set;
	pthread_mutex_unlock(&store->lock);
	return set;
}

/* fsb_error -- the recorded message ("" if none) */
const char *fsb_error(void)
{
	return store->msg;
}
