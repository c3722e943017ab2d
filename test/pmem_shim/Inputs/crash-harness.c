/*
 * crash-harness.c -- SIGKILL crash test of the shim: a child runs
 * transactions on a persistent hash map of accounts (fixed total balance)
 * and a persistent linked list of transaction records; the parent kills it
 * at a random moment, reopens the pool and checks every invariant.
 *
 * usage: crash-harness POOL KILLS SEED [MAX_DELAY_US]
 * One kill in eight lands during open and recovery, the others up to
 * MAX_DELAY_US (default 3000) after the child started its transactions.
 * Prints one summary line; exits 1 at the first violated invariant.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <pmem_shim.h>

#define HARNESS_NAME "crash-harness"
#include "bank-workload.h"

/* run_once -- one child, killed delay_us after it is ready (or, when early,
 * after it was forked: during open and recovery); returns last reported seq */
static uint64_t run_once(const char *path, unsigned seed, unsigned delay_us,
		int early)
{
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0)
		die("pipe", errno, 0);
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		close(fds[0]);
		child(path, fds[1], seed);
	}
	return kill_child(pid, fds, path, delay_us, early);
}

int main(int argc, char **argv)
{
	unsigned seed, kills, max_delay;
	uint64_t reported = 0, seq = 0, max_seq = 0;

	if (argc < 4) {
		fprintf(stderr, "usage: crash-harness POOL KILLS SEED [MAX_DELAY_US]\n");
		return 2;
	}
	kills = (unsigned)atoi(argv[2]);
	seed = (unsigned)atoi(argv[3]);
	max_delay = argc > 4 ? (unsigned)atoi(argv[4]) : 3000;
	unlink(argv[1]);
	for (unsigned k = 0; k < kills; k++) {
		unsigned delay = rand_r(&seed) % max_delay;
		uint64_t r = run_once(argv[1], seed + k, delay, k % 8 == 7);
		if (r > reported)
			reported = r;
		seq = check(argv[1], reported);
		reported = seq;
		if (seq > max_seq)
			max_seq = seq;
	}
	printf("crash-harness: %u kills, %llu transactions committed, "
		"all invariants hold\n", kills, (unsigned long long)max_seq);
	unlink(argv[1]);
	return 0;
}
