/*
 * power-loss-harness.c -- power-loss simulation of the shim: the workload of
 * crash-harness.c (accounts with a fixed total, a record list, allocations
 * and frees, aborts), run with PMEM_IS_PMEM_FORCE=0 so that PMDK persists
 * with msync, under the LD_PRELOAD interposer power-loss-shadow.c, which
 * copies every msynced range of the pool into a shadow file.  The parent
 * SIGKILLs the child at a random moment, then replaces the pool by the
 * shadow (what a power failure at that moment would have left: nothing that
 * was never msynced), reopens it and checks every invariant.
 *
 * usage: LD_PRELOAD=libpms-shadow.so power-loss-harness POOL CYCLES SEED
 *            [MAX_DELAY_US]
 * POOL may be a directory (e.g. /dev/shm): the pool is then made in a fresh
 * temporary directory inside it.  Use tmpfs: on a disk file system msync
 * really writes, and a child killed within milliseconds commits nothing
 * (the harness fails when no transaction was committed at all).
 * The pool is created first by a child that is not killed.  One cycle in
 * eight is killed during open and recovery, the others up to MAX_DELAY_US
 * (default 3000) after the child started its transactions.
 * Prints one summary line; exits 1 at the first violated invariant.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <pmem_shim.h>

#define HARNESS_NAME "power-loss-harness"
#include "bank-workload.h"

/* copy_file -- byte copy of from over a fresh file to (same size) */
static void copy_file(const char *from, const char *to)
{
	static char buf[1 << 16];
	char tmp[4300];
	int in = open(from, O_RDONLY), out;
	ssize_t n;

	snprintf(tmp, sizeof(tmp), "%s.tmp", to);
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (in < 0 || out < 0)
		die("copy_file open", errno, 0);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			die("copy_file write", errno, 0);
	if (n < 0)
		die("copy_file read", errno, 0);
	close(in);
	close(out);
	if (rename(tmp, to) != 0)
		die("copy_file rename", errno, 0);
}

struct shadow_stats { uint64_t msyncs, msync_bytes, fsyncs, maps, other; };

/* run_once -- one child writing through the shadow, killed delay_us after it
 * is ready (or, when early, after it was forked: during open and recovery);
 * then the shadow replaces the pool.  Returns the last reported seq. */
static uint64_t run_once(const char *path, const char *shadow,
		const char *stats, unsigned seed, unsigned delay_us, int early)
{
	int fds[2];
	uint64_t last;
	pid_t pid;

	copy_file(path, shadow);   /* the pool is durable as it is now */
	if (pipe(fds) != 0)
		die("pipe", errno, 0);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		close(fds[0]);
		setenv("PMS_SHADOW_POOL", path, 1);
		setenv("PMS_SHADOW", shadow, 1);
		setenv("PMS_SHADOW_STATS", stats, 1);
		child(path, fds[1], seed);
	}
	last = kill_child(pid, fds, path, delay_us, early);
	if (rename(shadow, path) != 0)   /* power loss: only the shadow stays */
		die("rename shadow", errno, 0);
	return last;
}

/* create_pool -- a child (not killed) creates the pool with its state */
static void create_pool(const char *path)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		pms_pool *p = open_pool(path);
		if (!st)
			init_state();
		pms_pool_close(p);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		die("pool creation failed", (unsigned long long)status, 0);
}

static pid_t main_pid;
static char shadow[4200], stats[4200], dir[4096], pool[4200], *pool_path;

/* cleanup -- at exit of the main process (also after a failure, unless
 * PMS_POWER_LOSS_KEEP is set): removes the files made in a temporary dir */
static void cleanup(void)
{
	char tmp[4300];

	if (getpid() != main_pid || !dir[0] || getenv("PMS_POWER_LOSS_KEEP"))
		return;
	snprintf(tmp, sizeof(tmp), "%s.tmp", shadow);
	unlink(pool_path);
	unlink(shadow);
	unlink(tmp);
	unlink(stats);
	rmdir(dir);
}

int main(int argc, char **argv)
{
	unsigned seed, cycles, max_delay;
	uint64_t reported = 0, seq = 0, max_seq = 0, acked = 0;
	struct stat sb;
	struct shadow_stats ss = { 0 };
	int sfd;

	if (argc < 4) {
		fprintf(stderr, "usage: LD_PRELOAD=libpms-shadow.so "
			"power-loss-harness POOL CYCLES SEED [MAX_DELAY_US]\n");
		return 2;
	}
	if (stat(argv[1], &sb) == 0 && S_ISDIR(sb.st_mode)) {
		snprintf(dir, sizeof(dir), "%s/pms-power-loss.XXXXXX", argv[1]);
		if (!mkdtemp(dir))
			die("mkdtemp", errno, 0);
		snprintf(pool, sizeof(pool), "%s/pool", dir);
		argv[1] = pool;
		main_pid = getpid();
		pool_path = pool;
		atexit(cleanup);
	}
	cycles = (unsigned)atoi(argv[2]);
	seed = (unsigned)atoi(argv[3]);
	max_delay = argc > 4 ? (unsigned)atoi(argv[4]) : 3000;
	/* PMDK must not treat the file as pmem, or it flushes cache lines
	 * instead of calling msync and nothing reaches the shadow */
	setenv("PMEM_IS_PMEM_FORCE", "0", 1);
	snprintf(shadow, sizeof(shadow), "%s.shadow", argv[1]);
	snprintf(stats, sizeof(stats), "%s.stats", argv[1]);
	unlink(argv[1]);
	unlink(stats);
	create_pool(argv[1]);
	for (unsigned k = 0; k < cycles; k++) {
		unsigned delay = rand_r(&seed) % max_delay;
		uint64_t r = run_once(argv[1], shadow, stats, seed + k, delay,
			k % 8 == 7);
		if (r > reported) {
			acked += r - reported;   /* new acknowledged commits */
			reported = r;
		}
		/* every commit acknowledged before the power loss must be there */
		seq = check(argv[1], reported);
		reported = seq;
		if (seq > max_seq)
			max_seq = seq;
	}
	sfd = open(stats, O_RDONLY);
	if (sfd < 0 || read(sfd, &ss, sizeof(ss)) != sizeof(ss))
		die("interposer never ran (LD_PRELOAD missing?)", 0, 0);
	close(sfd);
	if (max_seq == 0 || acked == 0)
		die("no transaction was committed (pool on a slow file system?)",
			0, 0);
	if (ss.msyncs == 0)
		die("no msync reached the shadow (pool treated as pmem?)", 0, 0);
	fprintf(stderr, "power-loss-harness: interposer: %llu pool mappings, "
		"%llu fsyncs of the pool, %llu msyncs of other memory\n",
		(unsigned long long)ss.maps, (unsigned long long)ss.fsyncs,
		(unsigned long long)ss.other);
	printf("power-loss-harness: %u power losses, %llu transactions "
		"committed, %llu acknowledged commits checked, %llu msyncs "
		"(%llu MiB) reached the shadow, all invariants hold\n", cycles,
		(unsigned long long)max_seq, (unsigned long long)acked,
		(unsigned long long)ss.msyncs,
		(unsigned long long)(ss.msync_bytes >> 20));
	unlink(argv[1]);
	unlink(stats);
	return 0;
}
