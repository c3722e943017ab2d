// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=WARM
// RUN: rm -f %t.pool
// RUN: env PMS_STRICT_TX=1 %t.exe %t.pool | FileCheck %s --check-prefix=STRICT

// A cold load's stores outside transactions need no log: PMS_LOGGED leaves them to the inline
// compare (the watched range is empty) until the load completes. While any thread is inside a
// transaction the whole pool is watched again, so its stores are logged and an abort undoes
// them, on that thread and on the loading one. Under PMS_STRICT_TX the range is never emptied.
// COLD: cold load: watched=0
// COLD-NEXT: other thread in a transaction: watched=1
// COLD-NEXT: other thread aborted: v=5
// COLD-NEXT: after it ended: watched=0
// COLD-NEXT: own transaction: watched=1
// COLD-NEXT: own abort: v=5 w=0
// COLD-NEXT: after it: watched=0
// COLD-NEXT: loaded: watched=1
// WARM: warm: v=6 w=8
// WARM-NEXT: loaded: watched=1
// STRICT: cold load: watched=1

#include <pmem_shim/port.h>
#include <pthread.h>
#include <stdio.h>

struct PMS_PERSISTENT rec {
	long v, w;
};

static struct rec *rec;   /* legacy global, bound to a root */
static pthread_barrier_t in_tx, checked;

static int watched(void)
{
	return pms_watch_size_ != 0;
}

static void *other(void *arg)
{
	(void)arg;
	pms_tx_begin();
	pthread_barrier_wait(&in_tx);
	pthread_barrier_wait(&checked);
	PMS_LOGGED(rec->v) = 7;
	pms_tx_abort();
	printf("other thread aborted: v=%ld\n", rec->v);
	return NULL;
}

static void cold_load(void)
{
	pthread_t t;

	rec = pms_calloc(1, sizeof(*rec));
	PMS_LOGGED(rec->v) = 5;
	printf("cold load: watched=%d\n", watched());
	pthread_barrier_init(&in_tx, NULL, 2);
	pthread_barrier_init(&checked, NULL, 2);
	pthread_create(&t, NULL, other, NULL);
	pthread_barrier_wait(&in_tx);
	printf("other thread in a transaction: watched=%d\n", watched());
	pthread_barrier_wait(&checked);
	pthread_join(t, NULL);
	printf("after it ended: watched=%d\n", watched());

	pms_tx_begin();
	printf("own transaction: watched=%d\n", watched());
	PMS_LOGGED(rec->v) = 9;
	PMS_LOGGED(rec->w) = 9;
	pms_tx_abort();
	printf("own abort: v=%ld w=%ld\n", rec->v, rec->w);
	printf("after it: watched=%d\n", watched());
	PMS_LOGGED(rec->v)++;       /* unwatched stores still land and are kept */
	PMS_LOGGED(rec->w) = 8;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	pms_port_open(argv[1]);
	if (!pms_port_warm())
		cold_load();
	pms_port_root("rec", (void **)&rec);
	if (pms_port_warm())
		printf("warm: v=%ld w=%ld\n", rec->v, rec->w);
	pms_port_loaded();
	printf("loaded: watched=%d\n", watched());
	return 0;
}
