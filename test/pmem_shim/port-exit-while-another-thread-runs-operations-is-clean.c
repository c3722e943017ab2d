// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool init | FileCheck %s --check-prefix=INIT
// RUN: bash -c 'for i in $(seq 25); do %t.exe %t.pool run || echo "exit $?"; done' > %t.runs 2>&1
// RUN: FileCheck %s --check-prefix=RUNS --input-file=%t.runs --allow-empty
// RUN: %t.exe %t.pool check | FileCheck %s --check-prefix=CHECK

// A program returns from main while another thread is still running operations (memcached's
// LRU maintainer at a SIGTERM). The runtime closes the pool at exit when no operation is open;
// an operation begun after that must neither store into the unmapped pool (a segfault at the
// stop: 3 of 20 memcached stops before this was fixed) nor into a pool already marked clean
// (a torn operation the next start would not roll back). It waits for the end of the process.
// Every run exits 0, and the pair each operation keeps equal is equal afterwards.
// INIT: a=0 b=0
// RUNS-NOT: exit
// CHECK: equal=1 ops={{[1-9][0-9]*}}

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct pair {
	long a, b;
	char pad[4096]; /* a and b a page apart: a store between them can be torn off */
	long c;
};

static struct pair *pair_of_pool(void)
{
	return pms_root_get("pair");
}

static long done; /* operations this run */

/* worker -- operations with short sleeps between them, like a background maintainer: a, then
 * c a page away, then b */
static void *worker(void *arg)
{
	struct pair *p = pair_of_pool(); /* held, as programs hold pool pointers */

	for (;; __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED)) {
		pms_op_begin();
		PMS_LOGGED(p->a)++;
		PMS_LOGGED(p->c) = p->a;
		PMS_LOGGED(p->b)++;
		pms_op_end();
		nanosleep(&(struct timespec){ 0, 20 * 1000 }, NULL);
	}
	return arg;
}

/* an exit handler of the program's own that takes a while, run after the runtime's (memcached's
 * took libpmemobj's destructors: the stop's segfault came during them) */
static void slow_exit_handler(void)
{
	nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
}

int main(int argc, char **argv)
{
	atexit(slow_exit_handler); /* before pms_port_open: runs after its handler */
	setenv("PMS_POOL", argv[1], 1);
	pms_port_open(argv[1]);
	if (strcmp(argv[2], "init") == 0) {
		pms_tx_begin();
		struct pair *p = pms_calloc(1, sizeof(*p));
		pms_root_set("pair", p);
		pms_tx_commit();
		pms_port_loaded(); /* else the next start would find an incomplete cold load */
		printf("a=%ld b=%ld\n", p->a, p->b);
		return 0;
	}
	if (strcmp(argv[2], "check") == 0) {
		struct pair *p = pair_of_pool();
		printf("equal=%d ops=%ld\n", p->a == p->b && p->c == p->a, p->a);
		return 0;
	}
	pthread_t t;
	pthread_create(&t, NULL, worker, NULL);
	while (__atomic_load_n(&done, __ATOMIC_RELAXED) < 200)
		nanosleep(&(struct timespec){ 0, 100 * 1000 }, NULL);
	return 0; /* exit runs while the worker is between or inside operations */
}
