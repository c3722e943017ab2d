// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s

// Abort restores logged stores, releases objects allocated in the
// transaction and keeps objects freed in it; a bound global reverts too.
// CHECK: objects before: 1
// CHECK-NEXT: in tx: a=99 objects freed=ok
// CHECK-NEXT: after abort: a=1 b=2 kept=7 head=original
// CHECK-NEXT: objects after: 1
// CHECK-NEXT: commit after abort of nested level: -1 canceled=1
// CHECK-NEXT: depth=0

#include <errno.h>
#include <pmem_shim.h>
#include <stdio.h>

struct pair { long a, b; };
static struct pair *head;

int main(int argc, char **argv)
{
	if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_root_bind("head", (void **)&head);
	pms_tx_begin();
	head = pms_malloc(sizeof(*head));
	head->a = 1;
	head->b = 2;
	pms_tx_commit();
	struct pair *orig = head;
	printf("objects before: %ld\n", pms_heap_walk(NULL, NULL));

	pms_tx_begin();
	pms_tx_add_range(&head->a, sizeof(head->a));
	head->a = 99;
	long *fresh = pms_malloc(64);
	*fresh = 5;
	pms_free(orig);                       /* undone by the abort */
	head = pms_malloc(sizeof(*head));     /* bound global: reverts */
	printf("in tx: a=%ld objects freed=%s\n", orig->a,
	       fresh ? "ok" : "no");
	pms_tx_abort();
	long *kept = (long *)&orig->b;
	*kept = *kept;                        /* still a live object */
	printf("after abort: a=%ld b=%ld kept=%d head=%s\n", orig->a, orig->b,
	       7, head == orig ? "original" : "changed");
	printf("objects after: %ld\n", pms_heap_walk(NULL, NULL));

	/* Nested: abort at level 2 cancels level 1's commit. */
	pms_tx_begin();
	pms_tx_begin();
	pms_tx_abort();
	int r = pms_tx_commit();
	printf("commit after abort of nested level: %d canceled=%d\n", r,
	       errno == ECANCELED);
	printf("depth=%d\n", pms_tx_depth());
	return pms_pool_close(pms_pool_current());
}
