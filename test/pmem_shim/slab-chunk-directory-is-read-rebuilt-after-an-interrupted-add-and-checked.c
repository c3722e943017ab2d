// A warm open finds the slab's chunks in the persistent directory the pool header points at
// (slab_dir: its offset, low bits COMPLETE=1 and ADDING=2) instead of walking every PMDK
// object or touching the chunks. A pool without a directory (older pools), or one that says
// a chunk was being added when it stopped, is walked once and a directory written; a
// directory pointer outside the pool is refused with one line.
// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.bad
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe fill %t.pool 20000 | FileCheck %s --check-prefix=FILL
// RUN: %pms-python %s.py show %t.pool | FileCheck %s --check-prefix=LISTED
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe more %t.pool 20000 | FileCheck %s --check-prefix=MORE
//
// Interrupted add: the walk finds every chunk again, and the list is whole afterwards.
// RUN: %pms-python %s.py set-bits %t.pool 3
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe more %t.pool 5000 | FileCheck %s --check-prefix=AFTER-ADDING
// RUN: %pms-python %s.py show %t.pool | FileCheck %s --check-prefix=LISTED
//
// No list at all (a pool from before it): rebuilt the same way.
// RUN: %pms-python %s.py set %t.pool 0
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe more %t.pool 5000 | FileCheck %s --check-prefix=AFTER-NONE
// RUN: %pms-python %s.py show %t.pool | FileCheck %s --check-prefix=LISTED
//
// A damaged list: refused, not followed.
// RUN: cp %t.pool %t.bad
// RUN: %pms-python %s.py set %t.bad 0x7fffffffff01
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 not %t.exe more %t.bad 1 | FileCheck %s --check-prefix=DAMAGED
//
// Spare chunks: a clean close that had PMDK open leaves 4 chunks without a class in the
// directory; a warm start (which maps the pool without PMDK) takes its new chunks from
// them and opens PMDK only when they run out. (64 MB: smaller pools keep PMDK's undo log,
// which opens PMDK at the first transaction.)
// RUN: rm -f %t.sp
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 PMS_POOL_SIZE=64M %t.exe fill %t.sp 20000 | FileCheck %s --check-prefix=FILL
// RUN: %pms-python %s.py show %t.sp | FileCheck %s --check-prefix=SPARES
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 PMS_POOL_SIZE=64M PMS_STATS=%t.sp.json %t.exe more %t.sp 2000 | FileCheck %s --check-prefix=MORE-SPARE
// RUN: %pms-python %s.py show %t.sp | FileCheck %s --check-prefix=ONE-TAKEN
// RUN: FileCheck %s --check-prefix=NO-PMDK < %t.sp.json
// RUN: rm -f %t.sp
//
// FILL: objects 20000
// LISTED: directory complete, {{[1-9][0-9]*}} chunks, 4 spare
// SPARES: directory complete, 4 chunks, 4 spare
// MORE-SPARE: objects 22000
// ONE-TAKEN: directory complete, 5 chunks, 3 spare
// NO-PMDK: "open_pmdk_us": 0.0,
// NO-PMDK-SAME: "pmdk_deferred_open_us": 0.0}
// MORE: objects 40000
// AFTER-ADDING: objects 45000
// AFTER-NONE: objects 50000
// DAMAGED: error: pool's directory of slab chunks is damaged (at offset 0x7fffffffff00)
//
// A directory outgrows its first 1,024 entries: 16,000 objects of 16 KB take 1,067 chunks
// (15 slots each), the directory is replaced by one twice its size, and every object is found
// after a reopen.
// RUN: rm -f %t.big
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 PMS_POOL_SIZE=320M %t.exe fill %t.big 16000 16000 | FileCheck %s --check-prefix=BIG
// RUN: %pms-python %s.py show %t.big | FileCheck %s --check-prefix=BIG-DIR
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe more %t.big 0 | FileCheck %s --check-prefix=BIG
// RUN: rm -f %t.big
// BIG: objects 16000
// BIG-DIR: directory complete, 1067 chunks, 4 spare

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	struct node *next;
	char payload[40];
};

/* count -- nodes reachable from the root, each checked */
static long count(void)
{
	long n = 0;

	for (struct node *x = pms_root_get("list"); x; x = x->next, n++)
		if (strncmp(x->payload, "node ", 5) != 0)
			return -1;
	return n;
}

int main(int argc, char **argv)
{
	pms_pool *p;
	long add;

	if (argc != 4 && argc != 5)
		return 2;
	p = pms_pool_open(argv[2], strcmp(argv[1], "fill") ? 0 : PMS_CREATE, NULL);
	if (!p) {
		printf("error: %s\n", pms_errormsg());
		return 1;
	}
	add = atol(argv[3]);
	for (long i = 0; i < add; i++) {
		struct node *x;
		if (pms_tx_begin() != 0 ||
				!(x = pms_malloc(argc == 5 ? (size_t)atol(argv[4]) : sizeof(*x))))
			return 1;
		x->next = pms_root_get("list");
		snprintf(x->payload, sizeof(x->payload), "node %ld", i);
		if (pms_root_set("list", x) != 0 || pms_tx_commit() != 0)
			return 1;
	}
	printf("objects %ld\n", count());
	return pms_pool_close(p) ? 1 : 0;
}
