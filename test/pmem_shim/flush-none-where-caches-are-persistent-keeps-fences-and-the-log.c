// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=DEFAULT
// RUN: rm -f %t.pool
// RUN: env PMS_FLUSH=none %t.exe %t.pool | FileCheck %s --check-prefix=NONE
// RUN: rm -f %t.pool
// RUN: env PMEM_NO_FLUSH=1 %t.exe %t.pool | FileCheck %s --check-prefix=NONE
// RUN: rm -f %t.pool
// RUN: env PMEM_NO_FLUSH=1 PMS_FLUSH=clflush %t.exe %t.pool | FileCheck %s --check-prefix=CLFLUSH
// RUN: rm -f %t.pool
// RUN: env PMS_FLUSH=sometimes %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=BAD

// On a platform whose caches are in the persistence domain (eADR; the runtime reads the
// regions' persistence_domain in sysfs as libpmem does, or is told by PMS_FLUSH=none or
// PMDK's PMEM_NO_FLUSH=1), a store is durable once it is visible: the runtime writes no
// line back but keeps every fence (the order of the undo entry before the data) and the
// undo log itself, so an aborted transaction still rolls back. PMS_FLUSH outranks
// PMEM_NO_FLUSH; a value it does not know is named and the best instruction used.
// DEFAULT: insn {{clwb|clflushopt|clflush}}
// DEFAULT-NEXT: write-backs: some
// DEFAULT-NEXT: fences: some
// DEFAULT-NEXT: after abort: 7
// NONE: insn none
// NONE-NEXT: write-backs: 0
// NONE-NEXT: fences: some
// NONE-NEXT: after abort: 7
// CLFLUSH: insn clflush
// CLFLUSH-NEXT: write-backs: some
// BAD: pmem_shim: PMS_FLUSH='sometimes' is not none, clflush, clflushopt or clwb; using {{clwb|clflushopt|clflush}}
// BAD: insn {{clwb|clflushopt|clflush}}

#include <pmem_shim.h>
#include <stdio.h>

static long *counter;

int main(int argc, char **argv)
{
	struct pms_stats before, after;

	if (argc < 2 || !pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_root_bind("counter", (void **)&counter);
	pms_stats_get(&before);
	pms_tx_begin();
	counter = pms_calloc(1, sizeof(*counter));
	pms_tx_commit();
	pms_tx_begin();
	pms_tx_add_range(counter, sizeof(*counter));
	*counter = 7;
	pms_tx_commit();
	pms_persist(counter, sizeof(*counter));
	pms_tx_begin();
	pms_tx_add_range(counter, sizeof(*counter));
	*counter = 8;
	pms_tx_abort();
	pms_stats_get(&after);
	printf("insn %s\n", pms_flush_insn());
	printf("write-backs: %s\n", after.flushes > before.flushes ? "some" : "0");
	printf("fences: %s\n", after.barriers > before.barriers ? "some" : "0");
	printf("after abort: %ld\n", *counter);
	return pms_pool_close(pms_pool_current());
}
