/*
 * crash_churn.c -- the SanGuo crash test: churns allocations or directory
 * inserts and removes in the pool, each with its owner record in one
 * transaction, while a driver SIGKILLs it at random moments and checks the
 * reopened pool after every kill.
 *
 *   crash_churn loop KILLS alloc|dir POOL SEED [POLICY]   the driver
 *   crash_churn churn alloc|dir POOL SEED [POLICY]        runs until killed
 *   crash_churn check alloc|dir POOL                      exit 0 when consistent
 *
 * POLICY is the allocator's (default fbst).
 */
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sg_test.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"
#include "sanguo/pbitmap.h"

#define NBLOCKS 20000u
#define NFILES 512u
#define NAMES 4000u

struct file { uint32_t n; struct sg_extent e[8]; };
struct state { uint64_t ops; struct file files[NFILES]; uint32_t present[NAMES]; };

static uint64_t rnd;
static enum sg_policy policy = SG_FBST_WALK;
static uint32_t draw(uint32_t n)
{
	rnd ^= rnd << 13; rnd ^= rnd >> 7; rnd ^= rnd << 17;
	return (uint32_t)(rnd % n);
}

/* open_pool -- opens the pool, waiting out a killed run's lock (EBUSY) */
static void open_pool(const char *path)
{
	for (int i = 0; i < 200; i++) {
		if (pms_pool_open(path, PMS_CREATE, NULL))
			return;
		if (errno != EBUSY)
			break;
		usleep(10000);
	}
	fprintf(stderr, "cannot open %s: %s\n", path, pms_errormsg());
	exit(2);
}

/* setup -- the state, bitmap and directory store, created in one transaction */
static struct state *setup(void)
{
	struct state *s = pms_root_get("state");

	if (s)
		return s;
	CHECK_OR_DIE(pms_tx_begin() == 0, "begin");
	s = pms_calloc(1, sizeof *s);
	CHECK_OR_DIE(s && pms_root_set("state", s) == 0, "state");
	CHECK_OR_DIE(sg_pbitmap_create("bm", NBLOCKS, 16), "bitmap");
	CHECK_OR_DIE(sg_dir_pstore_create("dir", 256), "store");
	CHECK_OR_DIE(pms_tx_commit() == 0, "commit");
	return s;
}

/* name_of -- the name of number i */
static size_t name_of(uint32_t i, char *buf)
{
	return (size_t)sprintf(buf, "entry-%u-%.*s", i, (int)(i % 50), "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx");
}

/* churn_alloc -- a file freed or allocated, with its record, per transaction */
static void churn_alloc(struct state *s, sg_alloc *a)
{
	for (;;) {
		struct file *f = &s->files[draw(NFILES)];

		CHECK_OR_DIE(pms_tx_begin() == 0, "begin");
		pms_tx_add_range(f, sizeof *f);
		pms_tx_add_range(&s->ops, sizeof s->ops);
		if (f->n) {
			for (uint32_t i = 0; i < f->n; i++)
				CHECK_OR_DIE(sg_free_blocks(a, f->e[i].start, f->e[i].len) == 0, "free");
			f->n = 0;
		} else {
			int n = sg_alloc_blocks(a, 1 + draw(40), draw(4) ? 0 : SG_CONTIG, f->e, 8);
			f->n = n > 0 ? (uint32_t)n : 0;
		}
		s->ops++;
		CHECK_OR_DIE(pms_tx_commit() == 0, "commit");
	}
}

/* churn_dir -- a name inserted or removed, with its record, per transaction */
static void churn_dir(struct state *s, sg_dir *d)
{
	char name[128];

	for (;;) {
		uint32_t i = draw(NAMES);
		size_t len = name_of(i, name);

		CHECK_OR_DIE(pms_tx_begin() == 0, "begin");
		pms_tx_add_range(&s->present[i], sizeof s->present[i]);
		pms_tx_add_range(&s->ops, sizeof s->ops);
		if (s->present[i]) {
			CHECK_OR_DIE(sg_dir_remove(d, name, len, NULL) == 0, "remove %u", i);
			s->present[i] = 0;
		} else {
			s->present[i] = (uint32_t)(s->ops + 1);
			CHECK_OR_DIE(sg_dir_insert(d, name, len, s->present[i]) == 0, "insert %u", i);
		}
		s->ops++;
		CHECK_OR_DIE(pms_tx_commit() == 0, "commit");
	}
}

/* check_alloc -- every allocated block owned by exactly one file record */
static void check_alloc(struct state *s, sg_alloc *a, const uint64_t *bm)
{
	static unsigned char owner[NBLOCKS];
	uint64_t owned = 0, set = 0;

	CHECK_OR_DIE(sg_alloc_check(a) == 0, "tree");
	for (uint32_t k = 0; k < NFILES; k++)
		for (uint32_t i = 0; i < s->files[k].n; i++)
			for (uint32_t b = s->files[k].e[i].start;
			     b < s->files[k].e[i].start + s->files[k].e[i].len; b++) {
				CHECK_OR_DIE(b >= 16 && b < NBLOCKS, "block %u of file %u", b, k);
				CHECK_OR_DIE(!owner[b]++, "block %u owned twice", b);
				CHECK_OR_DIE((bm[b / 64] >> (b % 64)) & 1, "owned block %u is free", b);
				owned++;
			}
	for (uint32_t b = 16; b < NBLOCKS; b++)
		set += (bm[b / 64] >> (b % 64)) & 1;
	CHECK_OR_DIE(set == owned, "%llu blocks allocated, %llu owned: lost blocks",
		(unsigned long long)set, (unsigned long long)owned);
	CHECK_OR_DIE(sg_alloc_free_count(a) == NBLOCKS - 16 - owned, "free count");
}

/* check_dir -- the directory holds exactly the recorded names */
static void check_dir(struct state *s, sg_dir *d)
{
	char name[128];
	uint32_t n = 0, ino;

	CHECK_OR_DIE(sg_dir_check(d) == 0, "directory check");
	for (uint32_t i = 0; i < NAMES; i++) {
		size_t len = name_of(i, name);
		int r = sg_dir_lookup(d, name, len, &ino);

		CHECK_OR_DIE(s->present[i] ? r == 0 && ino == s->present[i] : r == -1,
			"name %u: recorded %u, lookup %d", i, s->present[i], r);
		n += s->present[i] != 0;
	}
	CHECK_OR_DIE(sg_dir_count(d) == n, "count %u, recorded %u", sg_dir_count(d), n);
}

/* run -- one churn or check process */
static int run(const char *what, const char *kind, const char *path)
{
	struct sg_alloc_opts o = { policy, 4096, rnd };
	struct sg_dir_opts dopts = { SG_DIR_GATHER_FREE, 0 };
	struct sg_dir_store st;

	open_pool(path);
	struct state *s = setup();
	struct sg_pbitmap *bm = sg_pbitmap_get("bm");
	CHECK_OR_DIE(bm, "bitmap");
	sg_dir_pstore_ops(sg_dir_pstore_get("dir"), &st);
	sg_alloc *a = sg_alloc_open(bm->words, bm->nblocks, bm->first_free, &o);
	sg_dir *d = sg_dir_open(&st, &dopts);
	CHECK_OR_DIE(a && d, "open");
	if (!strcmp(what, "check")) {
		if (!strcmp(kind, "alloc"))
			check_alloc(s, a, bm->words);
		else
			check_dir(s, d);
		printf("%llu\n", (unsigned long long)s->ops);
		return 0;
	}
	if (!strcmp(kind, "alloc"))
		churn_alloc(s, a);
	churn_dir(s, d);
	return 0;
}

/* child -- runs one process and returns its wait status */
static int child(const char *what, const char *kind, const char *path, int kill_after_us)
{
	int st;
	pid_t p = fork();

	if (p == 0)
		exit(run(what, kind, path));
	if (kill_after_us) {
		usleep((useconds_t)kill_after_us);
		kill(p, SIGKILL);
	}
	waitpid(p, &st, 0);
	return st;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: crash_churn loop KILLS|churn|check alloc|dir POOL [SEED [POLICY]]\n");
		return 2;
	}
	int loop = !strcmp(argv[1], "loop");

	rnd = argc > 4 + loop ? strtoull(argv[4 + loop], NULL, 0) : 1;
	if (argc > 5 + loop && !(policy = sg_policy_parse(argv[5 + loop]))) {
		fprintf(stderr, "crash_churn: unknown policy '%s'\n", argv[5 + loop]);
		return 2;
	}
	if (!loop)
		return run(argv[1], argv[2], argv[3]);
	int kills = atoi(argv[2]), killed = 0;
	for (int k = 0; k < kills; k++) {
		int st = child("churn", argv[3], argv[4], 20000 + (int)draw(60000));

		killed += WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL;
		rnd += 1;
		fflush(stdout);
		st = child("check", argv[3], argv[4], 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			printf("check failed after kill %d\n", k + 1);
			return 1;
		}
	}
	printf("%d kills, %d by SIGKILL mid-churn, every check clean\n", kills, killed);
	return 0;
}
