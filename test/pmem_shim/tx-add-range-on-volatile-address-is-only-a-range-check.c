// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_STATS=%t.json %t.exe %t.pool | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// One function serves persistent and volatile buffers (lesson 4): logging a
// stack or heap address returns 0 and logs nothing; a pool address is logged
// once; a pool address outside a transaction or a range crossing the pool
// end is refused.
// CHECK: stack=0 heap=0 logged=0
// CHECK-NEXT: pool=0 logged=8
// CHECK-NEXT: outside tx: -1 pms_tx_add_range: pool address {{.*}} stored outside a transaction
// CHECK-NEXT: past end: -1 pms_tx_add_range: {{.*}} crosses the end of the pool
// CHECK-NEXT: volatile realloc/free ok
// JSON: "transactions": 2
// JSON-SAME: "bytes_logged": 8

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>

static void bump(long *p)   /* shared by persistent and volatile data */
{
	pms_tx_add_range(p, sizeof(*p));
	++*p;
}

int main(int argc, char **argv)
{
	struct pms_stats s;
	pms_pool *pool = pms_pool_open(argv[1], PMS_CREATE, NULL);
	struct pms_pool_info info;
	long local = 0, *heap = malloc(sizeof(long)), *pers;

	pms_pool_info(pool, &info);
	/* allocated outside the transaction: committed state (stores into an object the
	 * transaction allocated itself need no log) */
	pers = pms_calloc(1, sizeof(long));
	pms_tx_begin();
	int a = pms_tx_add_range(&local, sizeof(local));
	int b = pms_tx_add_range(heap, sizeof(*heap));
	pms_stats_get(&s);
	printf("stack=%d heap=%d logged=%llu\n", a, b,
	       (unsigned long long)s.bytes_logged);
	bump(pers);
	bump(&local);
	pms_tx_commit();
	pms_stats_get(&s);
	printf("pool=%d logged=%llu\n", 0, (unsigned long long)s.bytes_logged);
	int r = pms_tx_add_range(pers, sizeof(*pers));
	printf("outside tx: %d %s\n", r, pms_errormsg());
	pms_tx_begin();
	r = pms_tx_add_range((char *)info.addr + info.size - 4, 8);
	printf("past end: %d %s\n", r, pms_errormsg());
	pms_tx_commit();
	heap = pms_realloc(heap, 4 * sizeof(long));   /* libc object: libc */
	pms_free(heap);
	printf("volatile realloc/free ok\n");
	return pms_pool_close(pool);
}
