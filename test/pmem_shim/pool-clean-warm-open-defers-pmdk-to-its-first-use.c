// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool fill | FileCheck %s --check-prefix=FILL
//
// A clean pool opens without PMDK: reading it needs nothing of PMDK's.
// RUN: env PMS_STATS=%t.read.json %t.exe %t.pool read | FileCheck %s --check-prefix=READ
// RUN: FileCheck %s --check-prefix=READ-STATS < %t.read.json
//
// The first PMDK object freed or allocated opens PMDK then, and what it does
// lands in the same pool.
// RUN: env PMS_STATS=%t.grow.json %t.exe %t.pool grow | FileCheck %s --check-prefix=GROW
// RUN: FileCheck %s --check-prefix=GROW-STATS < %t.grow.json
// RUN: %t.exe %t.pool read | FileCheck %s --check-prefix=AFTER-GROW
//
// A forked child writes into a private copy: the parent opened PMDK before the
// fork, so the child's allocation in its copy leaves the parent's pool as it was.
// RUN: %t.exe %t.pool fork | FileCheck %s --check-prefix=FORK
// RUN: %t.exe %t.pool read | FileCheck %s --check-prefix=AFTER-GROW
//
// PMS_PMDK_OPEN=eager opens PMDK with the pool, as before.
// RUN: env PMS_PMDK_OPEN=eager PMS_STATS=%t.eager.json %t.exe %t.pool read | FileCheck %s --check-prefix=AFTER-GROW
// RUN: FileCheck %s --check-prefix=EAGER-STATS < %t.eager.json
//
// A pool whose last process stopped without closing it while PMDK had no operation in flight
// has nothing for PMDK to recover: opened without PMDK too (a warm start after a crash).
// RUN: %t.exe %t.pool crash | FileCheck %s --check-prefix=AFTER-GROW
// RUN: env PMS_STATS=%t.unclean.json %t.exe %t.pool read | FileCheck %s --check-prefix=UNCLEAN
// RUN: FileCheck %s --check-prefix=READ-STATS < %t.unclean.json
//
// Stopped inside a PMDK transaction (a big object allocated, not committed): PMDK opens the pool
// (its recovery, the check) whatever is asked, and the allocation is gone.
// RUN: %t.exe %t.pool crash-in-pmdk | FileCheck %s --check-prefix=AFTER-GROW
// RUN: env PMS_STATS=%t.busy.json %t.exe %t.pool objects | FileCheck %s --check-prefix=BUSY
// RUN: FileCheck %s --check-prefix=EAGER-STATS < %t.busy.json
// RUN: %t.exe %t.pool read | FileCheck %s --check-prefix=READ-AFTER

// FILL: cold big=70000 sum=2415
// READ: warm clean big=70000 sum=2415
// READ-STATS: "open_load_us": 0.0, "open_check_us": 0.0, "open_pmdk_us": 0.0,
// READ-STATS-SAME: "pmdk_deferred_open_us": 0.0}
// GROW: warm clean big=70000 sum=2415
// GROW-NEXT: replaced big=90000
// GROW-STATS: "open_pmdk_us": 0.0,
// GROW-STATS-SAME: "pmdk_deferred_open_us": {{[1-9][0-9]*\.[0-9]}}}
// AFTER-GROW: big=90000 sum=2415
// FORK: child: replaced big=123456
// FORK-NEXT: parent: big=90000 sum=2415
// EAGER-STATS: "open_pmdk_us": {{[1-9][0-9]*\.[0-9]}}, "open_attach_us"
// EAGER-STATS-SAME: "pmdk_deferred_open_us": 0.0}
// UNCLEAN: warm unclean big=90000 sum=2415
// BUSY: warm unclean big=90000 sum=2415
// BUSY-NEXT: objects of 200000 bytes or more: 0
// READ-AFTER: warm clean big=90000 sum=2415

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct big { size_t n; char bytes[]; };   /* over the slab's largest slot */
struct node { int v; struct node *next; };

static void show(const char *who)
{
	struct big *b = pms_root_get("big");
	int sum = 0;

	for (struct node *x = pms_root_get("list"); x; x = x->next)
		sum += x->v;
	printf("%sbig=%zu sum=%d\n", who, b ? b->n : 0, sum);
}

static void count_huge(void *obj, size_t size, void *arg)
{
	*(long *)arg += size >= 200000;
}

/* replace_big -- frees the big object and stores a new one of n bytes */
static int replace_big(size_t n)
{
	struct big *old = pms_root_get("big"), *b;

	if (pms_tx_begin() != 0)
		return -1;
	b = pms_malloc(sizeof(*b) + n);
	if (!b)
		return -1;
	b->n = n;
	memset(b->bytes, 'x', n);
	pms_free(old);
	if (pms_root_set("big", b) != 0)
		return -1;
	return pms_tx_commit();
}

int main(int argc, char **argv)
{
	struct pms_pool_info i;
	pms_pool *p = pms_pool_open(argv[1], PMS_CREATE, NULL);
	const char *what = argv[2];

	if (!p) {
		printf("open: %s\n", pms_errormsg());
		return 1;
	}
	pms_pool_info(p, &i);
	if (strcmp(what, "fill") == 0) {
		struct node *head = NULL;
		if (pms_tx_begin() != 0)
			return 1;
		for (int v = 0; v < 70; v++) {
			struct node *x = pms_malloc(sizeof(*x));
			x->v = v;
			x->next = head;
			head = x;
		}
		pms_root_set("list", head);
		pms_root_set("big", NULL);
		if (pms_tx_commit() != 0 || replace_big(70000) != 0)
			return 1;
		show("cold ");
	} else if (strcmp(what, "read") == 0) {
		printf("warm %s ", i.was_clean ? "clean" : "unclean");
		show("");
	} else if (strcmp(what, "grow") == 0) {
		printf("warm %s ", i.was_clean ? "clean" : "unclean");
		show("");
		if (replace_big(90000) != 0) {
			printf("grow: %s\n", pms_errormsg());
			return 1;
		}
		printf("replaced big=%zu\n", ((struct big *)pms_root_get("big"))->n);
	} else if (strcmp(what, "fork") == 0) {
		pid_t c;
		fflush(stdout);
		c = fork();
		if (c == 0) {
			if (replace_big(123456) != 0)
				_exit(1);
			printf("child: replaced big=%zu\n",
				((struct big *)pms_root_get("big"))->n);
			fflush(stdout);
			_exit(0);
		}
		waitpid(c, NULL, 0);
		show("parent: ");
	} else if (strcmp(what, "crash") == 0) {
		show("");
		fflush(stdout);
		_exit(0); /* no close: the pool stays marked open */
	} else if (strcmp(what, "crash-in-pmdk") == 0) {
		show("");
		fflush(stdout);
		if (pms_tx_begin() != 0 || !pms_malloc(200000))
			return 1;
		_exit(0); /* inside PMDK's transaction */
	} else if (strcmp(what, "objects") == 0) {
		printf("warm %s ", i.was_clean ? "clean" : "unclean");
		show("");
		long huge = 0;
		pms_heap_walk(count_huge, &huge);
		printf("objects of 200000 bytes or more: %ld\n", huge);
	}
	return pms_pool_close(p) != 0;
}
