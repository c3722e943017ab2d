/*
 * lease-client.c -- a TFS client for the lease tests.
 *
 *   lease-client hold SOCKET PATH   opens PATH for writing (taking its lease),
 *                                   says "holding", then appends on each
 *                                   "append" line of stdin until "quit"
 *   lease-client take SOCKET PATH   opens PATH for writing, waiting for the
 *                                   lease, and says how long that took
 */
#include "aerie-test.h"

#include <fcntl.h>
#include <time.h>

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	char spec[256], line[64];

	if (argc != 4)
		return 2;
	snprintf(spec, sizeof spec, "tfs:%s", argv[2]);
	test_mount(spec);
	long t0 = now_ms();
	int fd = pxfs_open(argv[3], O_CREAT | O_RDWR, 0644);
	MUST(fd);
	if (!strcmp(argv[1], "take")) {
		printf("took the lease after %ld ms\n", now_ms() - t0);
		SHOW("append", pxfs_append(fd, "B", 1));
		return aerie_unmount() < 0;
	}
	MUST(pxfs_write(fd, "A", 1));
	puts("holding");
	fflush(stdout);
	while (fgets(line, sizeof line, stdin) && strncmp(line, "quit", 4))
		SHOW("append", pxfs_append(fd, "more", 4));
	struct stat st;
	MUST(pxfs_fstat(fd, &st));
	printf("file: %lld bytes\n", (long long)st.st_size);
	return 0;
}
