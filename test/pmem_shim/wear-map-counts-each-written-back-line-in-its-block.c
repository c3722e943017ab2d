// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.wear
// RUN: env PMS_POOL_SIZE=64M PMS_WEAR=%t.wear %t.exe %t.pool > %t.out
// RUN: %pms-python %pms-src/tools/wear-report.py --intervals 4 %t.wear >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: rm -f %t.pool
// RUN: env PMS_WEAR=%t.wear PMS_WEAR_BLOCK=100 %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=OFF
// RUN: not %pms-python %pms-src/tools/wear-report.py %s 2>&1 | FileCheck %s --check-prefix=NOTAMAP

// Every cache line the runtime writes back into the pool counts one write of its block (4 KiB
// by default): a write-back of 4 lines that straddles a block boundary adds 2 to each block,
// one of volatile memory adds nothing, a transaction's commit writes its lines back, and the
// map outlives the pool's close and is written at exit. wear-report reads it back. (A pool of
// 64 MiB: under 32 MiB transactions use PMDK's log, whose write-backs the map does not see.)
// CHECK: straddling: +2 +2
// CHECK-NEXT: volatile: +0
// CHECK-NEXT: transaction: the object's block +1 or more: yes
// CHECK-NEXT: reset: 0
// CHECK-NEXT: total after close: [[TOTAL:[0-9]+]]
// CHECK-NEXT: {{.*}}.wear: [[TOTAL]] line writes over {{[0-9]+}} blocks of 4096 B ({{[0-9]+}} written), 4 intervals
// CHECK-NEXT: peak interval [[TOTAL]], mean
// CHECK-NEXT: hottest block {{[0-9]+}} writes: lifetime
// BADBLOCK: pmem_shim: PMS_WEAR_BLOCK='100' is not a power of two from 64 to 1 GiB; the wear map is off
// BADBLOCK: map: off
// OFF: map: off
// NOTAMAP: wear-report: error: {{.*}}: expected two fields

#include <pmem_shim.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t block_of(const struct pms_wear_map *m, const void *p)
{
	return m->counts[((uintptr_t)p - m->base) / m->block_size];
}

int main(int argc, char **argv)
{
	struct pms_wear_map m;
	pms_pool *p = pms_pool_open(argv[1], PMS_CREATE, NULL);
	if (!p) {
		printf("open: %s\n", pms_errormsg());
		return 1;
	}
	if (pms_wear_get(&m) != 0) {
		printf("map: off\n");
		return 0;
	}
	pms_tx_begin();
	char *obj = pms_malloc(64 * 1024); /* spans several blocks */
	pms_tx_commit();
	/* 4 lines around the first block boundary inside the object */
	char *edge = (char *)(((uintptr_t)obj + 8192) & ~(uintptr_t)4095);
	uint64_t a0 = block_of(&m, edge - 1), b0 = block_of(&m, edge);
	memset(edge - 128, 1, 256);
	pms_persist(edge - 128, 256);
	printf("straddling: +%llu +%llu\n", (unsigned long long)(block_of(&m, edge - 1) - a0),
	       (unsigned long long)(block_of(&m, edge) - b0));

	static char vol[4096];
	uint64_t sum0 = 0, sum1 = 0;
	for (size_t i = 0; i < m.blocks; i++)
		sum0 += m.counts[i];
	pms_persist(vol, sizeof(vol));
	for (size_t i = 0; i < m.blocks; i++)
		sum1 += m.counts[i];
	printf("volatile: +%llu\n", (unsigned long long)(sum1 - sum0));

	uint64_t t0 = block_of(&m, obj + 20000);
	pms_tx_begin();
	pms_tx_add_range(obj + 20000, 8);
	obj[20000] = 7;
	pms_tx_commit();
	printf("transaction: the object's block +1 or more: %s\n",
	       block_of(&m, obj + 20000) > t0 ? "yes" : "no");

	pms_wear_reset();
	sum0 = 0;
	for (size_t i = 0; i < m.blocks; i++)
		sum0 += m.counts[i];
	printf("reset: %llu\n", (unsigned long long)sum0);

	pms_tx_begin();
	pms_tx_add_range(obj, 8);
	obj[0] = 1;
	pms_tx_commit();
	pms_pool_close(p);
	pms_wear_get(&m);
	sum0 = 0;
	for (size_t i = 0; i < m.blocks; i++)
		sum0 += m.counts[i];
	printf("total after close: %llu\n", (unsigned long long)sum0);
	return 0;
}
