// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %mkfs-aerie --inodes=10000 --alloc fbst --dirs gather-free %t.pool
// RUN: %t.prog fill %t.pool 8192 | FileCheck %s --check-prefix=FILL
// RUN: %t.prog check %t.pool 8192 | FileCheck %s --check-prefix=CHECK
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK

// A Gather-free directory's indexes are DRAM only: after 8,192 creates and
// the removal of every third name, a new mount (a new process) rebuilds them
// from the slots at the directory's first use and then finds every name
// left, none of the removed ones, lists each exactly once, and reuses the
// freed slots before growing the directory.

// FILL: filled 8192, removed 2731, directory 1048576 bytes
// CHECK: found 5461 of 5461, removed ones found 0, listed 5461 once each
// CHECK-NEXT: after 2731 new names the directory is 1048576 bytes
// FSCK: clean: 8192 files, 3 directories, {{.*}} policies fbst/gather-free

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static void name_of(char *buf, size_t n, const char *dir, long i)
{
	snprintf(buf, n, "%s/file-%06ld-with-a-longer-name", dir, i);
}

static long dir_size(void)
{
	struct stat st;
	MUST(pxfs_stat("/d", &st));
	return (long)st.st_size;
}

int main(int argc, char **argv)
{
	char path[256];
	long n, removed = 0, found = 0, ghosts = 0, listed = 0;
	unsigned char *seen;

	if (argc != 4)
		return 2;
	n = atol(argv[3]);
	test_mount(argv[2]);
	if (!strcmp(argv[1], "fill")) {
		MUST(pxfs_mkdir("/d", 0755));
		for (long i = 0; i < n; i++) {
			name_of(path, sizeof path, "/d", i);
			int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
			MUST(fd);
			MUST(pxfs_close(fd));
		}
		for (long i = 0; i < n; i += 3, removed++) {
			name_of(path, sizeof path, "/d", i);
			MUST(pxfs_unlink(path));
		}
		printf("filled %ld, removed %ld, directory %ld bytes\n", n, removed, dir_size());
		return aerie_unmount() ? 1 : 0;
	}
	seen = calloc((size_t)n, 1);
	for (long i = 0; i < n; i++) {
		struct stat st;
		name_of(path, sizeof path, "/d", i);
		int ok = pxfs_stat(path, &st) == 0;
		if (i % 3 == 0)
			ghosts += ok, removed++;
		else
			found += ok;
	}
	PXFS_DIR *d = pxfs_opendir("/d");
	struct pxfs_dirent *e;
	if (!d) {
		printf("FAILED opendir: %s\n", aerie_errormsg());
		return 1;
	}
	while ((e = pxfs_readdir(d))) {
		long i;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (sscanf(e->d_name, "file-%ld", &i) == 1 && i >= 0 && i < n && i % 3 && !seen[i]++)
			listed++;
		else
			listed = -1000000;  /* a removed, unknown or repeated name */
	}
	pxfs_closedir(d);
	printf("found %ld of %ld, removed ones found %ld, listed %ld once each\n", found,
			n - removed, ghosts, listed);
	/* the removed names' slots are free again: the same number of new names
	 * fits without a new block */
	for (long i = 0; i < removed; i++) {
		snprintf(path, sizeof path, "/d/new-%06ld", i);
		int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		MUST(fd);
		MUST(pxfs_close(fd));
	}
	printf("after %ld new names the directory is %ld bytes\n", removed, dir_size());
	return aerie_unmount() ? 1 : 0;
}
