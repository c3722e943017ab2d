// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M PMS_UNDO=pmdk %t.exe %t.pool | FileCheck %s

// Stores into an object PMDK allocated in the open transaction (here 1 MiB, above the
// slab's largest slot) write no undo entry: PMDK writes the object back at the commit and
// frees it when the transaction does not commit. Only the store into the committed anchor
// is logged (8 bytes; 1 MiB + 8 before). The object's bytes are there after the commit;
// after an abort or a SIGKILL inside the transaction the anchor is back and the object is
// gone. pms_realloc's new copy is fresh too; the next transaction logs the object in full.
// CHECK: fresh 1 MiB cleared, filled and committed: logged=8 kept=1048576 of 1048576
// CHECK-NEXT: aborted: anchor=committed objects=2
// CHECK-NEXT: killed in the transaction: anchor=committed objects=2
// CHECK-NEXT: realloc moves it: logged=8
// CHECK-NEXT: the next transaction: logged=2097152

#include <pmem_shim.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define BIG (1 << 20)
#define ANCHOR (64 * 1024) /* a PMDK object too */

static char **anchor; /* [0]: the big object, or NULL */

static void open_pool(const char *path)
{
	if (!pms_pool_open(path, PMS_CREATE, NULL)) {
		fprintf(stderr, "open: %s\n", pms_errormsg());
		_exit(1);
	}
	anchor = pms_root_get("anchor");
	if (!anchor) {
		pms_tx_begin();
		anchor = pms_calloc(1, ANCHOR);
		pms_root_set("anchor", anchor);
		pms_tx_commit();
	}
}

static uint64_t logged(void)
{
	struct pms_stats s;
	pms_stats_get(&s);
	return s.bytes_logged;
}

static void must(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "%s: %s\n", what, pms_errormsg());
		_exit(1);
	}
}

/* fill -- a new object, cleared and filled through logged stores, hung on the anchor */
static char *fill(char c)
{
	char *p = pms_malloc(BIG);
	must(p != NULL, "pms_malloc");
	must(pms_tx_memset(p, 0, BIG) != NULL, "pms_tx_memset");
	for (size_t i = 0; i < BIG; i += 4096) {
		must(pms_tx_add_range(p + i, 4096) == 0, "pms_tx_add_range");
		memset(p + i, c, 4096);
	}
	must(pms_tx_add_range(&anchor[0], sizeof(anchor[0])) == 0, "anchor");
	anchor[0] = p;
	return p;
}

static int count(const char *p, char c)
{
	int n = 0;
	for (size_t i = 0; i < BIG; i++)
		n += p[i] == c;
	return n;
}

int main(int argc, char **argv)
{
	uint64_t before;
	char *kept;
	pid_t pid;
	int st;

	if (argc != 2)
		return 2;
	open_pool(argv[1]);

	before = logged();
	pms_tx_begin();
	fill('x');
	must(pms_tx_commit() == 0, "commit");
	kept = anchor[0];
	printf("fresh 1 MiB cleared, filled and committed: logged=%llu kept=%d of %d\n",
		(unsigned long long)(logged() - before), count(kept, 'x'), BIG);

	pms_tx_begin();
	fill('y');
	pms_tx_abort();
	printf("aborted: anchor=%s objects=%ld\n", anchor[0] == kept && count(kept, 'x') == BIG ?
		"committed" : "CHANGED", pms_heap_walk(NULL, NULL));

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		pms_tx_begin();
		fill('z');
		kill(getpid(), SIGKILL);
	}
	waitpid(pid, &st, 0);
	pms_pool_close(pms_pool_current());
	open_pool(argv[1]);
	kept = anchor[0];
	printf("killed in the transaction: anchor=%s objects=%ld\n",
		kept && count(kept, 'x') == BIG ? "committed" : "CHANGED", pms_heap_walk(NULL, NULL));

	/* realloc of a committed object: the new copy is fresh, only the anchor is logged */
	before = logged();
	pms_tx_begin();
	{
		char *moved = pms_realloc(kept, 2 * BIG);
		must(moved != NULL, "pms_realloc");
		must(pms_tx_memset(moved, 'w', 2 * BIG) != NULL, "pms_tx_memset");
		must(pms_tx_add_range(&anchor[0], sizeof(anchor[0])) == 0, "anchor");
		anchor[0] = moved;
	}
	must(pms_tx_commit() == 0, "commit");
	printf("realloc moves it: logged=%llu\n", (unsigned long long)(logged() - before));

	/* the next transaction: the object is committed state, logged in full */
	before = logged();
	pms_tx_begin();
	must(pms_tx_memset(anchor[0], 'v', 2 * BIG) != NULL, "pms_tx_memset");
	must(pms_tx_commit() == 0, "commit");
	printf("the next transaction: logged=%llu\n", (unsigned long long)(logged() - before));
	pms_pool_close(pms_pool_current());
	return 0;
}
