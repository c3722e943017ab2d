/*
 * power-loss-persist-probe.c -- which of the shim's persistence paths
 * survive a simulated power loss on a pool that PMDK does not treat as
 * persistent memory (PMEM_IS_PMEM_FORCE=0: PMDK persists with msync).
 * Run under the power-loss-shadow.c interposer:
 *
 *   LD_PRELOAD=libpms-shadow.so power-loss-persist-probe POOL
 *
 * A child opens the pool and, each path on its own page-aligned object so
 * that no later msync of a neighbouring line carries it along:
 *   tx      stores 43 with pms_tx_add_range inside a transaction
 *   persist stores 42 outside a transaction, then pms_persist (as the doc
 *           advises for naked stores)
 *   strdup  pms_strdup("hello") outside a transaction, stored in a root
 *   gen     pms_gen_refresh on an object word outside a transaction
 * then reports on a pipe and waits to be SIGKILLed; the shadow replaces the
 * pool and the parent prints what survived, one line per path.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmem_shim.h>

struct probe { uint64_t val; uint64_t gen; char pad[4096 - 16]; };

static void fail(const char *what)
{
	printf("probe: FAIL: %s: %s\n", what, pms_errormsg());
	exit(1);
}

static void copy_file(const char *from, const char *to)
{
	static char buf[1 << 16];
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (in < 0 || out < 0)
		fail("copy");
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			fail("copy write");
	close(in);
	close(out);
}

/* setup -- pool with two zeroed page-sized objects, durably (normal close) */
static void setup(const char *path)
{
	pms_pool *p = pms_pool_open(path, PMS_CREATE, NULL);
	struct probe *a, *b;

	if (!p)
		fail("create");
	pms_tx_begin();
	a = pms_calloc(1, sizeof(*a));
	b = pms_calloc(1, sizeof(*b));
	pms_tx_commit();
	if (!a || !b || pms_root_set("tx", a) || pms_root_set("persist", b))
		fail("setup");
	pms_pool_close(p);
}

static void child(const char *path, int fd)
{
	pms_pool *p = pms_pool_open(path, 0, NULL);
	struct probe *a, *b;
	char *s;

	if (!p)
		fail("open");
	a = pms_root_get("tx");
	b = pms_root_get("persist");
	pms_tx_begin();
	pms_tx_add_range(&a->val, sizeof(a->val));
	a->val = 43;
	pms_tx_commit();
	s = pms_strdup("hello");                 /* outside a transaction */
	if (!s || pms_root_set("strdup", s))
		fail("strdup");
	b->val = 42;                             /* naked store + pms_persist */
	pms_persist(&b->val, sizeof(b->val));
	pms_gen_refresh(&b->gen);                /* outside a transaction */
	if (write(fd, "k", 1) != 1)
		_exit(3);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	char shadow[4200];
	int fds[2], status;
	pid_t pid;
	char c;

	if (argc < 2) {
		fprintf(stderr, "usage: LD_PRELOAD=libpms-shadow.so %s POOL\n", argv[0]);
		return 2;
	}
	setenv("PMEM_IS_PMEM_FORCE", "0", 1);
	snprintf(shadow, sizeof(shadow), "%s.shadow", argv[1]);
	unlink(argv[1]);
	pid = fork();
	if (pid == 0) {
		setup(argv[1]);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		return 1;
	copy_file(argv[1], shadow);
	if (pipe(fds))
		return 1;
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		setenv("PMS_SHADOW_POOL", argv[1], 1);
		setenv("PMS_SHADOW", shadow, 1);
		child(argv[1], fds[1]);
	}
	close(fds[1]);
	if (read(fds[0], &c, 1) != 1)
		return 1;
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	usleep(20000);   /* the pool checker child, if any, dies with its parent */
	if (rename(shadow, argv[1]))
		return 1;
	pms_pool *p = pms_pool_open(argv[1], 0, NULL);
	if (!p)
		fail("reopen");
	struct probe *a = pms_root_get("tx"), *b = pms_root_get("persist");
	char *s = pms_root_get("strdup");
	printf("probe: tx store %s (%llu)\n", a->val == 43 ? "survived" : "LOST",
		(unsigned long long)a->val);
	printf("probe: pms_persist store %s (%llu)\n",
		b->val == 42 ? "survived" : "LOST", (unsigned long long)b->val);
	printf("probe: pms_strdup string %s\n",
		!s ? "LOST (root not set)" : strcmp(s, "hello") == 0 ? "survived" :
		"LOST (contents not durable)");
	printf("probe: pms_gen_refresh word %s (%llu, generation now %llu)\n",
		b->gen ? "survived" : "LOST", (unsigned long long)b->gen,
		(unsigned long long)pms_generation());
	pms_pool_close(p);
	unlink(argv[1]);
	return 0;
}
