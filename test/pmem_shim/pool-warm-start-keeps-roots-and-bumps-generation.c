// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=WARM
// RUN: %t.exe %t.pool crash | FileCheck %s --check-prefix=WARM3
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=AFTERCRASH

// A new pool is a cold start at generation 1 mapped at the default fixed
// address; each reopen is a warm start that bumps the generation, finds the
// raw pointers it stored (bound global and named root) valid, and reports
// whether the previous user closed it.
// COLD: warm=0 clean=1 gen=1 addr=0x200000000000
// COLD: list=[]
// WARM: warm=1 clean=1 gen=2 addr=0x200000000000
// WARM: list=[0]
// WARM: named=hello
// WARM3: warm=1 clean=1 gen=3
// WARM3: list=[1,0]
// AFTERCRASH: warm=1 clean=0 gen=4
// AFTERCRASH: list=[2,1,0]

#include <pmem_shim.h>
#include <stdio.h>
#include <string.h>

struct node { int v; struct node *next; };
static struct node *head;   /* a legacy global, bound to a root */

int main(int argc, char **argv)
{
	struct pms_pool_info i;
	pms_pool *p = pms_pool_open(argv[1], PMS_CREATE, NULL);
	if (!p) {
		printf("open: %s\n", pms_errormsg());
		return 1;
	}
	pms_pool_info(p, &i);
	printf("warm=%d clean=%d gen=%llu addr=%#lx\n", i.warm, i.was_clean,
	       (unsigned long long)i.generation, (unsigned long)i.addr);
	pms_root_bind("head", (void **)&head);
	printf("list=[");
	int n = 0;
	for (struct node *q = head; q; q = q->next)
		printf("%s%d", n++ ? "," : "", q->v);
	printf("]\n");
	char *s = pms_root_get("greeting");
	if (s)
		printf("named=%s\n", s);
	pms_tx_begin();
	struct node *x = pms_malloc(sizeof(*x));
	x->v = n;
	x->next = head;
	head = x;
	if (!s)
		pms_root_set("greeting", pms_strdup("hello"));
	pms_tx_commit();
	fflush(stdout);
	if (argc > 2)
		return 0;   /* exit without close: the next start sees clean=0 */
	return pms_pool_close(p);
}
