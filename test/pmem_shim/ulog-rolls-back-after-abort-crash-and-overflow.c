// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M PMS_UNDO=pmdk %t.exe %t.pool | FileCheck %s

// The runtime's undo log (pools of 32 MiB and more that are pmem; PMS_UNDO=pmdk
// gives the same answers with PMDK's log): an abort restores every logged
// store, also past the point where the log fills up and PMDK takes the rest;
// a SIGKILL inside a transaction leaves the committed values after recovery,
// with the transaction's PMDK-object allocation rolled back; a repeated
// store to logged bytes keeps the oldest value.
// CHECK: abort, 600 ranges of 1 KiB: restored=600 of 600
// CHECK-NEXT: commit, 600 ranges: kept=600 of 600
// CHECK-NEXT: killed in a transaction after 10 ranges: restored=600 of 600, objects=1
// CHECK-NEXT: killed in a transaction after 600 ranges: restored=600 of 600, objects=1
// CHECK-NEXT: repeated stores then abort: counter=5

#include <pmem_shim.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NBLK 600
#define BLK 1024

static char *blocks; /* NBLK blocks of BLK bytes in one PMDK object */

static void open_pool(const char *path)
{
	if (!pms_pool_open(path, PMS_CREATE, NULL)) {
		fprintf(stderr, "open: %s\n", pms_errormsg());
		_exit(1);
	}
	blocks = pms_root_get("blocks");
	if (!blocks) {
		pms_tx_begin();
		blocks = pms_malloc(NBLK * BLK);
		memset(blocks, 'a', NBLK * BLK);
		pms_root_set("blocks", blocks);
		pms_tx_commit();
	}
}

/* write_all -- logs and overwrites the first n blocks with c */
static void write_all(int n, char c)
{
	for (int i = 0; i < n; i++) {
		char *b = blocks + (size_t)i * BLK;
		if (pms_tx_add_range(b, BLK) != 0) {
			fprintf(stderr, "add_range: %s\n", pms_errormsg());
			_exit(1);
		}
		memset(b, c, BLK);
	}
}

static int count_blocks(char c)
{
	int n = 0;
	for (int i = 0; i < NBLK; i++) {
		char *b = blocks + (size_t)i * BLK;
		n += b[0] == c && b[BLK - 1] == c && memchr(b, c ^ 1, BLK) == NULL;
	}
	return n;
}

static long objects(void)
{
	return pms_heap_walk(NULL, NULL);
}

/* killed_after -- a child logs and stores n blocks and one big allocation,
 * then dies inside the transaction; the parent reopens */
static void killed_after(const char *path, int n)
{
	pid_t pid = fork();
	if (pid == 0) {
		open_pool(path);
		pms_tx_begin();
		pms_malloc(64 * 1024); /* a PMDK object: PMDK's transaction opens */
		write_all(n, 'z');
		raise(SIGKILL);
	}
	waitpid(pid, NULL, 0);
	open_pool(path);
	printf("killed in a transaction after %d ranges: restored=%d of %d, objects=%ld\n",
		n, count_blocks('b'), NBLK, objects());
	pms_pool_close(pms_pool_current());
}

int main(int argc, char **argv)
{
	long *counter;

	open_pool(argv[1]);
	pms_tx_begin();
	write_all(NBLK, 'x');
	pms_tx_abort();
	printf("abort, %d ranges of 1 KiB: restored=%d of %d\n", NBLK, count_blocks('a'), NBLK);

	pms_tx_begin();
	write_all(NBLK, 'b');
	pms_tx_commit();
	printf("commit, %d ranges: kept=%d of %d\n", NBLK, count_blocks('b'), NBLK);
	pms_pool_close(pms_pool_current());

	killed_after(argv[1], 10);
	killed_after(argv[1], NBLK);

	open_pool(argv[1]);
	counter = (long *)blocks;
	pms_tx_begin();
	pms_tx_add_range(counter, sizeof(*counter));
	*counter = 5;
	pms_tx_commit();
	pms_tx_begin();
	for (int i = 0; i < 10; i++) {
		pms_tx_add_range(counter, sizeof(*counter));
		++*counter;
	}
	pms_tx_abort();
	printf("repeated stores then abort: counter=%ld\n", *counter);
	pms_pool_close(pms_pool_current());
	return 0;
}
