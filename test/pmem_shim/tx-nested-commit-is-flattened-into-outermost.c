// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: not --crash %t.exe %t.pool crash-inside | FileCheck %s --check-prefix=FIRST
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=SECOND

// An inner commit makes nothing durable: the process dies after the inner
// commit but before the outer one, and the next start sees the old values.
// FIRST: depth after inner commit: 1
// SECOND: counter=0 depth=0

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>

static long *counter;

int main(int argc, char **argv)
{
	if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_root_bind("counter", (void **)&counter);
	if (!counter) {
		pms_tx_begin();
		counter = pms_calloc(1, sizeof(*counter));
		pms_tx_commit();
	}
	if (argc > 2) {
		pms_tx_begin();
		pms_tx_begin();
		pms_tx_add_range(counter, sizeof(*counter));
		*counter = 42;
		pms_tx_commit();
		printf("depth after inner commit: %d\n", pms_tx_depth());
		fflush(stdout);
		abort();
	}
	printf("counter=%ld depth=%d\n", *counter, pms_tx_depth());
	return pms_pool_close(pms_pool_current());
}
