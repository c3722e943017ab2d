/*
 * share-client.c -- one of several TFS clients working at once.
 *
 *   share-client work SPEC ID N      N files under /cID, N KVFS keys cID-*, and
 *                                    N appends of "ID:i" to the shared /shared.log
 *   share-client verify SPEC C N     checks what C clients of N must have left
 */
#include "aerie-test.h"

#include <fcntl.h>

static void work(int id, int n)
{
	char path[64], val[64];

	snprintf(path, sizeof path, "/c%d", id);
	MUST(pxfs_mkdir(path, 0755));
	for (int i = 0; i < n; i++) {
		int len = snprintf(val, sizeof val, "client %d file %d", id, i);
		snprintf(path, sizeof path, "/c%d/f%d", id, i);
		int fd = pxfs_open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
		MUST(fd);
		MUST(pxfs_write(fd, val, (size_t)len));
		MUST(pxfs_close(fd));
		snprintf(path, sizeof path, "c%d-%d", id, i);
		MUST(kvfs_put(path, val, (size_t)len));
		fd = pxfs_open("/shared.log", O_CREAT | O_WRONLY | O_APPEND, 0644);
		MUST(fd);
		len = snprintf(val, sizeof val, "%d:%d\n", id, i);
		MUST(pxfs_write(fd, val, (size_t)len));
		MUST(pxfs_close(fd));
	}
}

static char log_buf[1 << 20];

static void verify(int clients, int n)
{
	char path[64], want[64], got[64];
	long files = 0, keys = 0, lines = 0, dup = 0;

	for (int c = 0; c < clients; c++)
		for (int i = 0; i < n; i++) {
			int len = snprintf(want, sizeof want, "client %d file %d", c, i);
			snprintf(path, sizeof path, "/c%d/f%d", c, i);
			int fd = pxfs_open(path, O_RDONLY, 0);
			files += fd >= 0 && pxfs_read(fd, got, sizeof got) == len && !memcmp(got, want, len);
			pxfs_close(fd);
			snprintf(path, sizeof path, "c%d-%d", c, i);
			keys += kvfs_get(path, got, sizeof got) == len && !memcmp(got, want, len);
		}
	int fd = pxfs_open("/shared.log", O_RDONLY, 0);
	ssize_t size = pxfs_read(fd, log_buf, sizeof log_buf - 1);
	log_buf[size > 0 ? size : 0] = '\0';
	for (int c = 0; c < clients; c++)
		for (int i = 0; i < n; i++) {
			snprintf(want, sizeof want, "\n%d:%d\n", c, i);
			char *hit = strstr(log_buf, want + 1) == log_buf ? log_buf : strstr(log_buf, want);
			lines += hit != NULL;
			dup += hit && strstr(hit + 1, want);
		}
	printf("%ld files, %ld keys, %ld log lines of %d (%ld twice), log size %zd\n",
			files, keys, lines, clients * n, dup, size);
}

int main(int argc, char **argv)
{
	if (argc != 5)
		return 2;
	test_mount(argv[2]);
	if (!strcmp(argv[1], "work"))
		work(atoi(argv[3]), atoi(argv[4]));
	else
		verify(atoi(argv[3]), atoi(argv[4]));
	return aerie_unmount() < 0;
}
