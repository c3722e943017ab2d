// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool1 %t.pool2 %t.pool3
// RUN: env PMS_POOL_SIZE=64M PMS_STATS=%t.on.json %t.exe %t.pool1 | FileCheck %s
// RUN: env PMS_STREAM=0 PMS_POOL_SIZE=64M PMS_STATS=%t.off.json %t.exe %t.pool2 | FileCheck %s
// RUN: %pms-python %s.cmp.py %t.on.json %t.off.json | FileCheck %s --check-prefix=CMP
// RUN: env PMS_STREAM=maybe PMS_POOL_SIZE=64M %t.exe %t.pool3 2>&1 | FileCheck %s --check-prefix=BAD

// The runtime's undo-log entries are copied into the log with non-temporal stores and fenced,
// not written back line by line (PMS_STREAM=0: through the cache, as before). Either way an
// abort and a SIGKILL inside a transaction restore every logged line; streamed, the same
// entries cost at least one write-back fewer each.
// CHECK: abort: restored 1
// CHECK-NEXT: killed: restored 1
// CMP: entries [[N:[1-9][0-9]*]] and [[N]]
// CMP-NEXT: streaming saved at least a write-back an entry: 1
// BAD: pmem_shim: PMS_STREAM='maybe' is not 0 or 1; streaming undo-log entries
// BAD: abort: restored 1

#include <pmem_shim.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

enum { LINES = 8, LONGS = LINES * 8 };
static long *v;

/* one transaction storing into LINES separate cache lines, each logged first */
static void fill(long x)
{
	for (int i = 0; i < LINES; i++) {
		pms_tx_add_range(&v[i * 8], sizeof(long));
		v[i * 8] = x;
	}
}

static int holds(long x)
{
	for (int i = 0; i < LINES; i++)
		if (v[i * 8] != x)
			return 0;
	return 1;
}

int main(int argc, char **argv)
{
	if (argc < 2 || !pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_root_bind("v", (void **)&v);
	pms_tx_begin();
	v = pms_calloc(LONGS, sizeof(long));
	pms_tx_commit();
	for (long t = 1; t <= 18; t++) {
		pms_tx_begin();
		fill(t);
		pms_tx_commit();
	}
	pms_tx_begin();
	fill(100);
	pms_tx_abort();
	printf("abort: restored %d\n", holds(18));
	fflush(stdout);
	pms_pool_close(pms_pool_current());
	pid_t pid = fork();
	if (pid == 0) {
		unsetenv("PMS_STATS");
		pms_pool_open(argv[1], 0, NULL);
		pms_root_bind("v", (void **)&v);
		pms_tx_begin();
		fill(200);
		kill(getpid(), SIGKILL); /* the stores made, the transaction open */
	}
	waitpid(pid, NULL, 0);
	if (!pms_pool_open(argv[1], 0, NULL))
		return 1;
	pms_root_bind("v", (void **)&v);
	printf("killed: restored %d\n", holds(18));
	return 0;
}
