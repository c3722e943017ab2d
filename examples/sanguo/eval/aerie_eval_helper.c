/*
 * aerie_eval_helper.c -- the small measurements evaluate-on-aerie.sh makes
 * through libaerie itself: the pool byte range of a file system's data area
 * (for wear-report.py --range), directory operations per second, and the
 * sequential read speed of a file written into an aged file system.
 *
 *   aerie-eval-helper range POOL          "A:B" byte offsets of the data area
 *   aerie-eval-helper dirops POOL N       create, lookup, delete N names in /dirops
 *   aerie-eval-helper seqread POOL MIB    writes /seq (MIB MiB in 1 MiB writes),
 *                                         reads it back 1 MiB at a time
 *   aerie-eval-helper rebuild POOL N      N names in /rb, then after a new mount
 *                                         the first lookup (opens the directory's
 *                                         index) against the second
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <pmem_shim.h>

#include "aerie/pxfs.h"
#include "fs.h"
#include "mount.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int fail(const char *what)
{
	fprintf(stderr, "aerie-eval-helper: error: %s: %s\n", what, aerie_errormsg());
	return 1;
}

/* range -- the data area's pool offsets */
static int range(const char *pool)
{
	struct pms_pool_info info;
	pms_pool *p = pms_pool_open(pool, 0, NULL);
	struct aer_super *sb;

	if (!p) {
		fprintf(stderr, "aerie-eval-helper: error: %s: %s\n", pool, pms_errormsg());
		return 1;
	}
	pms_pool_info(p, &info);
	if (!(sb = pms_root_get(AER_ROOT_NAME))) {
		fprintf(stderr, "aerie-eval-helper: error: %s: no aerie root\n", pool);
		return 1;
	}
	uintptr_t off = (uintptr_t)sb - info.addr;
	printf("%lu:%lu\n", (unsigned long)(off + (uintptr_t)sb->data_start * AER_BLOCK_SIZE),
			(unsigned long)(off + (uintptr_t)sb->nblocks * AER_BLOCK_SIZE));
	pms_pool_close(p);
	return 0;
}

/* dirops -- N creates, N lookups (stat, shuffled order), N deletes */
static int dirops(long n)
{
	char path[160];
	struct stat st;
	long *order = malloc(n * sizeof *order);
	double t0, t1, t2, t3;

	for (long i = 0; i < n; i++)
		order[i] = i;
	srand(1);
	for (long i = n - 1; i > 0; i--) {
		long j = rand() % (i + 1), t = order[i];
		order[i] = order[j], order[j] = t;
	}
	if (pxfs_mkdir("/dirops", 0755) < 0)
		return fail("mkdir /dirops");
	t0 = now_s();
	for (long i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/dirops/entry-%08ld", i);
		int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0 || pxfs_close(fd) < 0)
			return fail(path);
	}
	t1 = now_s();
	for (long i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/dirops/entry-%08ld", order[i]);
		if (pxfs_stat(path, &st) < 0)
			return fail(path);
	}
	t2 = now_s();
	for (long i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/dirops/entry-%08ld", order[i]);
		if (pxfs_unlink(path) < 0)
			return fail(path);
	}
	t3 = now_s();
	printf("{\"entries\": %ld, \"create_per_s\": %.0f, \"lookup_per_s\": %.0f, \"delete_per_s\": %.0f}\n",
			n, n / (t1 - t0), n / (t2 - t1), n / (t3 - t2));
	pxfs_rmdir("/dirops");
	return 0;
}

/* seqread -- a big file written after aging, read back in order */
static int seqread(long mib)
{
	static char buf[1 << 20];
	double t0, t1;
	int fd = pxfs_open("/seq", O_CREAT | O_TRUNC | O_RDWR, 0644);

	if (fd < 0)
		return fail("/seq");
	memset(buf, 'x', sizeof buf);
	for (long i = 0; i < mib; i++)
		if (pxfs_write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
			return fail("write /seq");
	pxfs_fsync(fd);
	struct stat st;
	if (pxfs_fstat(fd, &st) < 0)
		return fail("fstat /seq");
	/* contiguity: the extents of the file's map (read-only peek, one process) */
	uint32_t nextents = aer_mounted->inodes[st.st_ino].nextents;
	for (int pass = 0; pass < 3; pass++) {  /* best of three passes */
		pxfs_lseek(fd, 0, SEEK_SET);
		t0 = now_s();
		for (long i = 0; i < mib; i++)
			if (pxfs_read(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
				return fail("read /seq");
		t1 = now_s();
		printf("{\"mib\": %ld, \"extents\": %u, \"pass\": %d, \"read_mib_per_s\": %.0f}\n", mib,
				nextents, pass, mib / (t1 - t0));
	}
	pxfs_close(fd);
	pxfs_unlink("/seq");
	return 0;
}

/* rebuild -- the first lookup after a mount pays the index's rebuild */
static int rebuild(const char *pool, long n)
{
	char path[160];
	struct stat st;
	double t0, t1, t2;

	if (pxfs_mkdir("/rb", 0755) < 0)
		return fail("mkdir /rb");
	for (long i = 0; i < n; i++) {
		snprintf(path, sizeof path, "/rb/entry-%08ld", i);
		int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0 || pxfs_close(fd) < 0)
			return fail(path);
	}
	aerie_unmount();
	if (aerie_mount(pool) < 0)
		return fail(pool);
	t0 = now_s();
	if (pxfs_stat("/rb/entry-00000000", &st) < 0)
		return fail("first lookup");
	t1 = now_s();
	if (pxfs_stat("/rb/entry-00000001", &st) < 0)
		return fail("second lookup");
	t2 = now_s();
	printf("{\"entries\": %ld, \"first_lookup_ms\": %.3f, \"second_lookup_ms\": %.4f}\n", n,
			(t1 - t0) * 1e3, (t2 - t1) * 1e3);
	return 0;
}

int main(int argc, char **argv)
{
	int rc;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: aerie-eval-helper range POOL | dirops POOL N | seqread POOL MIB | rebuild POOL N\n");
		return 2;
	}
	if (!strcmp(argv[1], "range"))
		return range(argv[2]);
	if (argc != 4 || atol(argv[3]) <= 0) {
		fprintf(stderr, "aerie-eval-helper: error: %s needs a positive count\n", argv[1]);
		return 2;
	}
	if (aerie_mount(argv[2]) < 0)
		return fail(argv[2]);
	if (!strcmp(argv[1], "dirops"))
		rc = dirops(atol(argv[3]));
	else if (!strcmp(argv[1], "rebuild"))
		rc = rebuild(argv[2], atol(argv[3]));
	else if (!strcmp(argv[1], "seqread"))
		rc = seqread(atol(argv[3]));
	else {
		fprintf(stderr, "aerie-eval-helper: error: unknown command '%s'\n", argv[1]);
		rc = 2;
	}
	aerie_unmount();
	return rc;
}
