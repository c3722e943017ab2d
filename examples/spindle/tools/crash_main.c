/*
 * crash_main.c -- spindle-crash: SIGKILLs a process running the checked
 * transaction stream at random moments (and at chosen persist barriers),
 * then checks in a fresh process that recovery kept every acknowledged
 * transaction, applied none in half, and rebuilt a cache index that matches.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common.h"
#include "spindle/debug.h"
#include "spindle/workload.h"

static const char *const T = "spindle-crash";

static const char usage[] =
	"usage: spindle-crash --dir=DIR --kills=N [--barrier-kills=N] [--seed=S]\n"
	"                     [--max-delay-us=U] [--max-data=N] [--max-meta=N] [store options]\n"
	"Formats a store in DIR (store.dev, store.pool), then N times: runs transactions in\n"
	"a child, SIGKILLs it after a random delay up to U us (default 20000), and checks\n"
	"the recovered store in another child. --barrier-kills=N adds N runs that die at\n"
	"their 1st, 2nd, ... Nth persist barrier instead (odd: counted from the start, so\n"
	"open and recovery are hit; even: after recovery); with --power-loss those deaths\n"
	"also lose every NVM store not written back and fenced (a power failure);\n"
	"--disk-loss=all (implies --power-loss) also drops every device write not yet\n"
	"fdatasync'ed at those deaths, --disk-loss=some a random subset of them.\n"
	"Exit 0: every check passed.\n";

struct crash {
	struct spd_config cfg;
	struct spd_wl wl;
	uint64_t kills, barrier_kills, max_delay_us;
	const char *dir;
	int power_loss;
	const char *disk_loss;       /* NULL, "all" or "some" */
	char dev[4096], pool[4096];
};

/* crash_open -- opens the store, waiting out the pool lock a dying process holds */
static struct spd_store *crash_open(struct crash *c, int create)
{
	struct spd_store *st;

	c->cfg.create = create;
	for (int tries = 0; tries < 200; tries++) {
		st = spd_open(&c->cfg);
		if (st || errno != EBUSY)
			break;
		usleep(5000);
	}
	if (!st) {
		fprintf(stderr, "%s: error: %s\n", T, spd_errormsg());
		_exit(1);
	}
	spd_geometry_get(st, &c->wl.home_blocks, &c->wl.meta_blocks);
	return st;
}

/* crash_worker -- the child: transactions until killed, each acknowledged on fd */
static void crash_worker(struct crash *c, int fd, uint64_t die_at_barrier)
{
	struct spd_store *st;
	uint64_t seq;

	if (c->power_loss && die_at_barrier)
		setenv("SPD_POWER_LOSS", "1", 1);  /* read when the pool is mapped */
	if (c->disk_loss && die_at_barrier) {
		char v[64];
		/* each death drops its own subset: the seed follows the barrier */
		snprintf(v, sizeof v, !strcmp(c->disk_loss, "all") ? "all" : "some:%llu",
			(unsigned long long)(c->wl.seed * 1000003 + die_at_barrier));
		setenv("SPD_DISK_LOSS", v, 1);  /* read when the device is opened */
	}
	/* odd N: the N-th barrier from the start, in recovery when it has work;
	 * even N: the N-th after recovery, in the transactions */
	if (die_at_barrier % 2)
		spd_debug_crash_at(die_at_barrier);
	st = crash_open(c, 0);
	if (spd_wl_seq(st, &seq))
		_exit(1);
	if (die_at_barrier && die_at_barrier % 2 == 0)
		spd_debug_crash_at(die_at_barrier);
	if (write(fd, &(uint64_t){ 0 }, 8) != 8)  /* ready: recovery is over */
		_exit(1);
	for (uint64_t i = seq + 1;; i++) {
		if (spd_wl_run_tx(st, &c->wl, i)) {
			fprintf(stderr, "%s: error: transaction %llu: %s\n", T,
				(unsigned long long)i, spd_errormsg());
			_exit(1);
		}
		if (write(fd, &i, sizeof i) != sizeof i)
			_exit(1);
	}
}

/* crash_checker -- the child that recovers and checks: exit 0 clean, 2 after
 * a roll-back or replay, 1 on a failed check */
static void crash_checker(struct crash *c, uint64_t acked, int fd)
{
	struct spd_store *st = crash_open(c, 0);
	struct spd_recovery r;
	uint64_t s;

	spd_recovery_get(st, &r);
	if (spd_wl_check(st, &c->wl, acked, c->cfg.cache == SPD_CACHE_NONE, &s)) {
		fprintf(stderr, "%s: error: after a kill with %llu transactions acknowledged: %s\n",
			T, (unsigned long long)acked, spd_errormsg());
		_exit(1);
	}
	/* what recovery found is durable now: the next run continues after it */
	if (write(fd, &s, sizeof s) != sizeof s)
		_exit(1);
	spd_close(st);
	_exit(r.rolled_back || r.rolled_forward || r.replayed ? 2 : 0);
}

/* crash_wait -- exit status of pid (128+signal when killed) */
static int crash_wait(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* crash_cycle -- one run killed (or dying at a barrier), then its check;
 * returns the checker's status and advances *acked */
static int crash_cycle(struct crash *c, uint64_t *acked, uint64_t barrier, unsigned *rs)
{
	int fds[2];
	uint64_t v;
	pid_t pid;

	if (pipe(fds))
		tool_die(T, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		close(fds[0]);
		crash_worker(c, fds[1], barrier);
	}
	close(fds[1]);
	if (!barrier) {
		/* one kill in eight lands during open and recovery, the rest in the run */
		if (rand_r(rs) % 8 && read(fds[0], &v, sizeof v) != sizeof v)
			v = 0;
		usleep((useconds_t)(rand_r(rs) % (c->max_delay_us + 1)));
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
	}
	while (read(fds[0], &v, sizeof v) == sizeof v)
		if (v > *acked)
			*acked = v;  /* 0 is the ready mark */
	close(fds[0]);
	int ws = crash_wait(pid);
	if (ws == 1)
		tool_die(T, "the workload failed before it was killed");
	if (pipe(fds))
		tool_die(T, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		crash_checker(c, *acked, fds[1]);
	}
	close(fds[1]);
	if (read(fds[0], &v, sizeof v) == sizeof v && v > *acked)
		*acked = v;
	close(fds[0]);
	return crash_wait(pid);
}

/* crash_args -- the options; exits 2 on a bad one */
static void crash_args(struct crash *c, int argc, char **argv)
{
	uint64_t v;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r = tool_store_opt(T, a, &c->cfg);
		if (!r && !(r = tool_u64(T, a, "--kills", &c->kills)) &&
		    !(r = tool_u64(T, a, "--barrier-kills", &c->barrier_kills)) &&
		    !(r = tool_u64(T, a, "--seed", &c->wl.seed)) &&
		    !(r = tool_u64(T, a, "--max-delay-us", &c->max_delay_us)) &&
		    !(r = tool_str(a, "--dir", &c->dir))) {
			if ((r = tool_u64(T, a, "--max-data", &v)) > 0)
				c->wl.max_data = (unsigned)v;
			else if (!r && (r = tool_u64(T, a, "--max-meta", &v)) > 0)
				c->wl.max_meta = (unsigned)v;
		}
		if (!r && !strcmp(a, "--power-loss"))
			r = c->power_loss = 1;
		if (!r && (r = tool_str(a, "--disk-loss", &c->disk_loss)) > 0) {
			if (strcmp(c->disk_loss, "all") && strcmp(c->disk_loss, "some")) {
				fprintf(stderr, "%s: error: --disk-loss must be all or some, not '%s'\n",
					T, c->disk_loss);
				exit(2);
			}
			c->power_loss = 1;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("%s%s", usage, tool_store_help);
			exit(0);
		}
		if (r < 0)
			exit(2);
		if (!r) {
			fprintf(stderr, "%s: error: unknown option '%s'\n%s", T, a, usage);
			exit(2);
		}
	}
	if (!c->dir) {
		fprintf(stderr, "%s: error: --dir=DIR is required\n%s", T, usage);
		exit(2);
	}
}

int main(int argc, char **argv)
{
	struct crash c;
	uint64_t acked = 0, rolled = 0, total;
	unsigned rs;
	pid_t pid;

	memset(&c, 0, sizeof c);
	spd_config_default(&c.cfg);
	c.cfg.cache = SPD_CACHE_SPINDLE;
	c.wl = (struct spd_wl){ 1, 0, 0, 4, 4 };
	c.max_delay_us = 20000;
	crash_args(&c, argc, argv);
	snprintf(c.dev, sizeof c.dev, "%s/store.dev", c.dir);
	snprintf(c.pool, sizeof c.pool, "%s/store.pool", c.dir);
	c.cfg.dev_path = c.dev;
	c.cfg.pool_path = c.pool;
	rs = (unsigned)c.wl.seed;
	pid = fork();
	if (pid == 0) {
		spd_close(crash_open(&c, 1));
		_exit(0);
	}
	if (crash_wait(pid))
		return 1;
	total = c.kills + c.barrier_kills;
	for (uint64_t k = 0; k < total; k++) {
		uint64_t barrier = k < c.barrier_kills ? k + 1 : 0;
		int s = crash_cycle(&c, &acked, barrier, &rs);
		if (s != 0 && s != 2)
			return 1;
		rolled += s == 2;
	}
	printf("%s: %s: %llu kills (%llu at persist barriers 1..%llu%s), %llu transactions "
		"acknowledged, %llu recoveries undid or replayed a transaction, every check passed\n",
		T, spd_cache_name(c.cfg.cache), (unsigned long long)total,
		(unsigned long long)c.barrier_kills, (unsigned long long)c.barrier_kills,
		!c.power_loss ? "" : !c.disk_loss ? ", as power failures"
		: !strcmp(c.disk_loss, "all") ? ", as power failures dropping every unsynced disk write"
		: ", as power failures dropping some unsynced disk writes", (unsigned long long)acked, (unsigned long long)rolled);
	return 0;
}
