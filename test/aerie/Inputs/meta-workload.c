/*
 * meta-workload.c -- the crash tests' workload and its inspector.
 *
 *   meta-workload run SPEC RUN   an endless metadata-heavy loop under /rRUN and
 *                                KVFS keys rRUN-*, printing "begin OP ARGS"
 *                                before each operation and "ack" once it returned
 *   meta-workload seq SPEC N     a fixed sequence of N rounds under /s (create,
 *                                write+fsync, append, rename, truncate, mkdir,
 *                                put, rename over a file, unlink, rmdir,
 *                                delete), logged the same way, then unmounts:
 *                                the same barriers every run, for deaths at each
 *   meta-workload dump SPEC      every directory, file and key with its size
 *                                and an FNV-1a hash of its content
 *
 * Content byte j of a write with seed s is (s * 31 + j * 7 + (j >> 8)) & 0xff,
 * which crash_loop.py recomputes to know what each acknowledged file holds.
 */
#include "aerie-test.h"

#include <fcntl.h>
#include <unistd.h>

static char buf[1 << 16];

static void fill(unsigned seed, size_t len)
{
	for (size_t j = 0; j < len; j++)
		buf[j] = (char)((seed * 31 + j * 7 + (j >> 8)) & 0xff);
}

static uint32_t fnv(const char *p, size_t n, uint32_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)p[i]) * 16777619u;
	return h;
}

#define BEGIN(...) do { printf("begin " __VA_ARGS__); putchar('\n'); fflush(stdout); } while (0)
#define ACK() do { puts("ack"); fflush(stdout); } while (0)

/* write_file -- opens path, writes len bytes of seed (appending with
 * O_APPEND) and fsyncs them, closes; len 0 only opens and closes */
static void write_file(const char *path, int flags, unsigned seed, size_t len)
{
	int fd = pxfs_open(path, flags, 0644);
	MUST(fd);
	fill(seed, len);
	if (len) {
		MUST(flags & O_APPEND ? pxfs_append(fd, buf, len) : pxfs_write(fd, buf, len));
		MUST(pxfs_fsync(fd));
	}
	MUST(pxfs_close(fd));
}

static void run(int r)
{
	char p[64], q[64], key[64];

	snprintf(p, sizeof p, "/r%d", r);
	BEGIN("mkdir %s", p); MUST(pxfs_mkdir(p, 0755)); ACK();
	snprintf(p, sizeof p, "/r%d/d", r);
	BEGIN("mkdir %s", p); MUST(pxfs_mkdir(p, 0755)); ACK();
	for (unsigned k = 0;; k++) {
		unsigned seed = (unsigned)r * 1000 + k, len = 100 + (k * 2731) % 12000;
		snprintf(p, sizeof p, "/r%d/f%u", r, k);
		snprintf(q, sizeof q, "/r%d/d/g%u", r, k);
		BEGIN("create %s %u %u", p, seed, len); write_file(p, O_CREAT | O_EXCL | O_WRONLY, seed, len); ACK();
		BEGIN("rename %s %s", p, q); MUST(pxfs_rename(p, q)); ACK();
		snprintf(p, sizeof p, "/r%d/m%u", r, k);
		BEGIN("mkdir %s", p); MUST(pxfs_mkdir(p, 0755)); ACK();
		len = 1000 + (k * 97) % 3000;
		BEGIN("append %s %u %u", q, seed + 500, len); write_file(q, O_WRONLY | O_APPEND, seed + 500, len); ACK();
		snprintf(key, sizeof key, "r%d-%u", r, k);
		len = 50 + k % 500;
		fill(seed + 700, len);
		BEGIN("put %s %u %u", key, seed + 700, len); MUST(kvfs_put(key, buf, len)); ACK();
		if (!k)
			continue;
		snprintf(p, sizeof p, "/r%d/d/g%u", r, k - 1);
		BEGIN("unlink %s", p); MUST(pxfs_unlink(p)); ACK();
		snprintf(p, sizeof p, "/r%d/m%u", r, k - 1);
		BEGIN("rmdir %s", p); MUST(pxfs_rmdir(p)); ACK();
		snprintf(key, sizeof key, "r%d-%u", r, k - 1);
		BEGIN("delete %s", key); MUST(kvfs_delete(key)); ACK();
	}
}

/* seq_round -- round k of the fixed sequence; each call is one operation
 * that a crash must leave whole or absent */
static void seq_round(unsigned k)
{
	char p[64], q[64], key[64];
	unsigned seed = 9000 + k, len = 100 + (k * 2731) % 12000, more = 500 + k * 311 % 3000;
	unsigned cut = k % 2 ? len + more + 3000 : (len + more) / 2;

	snprintf(p, sizeof p, "/s/f%u", k);
	snprintf(q, sizeof q, "/s/d/g%u", k);
	BEGIN("create %s 0 0", p); write_file(p, O_CREAT | O_EXCL | O_WRONLY, 0, 0); ACK();
	BEGIN("write %s %u %u", p, seed, len); write_file(p, O_WRONLY, seed, len); ACK();
	BEGIN("append %s %u %u", p, seed + 1, more); write_file(p, O_WRONLY | O_APPEND, seed + 1, more); ACK();
	BEGIN("rename %s %s", p, q); MUST(pxfs_rename(p, q)); ACK();
	BEGIN("truncate %s %u", q, cut); MUST(pxfs_truncate(q, cut)); ACK();
	snprintf(p, sizeof p, "/s/m%u", k);
	BEGIN("mkdir %s", p); MUST(pxfs_mkdir(p, 0755)); ACK();
	snprintf(key, sizeof key, "s-%u", k);
	fill(seed + 2, 50 + k * 37 % 500);
	BEGIN("put %s %u %u", key, seed + 2, 50 + k * 37 % 500);
	MUST(kvfs_put(key, buf, 50 + k * 37 % 500)); ACK();
	if (!k)
		return;
	snprintf(p, sizeof p, "/s/d/g%u", k - 1);
	BEGIN("rename %s /s/h", p); MUST(pxfs_rename(p, "/s/h")); ACK();
	if (k % 3 == 2) {
		BEGIN("unlink /s/h"); MUST(pxfs_unlink("/s/h")); ACK();
	}
	snprintf(p, sizeof p, "/s/m%u", k - 1);
	BEGIN("rmdir %s", p); MUST(pxfs_rmdir(p)); ACK();
	snprintf(key, sizeof key, "s-%u", k - 1);
	BEGIN("delete %s", key); MUST(kvfs_delete(key)); ACK();
}

static void seq(unsigned rounds)
{
	BEGIN("mkdir /s"); MUST(pxfs_mkdir("/s", 0755)); ACK();
	BEGIN("mkdir /s/d"); MUST(pxfs_mkdir("/s/d", 0755)); ACK();
	for (unsigned k = 0; k < rounds; k++)
		seq_round(k);
	MUST(aerie_unmount());
	puts("done");
}

static void dump_dir(const char *path)
{
	struct pxfs_dirent *e;
	PXFS_DIR *d = pxfs_opendir(path);
	char child[512];

	MUST(d ? 0 : -1);
	while ((e = pxfs_readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(child, sizeof child, "%s/%s", strcmp(path, "/") ? path : "", e->d_name);
		if (e->d_type == DT_DIR) {
			printf("d %s\n", child);
			dump_dir(child);
			continue;
		}
		int fd = pxfs_open(child, O_RDONLY, 0);
		ssize_t n, size = 0;
		uint32_t h = 2166136261u;
		MUST(fd);
		while ((n = pxfs_read(fd, buf, sizeof buf)) > 0)
			h = fnv(buf, (size_t)n, h), size += n;
		pxfs_close(fd);
		printf("f %s %zd %08x\n", child, size, h);
	}
	pxfs_closedir(d);
}

static int dump_key(const char *key, size_t size, void *arg)
{
	ssize_t n = kvfs_get(key, buf, sizeof buf);
	printf("k %s %zd %08x\n", key, n, fnv(buf, n > 0 ? (size_t)n : 0, 2166136261u));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "run")) {
		test_mount(argv[2]);
		run(atoi(argv[3]));
	} else if (argc == 4 && !strcmp(argv[1], "seq")) {
		test_mount(argv[2]);
		seq((unsigned)atoi(argv[3]));
	} else if (argc == 3 && !strcmp(argv[1], "dump")) {
		test_mount(argv[2]);
		dump_dir("/");
		MUST(kvfs_iterate(dump_key, NULL));
		MUST(aerie_unmount());
	} else {
		fprintf(stderr, "usage: meta-workload run SPEC RUN | seq SPEC N | dump SPEC\n");
		return 2;
	}
	return 0;
}
