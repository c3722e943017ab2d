/*
 * power-loss-shadow.c -- LD_PRELOAD interposer that keeps a "shadow" of a
 * pool file holding only what has been made durable: every byte range that
 * the process msyncs (or fsyncs) from a shared mapping of the pool is copied
 * into the shadow file at the same file offset.  Stores that were never
 * msynced never reach the shadow, so after a SIGKILL the shadow is what a
 * power failure at that moment would leave on a page-cache file system that
 * wrote back nothing on its own (the most pessimistic legal outcome), at
 * page granularity (msync writes whole pages).
 *
 * Only meaningful when PMDK treats the pool as NOT persistent memory
 * (PMEM_IS_PMEM_FORCE=0, pool on tmpfs or a non-DAX file system): then
 * libpmem/libpmemobj persist with msync and this interposer sees every
 * persist.  Cache-line flushes (clwb/clflushopt/clflush + sfence) on such a
 * mapping are not seen and are, correctly, not durable here.
 *
 * Environment (read at every mmap; the interposer is inert without them):
 *   PMS_SHADOW_POOL   path of the pool file to watch
 *   PMS_SHADOW        path of the shadow file (must exist, same size; the
 *                     caller initialises it as a byte copy of the pool)
 *   PMS_SHADOW_STATS  optional file receiving counters (struct shadow_stats,
 *                     rewritten at offset 0 after every copy)
 *   PMS_SHADOW_DROP=N fault injection for checking the checker: every N-th
 *                     msync of the pool is not copied (a lost flush)
 *   PMS_SHADOW_DIE_AT=N  death at a persist barrier: the N-th barrier (an
 *                     msync that touches the pool, or an fsync of it) is
 *                     copied and then the process SIGKILLs itself, so the
 *                     shadow holds exactly barriers 1..N; a later barrier
 *                     of another process sharing the count is not copied
 *                     and kills that process too
 *   PMS_SHADOW_COUNT  optional file whose first 8 bytes count barriers
 *                     across processes (a service and its client); without
 *                     it each process counts its own
 *   PMS_SHADOW_TRACE  optional file receiving "barrier N PID" per barrier,
 *                     appended, so that it interleaves with a log written to
 *                     the same file and shows which operation each belongs to
 *
 * Build: cc -shared -fPIC -O2 power-loss-shadow.c -o libpms-shadow.so -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

struct shadow_stats {
	uint64_t msyncs;        /* msync calls that touched the pool */
	uint64_t msync_bytes;   /* bytes copied for them (page-rounded) */
	uint64_t fsyncs;        /* fsync/fdatasync on the pool file */
	uint64_t maps;          /* shared mappings of the pool recorded */
	uint64_t other_msyncs;  /* msync calls on other memory */
};

#define MAXMAP 16
static struct { uintptr_t base; size_t len; off_t off; } maps[MAXMAP];
static int nmaps;
static int shadow_fd = -1, stats_fd = -1, pool_fd_seen = -1;
static struct shadow_stats stats;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long drop_every, pool_msyncs;
static unsigned long die_at, own_barriers, *shared_barriers;
static int trace_fd = -1;

static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static int (*real_munmap)(void *, size_t);
static int (*real_msync)(void *, size_t, int);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static void resolve(void)
{
	if (!real_mmap) {
		real_munmap = dlsym(RTLD_NEXT, "munmap");
		real_msync = dlsym(RTLD_NEXT, "msync");
		real_fsync = dlsym(RTLD_NEXT, "fsync");
		real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
		real_mmap = dlsym(RTLD_NEXT, "mmap");
	}
}

/* is_pool_fd -- fd refers to the file named by PMS_SHADOW_POOL */
static int is_pool_fd(int fd)
{
	const char *pool = getenv("PMS_SHADOW_POOL");
	struct stat a, b;

	if (fd < 0 || !pool || !getenv("PMS_SHADOW"))
		return 0;
	if (fstat(fd, &a) != 0 || stat(pool, &b) != 0)
		return 0;
	return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void put_stats(void)
{
	if (stats_fd >= 0 &&
			pwrite(stats_fd, &stats, sizeof(stats), 0) != sizeof(stats))
		abort();
}

/* barrier_env -- reads the death-at-barrier variables (see the top) */
static void barrier_env(void)
{
	const char *s = getenv("PMS_SHADOW_DIE_AT");
	int fd;

	die_at = s ? strtoul(s, NULL, 10) : 0;
	s = getenv("PMS_SHADOW_TRACE");
	if (s && (trace_fd = open(s, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) < 0)
		abort();
	s = getenv("PMS_SHADOW_COUNT");
	if (!s)
		return;
	fd = open(s, O_RDWR | O_CLOEXEC);
	/* a count the caller asked for but cannot have would number wrongly */
	if (fd < 0 || ftruncate(fd, sizeof(unsigned long)) != 0)
		abort();
	shared_barriers = real_mmap(NULL, sizeof(unsigned long),
			PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (shared_barriers == MAP_FAILED)
		abort();
	close(fd);
}

/* barrier_begin -- numbers a barrier of the pool; one past the death
 * barrier dies at once, before anything of it reaches the shadow */
static unsigned long barrier_begin(void)
{
	unsigned long n = shared_barriers ?
		__atomic_add_fetch(shared_barriers, 1, __ATOMIC_SEQ_CST) :
		++own_barriers;
	char line[64];

	if (die_at && n > die_at)
		kill(getpid(), SIGKILL);
	if (trace_fd >= 0) {
		int len = snprintf(line, sizeof line, "barrier %lu %d\n", n, (int)getpid());
		if (write(trace_fd, line, (size_t)len) != len)
			abort();
	}
	return n;
}

/* barrier_end -- the barrier's bytes are in the shadow: die if it was the one */
static void barrier_end(unsigned long n)
{
	if (die_at && n == die_at)
		kill(getpid(), SIGKILL);
}

/* open_shadow -- opens the shadow and stats files once per process */
static int open_shadow(void)
{
	if (shadow_fd < 0) {
		shadow_fd = open(getenv("PMS_SHADOW"), O_RDWR | O_CLOEXEC);
		if (shadow_fd < 0)
			abort();   /* a missing shadow would silently test nothing */
		const char *s;
		s = getenv("PMS_SHADOW_DROP");
		drop_every = s ? strtoul(s, NULL, 10) : 0;
		barrier_env();
		s = getenv("PMS_SHADOW_STATS");
		if (s) {
			stats_fd = open(s, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
			/* forked processes add to the counters already there */
			if (stats_fd >= 0 && pread(stats_fd, &stats,
					sizeof(stats), 0) != sizeof(stats))
				memset(&stats, 0, sizeof(stats));
		}
	}
	return shadow_fd;
}

/* copy_out -- writes [p, p+n) of a recorded mapping to the shadow */
static void copy_out(uintptr_t p, size_t n, off_t off)
{
	while (n > 0) {
		ssize_t w = pwrite(shadow_fd, (void *)p, n, off);
		if (w <= 0)
			abort();
		p += (size_t)w, off += w, n -= (size_t)w;
	}
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	resolve();
	void *r = real_mmap(addr, len, prot, flags, fd, off);
	if (r != MAP_FAILED && (flags & MAP_SHARED) && (prot & PROT_WRITE) &&
			is_pool_fd(fd)) {
		pthread_mutex_lock(&lock);
		open_shadow();
		if (nmaps < MAXMAP) {
			maps[nmaps].base = (uintptr_t)r;
			maps[nmaps].len = len;
			maps[nmaps].off = off;
			nmaps++;
		}
		pool_fd_seen = fd;
		stats.maps++;
		put_stats();
		pthread_mutex_unlock(&lock);
	}
	return r;
}
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
	__attribute__((alias("mmap")));

int munmap(void *addr, size_t len)
{
	resolve();
	pthread_mutex_lock(&lock);
	for (int i = 0; i < nmaps; i++)
		if (maps[i].base == (uintptr_t)addr) {
			maps[i] = maps[--nmaps];
			break;
		}
	pthread_mutex_unlock(&lock);
	return real_munmap(addr, len);
}

/* pool_pages -- whether page range [a, e) touches the pool; copies that
 * part into the shadow when copy is set */
static int pool_pages(uintptr_t a, uintptr_t e, int copy)
{
	int hit = 0;

	for (int i = 0; i < nmaps; i++) {
		uintptr_t s = maps[i].base > a ? maps[i].base : a;
		uintptr_t t = maps[i].base + maps[i].len < e ?
			maps[i].base + maps[i].len : e;
		if (s >= t)
			continue;
		hit = 1;
		if (!copy)
			continue;
		copy_out(s, t - s, maps[i].off + (off_t)(s - maps[i].base));
		stats.msync_bytes += t - s;
	}
	return hit;
}

int msync(void *addr, size_t len, int flags)
{
	uintptr_t a = (uintptr_t)addr, e;
	long pg = sysconf(_SC_PAGESIZE);
	unsigned long n = 0;

	resolve();
	/* the kernel writes back whole pages */
	e = (a + len + (uintptr_t)pg - 1) & ~((uintptr_t)pg - 1);
	a &= ~((uintptr_t)pg - 1);
	pthread_mutex_lock(&lock);
	int drop = nmaps && drop_every && ++pool_msyncs % drop_every == 0;
	int hit = pool_pages(a, e, 0);
	if (hit)
		n = barrier_begin();
	if (hit && !drop) {
		pool_pages(a, e, 1);
		stats.msyncs++;
	} else {
		stats.other_msyncs++;
	}
	if (nmaps)
		put_stats();
	if (hit)
		barrier_end(n);
	pthread_mutex_unlock(&lock);
	return real_msync(addr, len, flags);
}

/* sync_whole -- fsync of the pool file: every mapped byte becomes durable */
static void sync_whole(int fd)
{
	if (nmaps == 0 || !is_pool_fd(fd))
		return;
	pthread_mutex_lock(&lock);
	unsigned long n = barrier_begin();
	for (int i = 0; i < nmaps; i++)
		copy_out(maps[i].base, maps[i].len, maps[i].off);
	stats.fsyncs++;
	put_stats();
	barrier_end(n);
	pthread_mutex_unlock(&lock);
}

int fsync(int fd)
{
	resolve();
	sync_whole(fd);
	return real_fsync(fd);
}

int fdatasync(int fd)
{
	resolve();
	sync_whole(fd);
	return real_fdatasync(fd);
}
