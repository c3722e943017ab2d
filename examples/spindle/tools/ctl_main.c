/*
 * ctl_main.c -- spindle-ctl: format a store, run the checked transaction
 * stream on it, check it against the model after a crash, print what
 * recovery did, and inject the faults the reliability tests need.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "spindle/debug.h"
#include "spindle/workload.h"

static const char *const T = "spindle-ctl";

static const char usage[] =
	"usage: spindle-ctl COMMAND [options]\n"
	"commands:\n"
	"  format                 create the device file (and pool) with the geometry given\n"
	"  recover                open, recover, print what recovery did\n"
	"  run --txs=N            run N more transactions of the stream (--seed, --max-data, --max-meta)\n"
	"  check --acked=K        the store must hold transactions 1..K or 1..K+1 exactly\n"
	"                         (--exact: 1..K)\n"
	"  tear-commit            run one transaction, then tear its commit record (none)\n"
	"  set-ring --head=V|--tail=V  overwrite a ring-buffer pointer (spindle)\n"
	"exit status: 0 success, 1 error or failed check, 2 usage\n";

struct ctl {
	const char *cmd;
	struct spd_config cfg;
	struct spd_wl wl;
	uint64_t txs, acked, head, tail;
	int has_head, has_tail, exact;
};

/* ctl_arg -- one option; exits 2 on a bad one */
static void ctl_arg(struct ctl *c, const char *a)
{
	uint64_t v;
	int r = tool_store_opt(T, a, &c->cfg);

	if (!r && (r = tool_u64(T, a, "--seed", &c->wl.seed)) == 0 &&
	    (r = tool_u64(T, a, "--txs", &c->txs)) == 0 &&
	    (r = tool_u64(T, a, "--acked", &c->acked)) == 0) {
		if ((r = tool_u64(T, a, "--max-data", &v)) > 0)
			c->wl.max_data = (unsigned)v;
		else if (!r && (r = tool_u64(T, a, "--max-meta", &v)) > 0)
			c->wl.max_meta = (unsigned)v;
		else if (!r && (r = tool_u64(T, a, "--head", &c->head)) > 0)
			c->has_head = 1;
		else if (!r && (r = tool_u64(T, a, "--tail", &c->tail)) > 0)
			c->has_tail = 1;
	}
	if (!r && !strcmp(a, "--exact"))
		r = c->exact = 1;
	if (r < 0)
		exit(2);
	if (!r) {
		fprintf(stderr, "%s: error: unknown option '%s'\n%s", T, a, usage);
		exit(2);
	}
}

/* ctl_open -- opens the store or dies with its message */
static struct spd_store *ctl_open(struct ctl *c, int create)
{
	struct spd_store *st;

	c->cfg.create = create;
	st = spd_open(&c->cfg);
	if (!st)
		tool_die(T, "%s", spd_errormsg());
	spd_geometry_get(st, &c->wl.home_blocks, &c->wl.meta_blocks);
	return st;
}

/* ctl_print_recovery -- one line of what recovery did */
static void ctl_print_recovery(struct spd_store *st, const struct ctl *c)
{
	struct spd_recovery r;
	struct spd_stats s;

	spd_recovery_get(st, &r);
	spd_stats_get(st, &s);
	printf("recovery (%s): %llu journal transactions replayed, %llu dropped for a torn "
		"commit record, rolled back %llu, rolled forward %llu, %llu entries restored, "
		"%llu cache entries indexed; direct I/O %s\n", spd_cache_name(c->cfg.cache),
		(unsigned long long)r.replayed, (unsigned long long)r.torn_commits,
		(unsigned long long)r.rolled_back, (unsigned long long)r.rolled_forward,
		(unsigned long long)r.entries_reverted, (unsigned long long)r.index_entries,
		s.direct_io ? "yes" : "no (the file system refused O_DIRECT; fdatasync)");
}

/* ctl_run -- txs more transactions of the stream */
static void ctl_run(struct spd_store *st, struct ctl *c)
{
	struct spd_stats s;
	uint64_t seq;

	if (spd_wl_seq(st, &seq))
		tool_die(T, "%s", spd_errormsg());
	for (uint64_t i = seq + 1; i <= seq + c->txs; i++)
		if (spd_wl_run_tx(st, &c->wl, i))
			tool_die(T, "transaction %llu refused: %s", (unsigned long long)i,
				spd_errormsg());
	spd_stats_get(st, &s);
	printf("committed transactions %llu..%llu (%llu cache evictions, %llu journal "
		"checkpoints)\n", (unsigned long long)seq + 1, (unsigned long long)(seq + c->txs),
		(unsigned long long)s.evictions, (unsigned long long)s.checkpoints);
}

/* ctl_check -- the store against the model */
static void ctl_check(struct spd_store *st, struct ctl *c)
{
	uint64_t s;

	if (spd_wl_check(st, &c->wl, c->acked, c->cfg.cache == SPD_CACHE_NONE, &s))
		tool_die(T, "check failed: %s", spd_errormsg());
	if (c->exact && s != c->acked)
		tool_die(T, "check failed: the store holds transaction %llu, not exactly %llu",
			(unsigned long long)s, (unsigned long long)c->acked);
	printf("check: the store holds transactions 1..%llu (acknowledged %llu), every block "
		"matches the model, the cache index matches NVM\n", (unsigned long long)s,
		(unsigned long long)c->acked);
}

/* ctl_inject -- tear-commit or set-ring */
static void ctl_inject(struct spd_store *st, struct ctl *c)
{
	if (!strcmp(c->cmd, "tear-commit")) {
		c->txs = 1;
		ctl_run(st, c);
		if (spd_debug_tear_commit(st))
			tool_die(T, "%s", spd_errormsg());
		printf("tore the last commit record\n");
		return;
	}
	if (c->has_head == c->has_tail)
		tool_die(T, "set-ring wants exactly one of --head and --tail");
	if (spd_debug_set_ring(st, c->has_tail, c->has_tail ? c->tail : c->head))
		tool_die(T, "%s", spd_errormsg());
	printf("ring-buffer %s set to %llu\n", c->has_tail ? "tail" : "head",
		(unsigned long long)(c->has_tail ? c->tail : c->head));
}

int main(int argc, char **argv)
{
	static const char *const cmds[] = { "format", "recover", "run", "check",
		"tear-commit", "set-ring" };
	struct ctl c = { 0 };
	struct spd_store *st;
	int known = 0;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		printf("%s%s", usage, tool_store_help);
		return argc < 2 ? 2 : 0;
	}
	c.cmd = argv[1];
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		known |= !strcmp(c.cmd, cmds[i]);
	if (!known) {
		fprintf(stderr, "%s: error: unknown command '%s'\n%s", T, c.cmd, usage);
		return 2;
	}
	spd_config_default(&c.cfg);
	c.cfg.cache = SPD_CACHE_SPINDLE;
	c.wl = (struct spd_wl){ 1, 0, 0, 4, 4 };
	for (int i = 2; i < argc; i++)
		ctl_arg(&c, argv[i]);
	if (!c.cfg.dev_path) {
		fprintf(stderr, "%s: error: --dev=PATH is required\n", T);
		return 2;
	}
	if (!c.wl.max_data || !c.wl.max_meta)
		tool_die(T, "--max-data and --max-meta must be at least 1");
	st = ctl_open(&c, !strcmp(c.cmd, "format"));
	if (!strcmp(c.cmd, "format") || !strcmp(c.cmd, "recover"))
		ctl_print_recovery(st, &c);
	else if (!strcmp(c.cmd, "run"))
		ctl_run(st, &c);
	else if (!strcmp(c.cmd, "check"))
		ctl_check(st, &c);
	else
		ctl_inject(st, &c);
	spd_close(st);
	return 0;
}
