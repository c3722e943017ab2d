/*
 * open-unlink-race.c -- TFS clients that race opens for writing against
 * unlinks and re-creates of the same names (fileserver's pattern with
 * several processes: one appends to a file another deletes).
 *
 *   open-unlink-race prepare SPEC N        creates f0..f(N-1) of 5,000 bytes
 *   open-unlink-race race SPEC N MS W      worker W for MS ms: an even W unlinks
 *                                          fI and creates it again with 5,000
 *                                          bytes, an odd W opens fI O_RDWR, seeks
 *                                          to the end and writes 100 bytes (into
 *                                          the last, partial block), closes
 *                                          (I round robin)
 *
 * An open may fail with ENOENT (the name was gone); once it succeeded, every
 * call on the descriptor must succeed, as POSIX promises for a file unlinked
 * while open. The first other failure is printed and the program exits 1.
 * Each worker prints "churn: done, some opens" or "append: done, some opens"
 * ("no open" when an appender never found a file: the race did not run).
 */
#include "aerie-test.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static char buf[5000];

/* fail -- the first unexpected result ends the program */
static void fail(const char *what, const char *path)
{
	printf("%s '%s': %s (%s)\n", what, path, strerrorname_np(errno), aerie_errormsg());
	exit(1);
}

/* make -- path created (or truncated) with 5,000 bytes */
static void make(const char *path)
{
	int fd = pxfs_open(path, O_CREAT | O_RDWR | O_TRUNC, 0644);
	if (fd < 0)
		fail("create", path);
	if (pxfs_write(fd, buf, sizeof buf) != (ssize_t)sizeof buf)
		fail("write", path);
	if (pxfs_close(fd) < 0)
		fail("close", path);
}

/* append_once -- one open, append, close; 1 when the open found the file */
static int append_once(const char *path)
{
	int fd = pxfs_open(path, O_RDWR, 0);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		fail("open", path);
	}
	if (pxfs_lseek(fd, 0, SEEK_END) < 0)
		fail("lseek", path);
	if (pxfs_write(fd, buf, 100) != 100)
		fail("append", path);
	if (pxfs_close(fd) < 0)
		fail("close", path);
	return 1;
}

int main(int argc, char **argv)
{
	char path[64];
	long opens = 0;

	if (argc < 4)
		return 2;
	int n = atoi(argv[3]);
	long end = now_ms() + (argc > 4 ? atol(argv[4]) : 0);
	const char *role = strcmp(argv[1], "race") ? argv[1] : argc > 5 && atoi(argv[5]) % 2 ? "append" : "churn";
	memset(buf, 'x', sizeof buf);
	test_mount(argv[2]);
	for (int i = 0; !strcmp(argv[1], "prepare") && i < n; i++) {
		snprintf(path, sizeof path, "/f%d", i);
		make(path);
	}
	for (int i = 0; !strcmp(role, "churn") && now_ms() < end; i = (i + 1) % n) {
		snprintf(path, sizeof path, "/f%d", i);
		if (pxfs_unlink(path) < 0 && errno != ENOENT)
			fail("unlink", path);
		make(path);
		opens++;
	}
	for (int i = 0; !strcmp(role, "append") && now_ms() < end; i = (i + 1) % n) {
		snprintf(path, sizeof path, "/f%d", i);
		opens += append_once(path);
	}
	printf("%s: done, %s\n", role, opens > 0 || !strcmp(role, "prepare") ? "some opens" : "no open");
	aerie_unmount();
	return 0;
}
