// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool && env PMS_POOL_SIZE=64M PMS_STATS=%t.3.json %t.exe %t.pool 3 | FileCheck %s --check-prefix=OUT3
// RUN: FileCheck %s --input-file=%t.3.json --check-prefix=N3
// RUN: rm -f %t.pool && env PMS_POOL_SIZE=64M PMS_STATS=%t.16.json %t.exe %t.pool 16 | FileCheck %s --check-prefix=OUT16
// RUN: FileCheck %s --input-file=%t.16.json --check-prefix=N16
// RUN: rm -f %t.pool && env PMS_POOL_SIZE=64M PMS_STATS=%t.17.json %t.exe %t.pool 17 | FileCheck %s --check-prefix=OUT17
// RUN: FileCheck %s --input-file=%t.17.json --check-prefix=N17
// RUN: rm -f %t.pool && env PMS_POOL_SIZE=64M PMS_STATS=%t.40.json %t.exe %t.pool 40 | FileCheck %s --check-prefix=OUT40
// RUN: FileCheck %s --input-file=%t.40.json --check-prefix=N40
// RUN: rm -f %t.pool && env PMS_POOL_SIZE=64M PMS_STATS=%t.3000.json %t.exe %t.pool 3000 | FileCheck %s --check-prefix=OUT3000
// RUN: FileCheck %s --input-file=%t.3000.json --check-prefix=N3000

// A transaction remembers the bytes of each cache line it logged, so a store to bytes
// logged already writes no undo entry. The first lines are kept in a short array, more
// in a hash table (the first ones moved there), and past 2048 lines nothing more is
// remembered. Each line here gets two ranges (bytes 0-7, then 8-15), each stored three
// times and then once more as one 16-byte range: 2 entries a line and transaction
// however the lines are kept (3000 lines: 2048 remembered, 952 logged at every store:
// 2*2048 + 7*952 a transaction). The abort must restore every byte, and the commit of
// the same stores keep them. Two transactions are counted, plus the 2 entries of the
// one that allocates the buffer.
// OUT3: lines 3: restored 1, committed 1
// OUT16: lines 16: restored 1, committed 1
// OUT17: lines 17: restored 1, committed 1
// OUT40: lines 40: restored 1, committed 1
// OUT3000: lines 3000: restored 1, committed 1
// N3: "log_entries": 14,
// N16: "log_entries": 66,
// N17: "log_entries": 70,
// N40: "log_entries": 162,
// N3000: "log_entries": 21522,

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE 64

static char *buf;

/* one_pass -- the stores of one transaction to lines [0, n) */
static void one_pass(int n, char fill)
{
	for (int i = 0; i < n; i++) {
		char *l = buf + (size_t)i * LINE;
		for (int rep = 0; rep < 3; rep++) {
			pms_tx_add_range(l, 8);
			memset(l, fill, 8);
			pms_tx_add_range(l + 8, 8);
			memset(l + 8, fill, 8);
		}
		pms_tx_add_range(l, 16);
		memset(l, fill + 1, 16);
	}
}

/* all_are -- 1 when the first 16 bytes of lines [0, n) are all c */
static int all_are(int n, char c)
{
	for (int i = 0; i < n; i++)
		for (int b = 0; b < 16; b++)
			if (buf[(size_t)i * LINE + b] != c)
				return 0;
	return 1;
}

int main(int argc, char **argv)
{
	int n;

	if (argc < 3 || !pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	n = atoi(argv[2]);
	pms_root_bind("buf", (void **)&buf);
	pms_tx_begin();
	buf = pms_calloc((size_t)n, LINE);
	pms_tx_commit();

	/* The counted transactions are the two below: one entry per range. */
	pms_tx_begin();
	one_pass(n, 'a');
	pms_tx_abort();
	int restored = all_are(n, 0);
	pms_tx_begin();
	one_pass(n, 'a');
	pms_tx_commit();
	int committed = all_are(n, 'b');
	printf("lines %d: restored %d, committed %d\n", n, restored, committed);
	return pms_pool_close(pms_pool_current());
}
