/*
 * bank-workload.h -- the persistent bank both crash harnesses run and check:
 * accounts in a hash map whose balances keep a fixed total, a list of records,
 * transactions that move money, append, trim and allocate, and the check that
 * every invariant and every acknowledged commit survived. Define HARNESS_NAME
 * before including it (test-only code: static definitions in a header).
 */
#ifndef BANK_WORKLOAD_H
#define BANK_WORKLOAD_H

#ifndef HARNESS_NAME
#error "define HARNESS_NAME before including bank-workload.h"
/* kill_child -- in the parent after fork: lets the child run delay_us (after
 * it reported ready, unless early), kills its whole process group, collects
 * every seq it reported on fds and returns the last one */
static uint64_t kill_child(pid_t pid, int fds[2], const char *path,
		unsigned delay_us, int early)
{
	uint64_t v, last = 0;
	int status;

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
	return last;
}

#endif

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
	printf(HARNESS_NAME ": FAIL: %s (%llu vs %llu)\n", what, a, b);
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
		printf(HARNESS_NAME ": FAIL: open: %s\n", pms_errormsg());
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

/* slab_may_leak -- the slab was asked for, whose crashes may leak slots */
static int slab_may_leak(void)
{
	const char *e = getenv("PMS_SLAB");
	return e && strcmp(e, "1") == 0;
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
	/* The slab (PMS_SLAB=1) may leak the slots of the operation a crash
	 * interrupted (runtime/pmem_shim/src/slab.c): more objects than reachable
	 * is allowed there, fewer never. */
	if ((uint64_t)objs < 1 + n + nl ||
	    ((uint64_t)objs > 1 + n + nl && !slab_may_leak()))
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

/* kill_child -- in the parent after fork: lets the child run delay_us (after
 * it reported ready, unless early), kills its whole process group, collects
 * every seq it reported on fds and returns the last one */
static uint64_t kill_child(pid_t pid, int fds[2], const char *path,
		unsigned delay_us, int early)
{
	uint64_t v, last = 0;
	int status;

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
	return last;
}

#endif
