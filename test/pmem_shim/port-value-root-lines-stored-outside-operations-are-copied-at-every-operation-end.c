// RUN: %pms-cc %s -o %t.exe %pms-ldflags -pthread
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// A tracked value root (its stores say which lines they change) stored into outside any
// operation, by another thread as memcached's LRU crawler does: no operation end of that
// thread follows, so every operation's end compares those lines from then on. Another
// thread's operation that touches nothing of the root still copies them, also when they change
// again later. The root stays tracked: a line nobody marked (a raw store) is not compared, so
// it is not copied, which the old rule (a store outside an operation made the root compared
// whole for the rest of the run) would have copied.
// COLD: cold
// COLD-NEXT: ended its own operation: 1
// WARM: warm: crawler 8 op 1 raw 0

#include <pmem_shim/port.h>
#include <pthread.h>
#include <stdio.h>

static long stats[64 * 8]; /* 64 lines */
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("stats", stats, sizeof(stats));
	pms_port_value_tracked("stats");
}

static void *crawler(void *arg)
{
	PMS_VALUE_STORE(stats[3 * 8]) = (long)arg; /* no operation around it */
	return NULL;
}

static void outside(long v)
{
	pthread_t t;
	pthread_create(&t, NULL, crawler, (void *)v);
	pthread_join(t, NULL);
}

int main(int argc, char **argv)
{
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: crawler %ld op %ld raw %ld\n", stats[3 * 8], stats[40 * 8], stats[60 * 8]);
		return 0;
	}
	printf("cold\n");
	pms_port_loaded();
	outside(7);
	pms_op_begin();
	PMS_VALUE_STORE(stats[40 * 8]) = 1;
	pms_op_end();
	printf("ended its own operation: %ld\n", stats[40 * 8]);
	outside(8);
	stats[60 * 8] = 5; /* unmarked: the runtime is not told */
	pms_op_begin();
	pms_op_end();
	return 0;
}
