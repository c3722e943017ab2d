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

#define NB 64          /* hash buckets */
#define NACC 32        /* accounts at creation */
#define START 1000     /* initial balance of each */
#define LOGMAX 200     /* records kept in the list */
#define READY UINT64_MAX /* child -> parent: pool open, transactions start */

struct acct { uint64_t id, balance; struct acct *next; };
struct rec { uint64_t seq, kind; struct rec *next; };
struct state {
	uint64_t seq, total, naccts, next_id, nlog, ops;
	struct rec *log_head, *log_tail;
	struct acct *bucket[NB];
};

static struct state *st;   /* bound to root "state" */

/* die -- reports a violated invariant */
static void die(const char *what, unsigned long long a, unsigned long long b)
{
	printf("power-loss-harness: FAIL: %s (%llu vs %llu)\n", what, a, b);
	exit(1);
}

/* pick -- the k-th account in bucket order, with its predecessor link */
static struct acct **pick(uint64_t k)
{
	k %= st->naccts;
	for (int b = 0; b < NB; b++)
		for (struct acct **pp = &st->bucket[b]; *pp; pp = &(*pp)->next)
			if (k-- == 0)
				return pp;
	die("account index out of range", k, st->naccts);
	return NULL;
}

/* add_balance -- logged balance change */
static void add_balance(struct acct *a, int64_t d)
{
	pms_tx_add_range(&a->balance, sizeof(a->balance));
	a->balance += (uint64_t)d;
}

/* append_rec -- appends a record and trims the list (nested transaction) */
static void append_rec(uint64_t kind)
{
	struct rec *r;

	pms_tx_begin();
	r = pms_malloc(sizeof(*r));
	r->seq = st->seq + 1;
	r->kind = kind;
	r->next = NULL;
	pms_tx_add_range(st, sizeof(*st) - sizeof(st->bucket));
	if (st->log_tail) {
		pms_tx_add_range(&st->log_tail->next, sizeof(r));
		st->log_tail->next = r;
	} else {
		st->log_head = r;
	}
	st->log_tail = r;
	st->seq++;
	if (++st->nlog > LOGMAX) {
		struct rec *old = st->log_head;
		st->log_head = old->next;
		st->nlog--;
		pms_free(old);
	}
	pms_tx_commit();
}

/* one_tx -- one random transaction; returns 1 committed, 0 aborted */
static int one_tx(unsigned *rs)
{
	unsigned op = rand_r(rs) % 8;
	struct acct **pa, *a, *b;

	pms_tx_begin();
	pa = pick(rand_r(rs));
	a = *pa;
	b = *pick(rand_r(rs));
	if (op == 0 && st->naccts > 4 && a != b) {          /* delete a */
		add_balance(b, (int64_t)a->balance);
		pms_tx_add_range(pa, sizeof(*pa));
		*pa = a->next;
		pms_tx_add_range(&st->naccts, sizeof(st->naccts));
		st->naccts--;
		pms_free(a);
	} else if (op == 1 && a->balance > 1) {             /* create */
		struct acct *n = pms_malloc(sizeof(*n));
		uint64_t amount = a->balance / 2;
		pms_tx_add_range(&st->naccts, 2 * sizeof(uint64_t));
		n->id = st->next_id++;
		n->balance = amount;
		add_balance(a, -(int64_t)amount);
		struct acct **head = &st->bucket[n->id % NB];
		pms_tx_add_range(head, sizeof(*head));
		n->next = *head;
		*head = n;
		st->naccts++;
	} else {                                            /* transfer */
		uint64_t amount = a->balance ? rand_r(rs) % (a->balance + 1) : 0;
		add_balance(a, -(int64_t)amount);
		add_balance(b, (int64_t)amount);
	}
	pms_tx_fetch_add_u64(&st->ops, 1);
	append_rec(op);
	if (rand_r(rs) % 16 == 0) {
		pms_tx_abort();
		return 0;
	}
	return pms_tx_commit() == 0;
}

/* init_state -- a fresh state with NACC accounts, in one transaction */
static void init_state(void)
{
	pms_tx_begin();
	st = pms_calloc(1, sizeof(*st));
	for (uint64_t i = 0; i < NACC; i++) {
		struct acct *a = pms_malloc(sizeof(*a));
		a->id = i;
		a->balance = START;
		a->next = st->bucket[i % NB];
		st->bucket[i % NB] = a;
	}
	st->naccts = NACC;
	st->next_id = NACC;
	st->total = (uint64_t)NACC * START;
	if (pms_tx_commit() != 0)
		die("init commit failed", 0, 0);
}

/* open_pool -- opens the pool and binds the state root */
static pms_pool *open_pool(const char *path)
{
	pms_pool *p = pms_pool_open(path, PMS_CREATE, NULL);

	if (!p) {
		printf("power-loss-harness: FAIL: open: %s\n", pms_errormsg());
		exit(1);
	}
	if (pms_root_bind("state", (void **)&st) != 0)
		die("root bind failed", 0, 0);
	return p;
}

/* child -- runs transactions forever, reporting each committed seq */
static void child(const char *path, int fd, unsigned seed)
{
	uint64_t ready = READY;

	open_pool(path);
	if (!st)
		init_state();
	if (write(fd, &ready, 8) != 8)
		_exit(3);
	for (;;) {
		if (one_tx(&seed) && write(fd, &st->seq, 8) != 8)
			_exit(3);
	}
}

/* count_obj -- heap walk callback */
static void count_obj(void *obj, size_t size, void *arg)
{
	(void)obj, (void)size;
	++*(long *)arg;
}

/* check -- reopens the pool and verifies every invariant */
static uint64_t check(const char *path, uint64_t reported)
{
	pms_pool *p = open_pool(path);
	uint64_t sum = 0, n = 0, nl = 0, prev = 0;
	long objs = 0;

	if (!st) {
		if (reported)
			die("state root lost after commits", reported, 0);
		pms_pool_close(p);
		return 0;
	}
	for (int b = 0; b < NB; b++)
		for (struct acct *a = st->bucket[b]; a; a = a->next, n++) {
			if (a->id % NB != (uint64_t)b)
				die("account in wrong bucket", a->id, b);
			sum += a->balance;
		}
	if (sum != st->total)
		die("total balance changed", sum, st->total);
	if (n != st->naccts)
		die("account count", n, st->naccts);
	for (struct rec *r = st->log_head; r; r = r->next, nl++) {
		if (prev && r->seq != prev + 1)
			die("record sequence gap", prev, r->seq);
		prev = r->seq;
	}
	if (nl != st->nlog || (nl && prev != st->seq))
		die("record list", nl, st->nlog);
	if (st->seq < reported)
		die("committed transaction lost", st->seq, reported);
	if (st->seq > reported + 1)
		die("uncommitted transaction visible", st->seq, reported);
	pms_heap_walk(count_obj, &objs);
	if ((uint64_t)objs != 1 + n + nl)
		die("leaked or lost objects", objs, 1 + n + nl);
	uint64_t seq = st->seq;
	pms_pool_close(p);
	return seq;
}

/* wait_unlocked -- waits until no killed process (e.g. the child's pool
 * checker, still dying) holds the pool's lock */
static void wait_unlocked(const char *path)
{
	for (;;) {
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			return;
		int r = flock(fd, LOCK_EX | LOCK_NB);
		close(fd);
		if (r == 0)
			return;
		usleep(100);
	}
}

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
	uint64_t v, last = 0;
	pid_t pid;
	int status;

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
	setpgid(pid, pid);
	close(fds[1]);
	if (!early && read(fds[0], &v, 8) == 8 && v != READY)
		last = v;
	usleep(delay_us);
	kill(-pid, SIGKILL);   /* the whole group: a power failure stops all */
	while (read(fds[0], &v, 8) == 8)
		if (v != READY)
			last = v;
	close(fds[0]);
	waitpid(pid, &status, 0);
	wait_unlocked(path);
	if (!WIFSIGNALED(status))
		die("child exited by itself", (unsigned long long)status, 0);
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
