/* write-files -- mounts POOL, writes 20 files of 4 KiB through PXFS, reads them back and
 * prints their sizes: the same workload for the built and the instrumented libaerie. */
#include <aerie/aerie.h>
#include <aerie/pxfs.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
	char buf[4096], path[64];

	if (argc != 2 || aerie_mount(argv[1]) < 0) {
		perror("write-files: mount");
		return 1;
	}
	memset(buf, 'x', sizeof(buf));
	for (int i = 0; i < 20; i++) {
		struct stat st;
		snprintf(path, sizeof(path), "/f%02d", i);
		int fd = pxfs_open(path, O_CREAT | O_RDWR, 0644);
		if (fd < 0 || pxfs_write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) ||
				pxfs_fsync(fd) < 0 || pxfs_fstat(fd, &st) < 0 || pxfs_close(fd) < 0) {
			perror(path);
			return 1;
		}
		printf("%s %lld\n", path, (long long)st.st_size);
	}
	return aerie_unmount() < 0;
}
