/*
 * write-back-cost.c -- what a persist barrier costs on this machine, the figures behind the
 * runtime's choices (docs/pmem_shim.md, docs/persist-rewriter.md, issue 11 twelfth round):
 * a store written back and fenced on its own against write-backs sharing one fence, and an
 * 80-byte undo entry rewritten in place (as each transaction rewrites its log) written through
 * the cache with clwb or clflushopt against non-temporal stores, each followed by its fence.
 * The lines are in a shared mapping of a file in /dev/shm, as the benchmarks' pools are.
 *
 *   cc -O2 -mclwb -mclflushopt runtime/pmem_shim/tools/write-back-cost.c -o /tmp/wbc && /tmp/wbc
 * Needs a CPU with clwb and clflushopt; prints nanoseconds per operation.
 */
#include <fcntl.h>
#include <immintrin.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { SIZE = 64 << 20, N = 200000, ENTRY = 80, ENTRIES = 24 };

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void)
{
	char path[] = "/dev/shm/write-back-cost.XXXXXX", src[ENTRY];
	int fd = mkstemp(path);
	char *p;
	double t;

	if (fd < 0 || ftruncate(fd, SIZE) != 0 ||
	    (p = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
		perror("write-back-cost: /dev/shm");
		return 1;
	}
	unlink(path);
	memset(p, 1, SIZE);
	memset(src, 7, sizeof(src));

	t = now_ns();
	for (int i = 0; i < N; i++) {
		char *l = p + (size_t)i * 64 % (SIZE / 2);
		*(volatile long *)l = i;
		_mm_clwb(l);
		_mm_sfence();
	}
	printf("store + clwb + sfence, each line fenced: %6.1f ns\n", (now_ns() - t) / N);

	t = now_ns();
	for (int i = 0; i < N; i++) {
		char *l = p + (size_t)i * 64 % (SIZE / 2);
		*(volatile long *)l = i;
		_mm_clwb(l);
	}
	_mm_sfence();
	printf("store + clwb, one fence for all:         %6.1f ns\n", (now_ns() - t) / N);

	t = now_ns();
	for (int i = 0; i < N; i++) {
		char *e = p + (i % ENTRIES) * ENTRY;
		memcpy(e, src, ENTRY);
		_mm_clwb(e);
		_mm_clwb(e + ENTRY - 1);
		_mm_sfence();
	}
	printf("80-byte entry, cached + clwb + sfence:   %6.1f ns\n", (now_ns() - t) / N);

	t = now_ns();
	for (int i = 0; i < N; i++) {
		char *e = p + (i % ENTRIES) * ENTRY;
		memcpy(e, src, ENTRY);
		_mm_clflushopt(e);
		_mm_clflushopt(e + ENTRY - 1);
		_mm_sfence();
	}
	printf("80-byte entry, cached + clflushopt:      %6.1f ns\n", (now_ns() - t) / N);

	t = now_ns();
	for (int i = 0; i < N; i++) {
		long long *e = (long long *)(p + (i % ENTRIES) * ENTRY);
		for (int k = 0; k < ENTRY / 8; k++)
			_mm_stream_si64(&e[k], i);
		_mm_sfence();
	}
	printf("80-byte entry, movnti + sfence:          %6.1f ns\n", (now_ns() - t) / N);
	return 0;
}
