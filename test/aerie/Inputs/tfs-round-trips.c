/* tfs-round-trips -- mounts through aerie-tfs at SOCKET, creates N files of 4 KiB (open,
 * write, close), then removes them: a fixed sequence of metadata operations whose round
 * trips AERIE_TFS_STATS counts. */
#include <aerie/aerie.h>
#include <aerie/pxfs.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	char buf[4096], path[64];
	int n = argc == 3 ? atoi(argv[2]) : 0;

	if (n <= 0 || aerie_mount_tfs(argv[1]) < 0) {
		fprintf(stderr, "usage: tfs-round-trips SOCKET N (%s)\n", aerie_errormsg());
		return 2;
	}
	memset(buf, 'x', sizeof(buf));
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/f%03d", i);
		int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		if (fd < 0 || pxfs_write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) ||
				pxfs_close(fd) < 0) {
			fprintf(stderr, "%s: %s\n", path, aerie_errormsg());
			return 1;
		}
	}
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/f%03d", i);
		if (pxfs_unlink(path) < 0) {
			fprintf(stderr, "%s: %s\n", path, aerie_errormsg());
			return 1;
		}
	}
	printf("created and removed %d files\n", n);
	return aerie_unmount() < 0;
}
