/*
 * check.c -- PMDK's read-only consistency check of an existing pool, run in
 * a child process with a time limit, before anything maps the pool for real.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"

/*
 * pool_default_crash_signals -- in the checker child, crash signals must kill
 * it: the program's own handlers (Redis' crash report, ASan's) must not run
 * there. The raw system call bypasses sanitizer interceptors of sigaction.
 */
static void pool_default_crash_signals(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };
	struct { void *handler; unsigned long flags; void *restorer;
		 uint64_t mask; } ksa = { SIG_DFL, 0, NULL, 0 };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		syscall(SYS_rt_sigaction, sigs[i], &ksa, NULL, sizeof(ksa.mask));
}

/* pool_check_ms -- time limit of the checker child (PMS_POOL_CHECK_MS) */
static int pool_check_ms(void)
{
	const char *e = getenv("PMS_POOL_CHECK_MS");
	int ms = e ? atoi(e) : 0;

	return ms > 0 ? ms : 20000;
}

/* pool_read_timed -- reads until EOF or ms pass; -2 on timeout */
static ssize_t pool_read_timed(int fd, char *buf, size_t cap, int ms)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	size_t got = 0;

	for (;;) {
		int r = poll(&pfd, 1, ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -2;
		ssize_t n = read(fd, buf + got, cap - got);
		if (n <= 0 || (got += (size_t)n) == cap)
			return (ssize_t)got;
	}
}

/*
 * pool_check_wanted -- whether this open runs PMDK's check. By default only
 * when PMDK may have been stopped in the middle of an operation (settled: the
 * shim header says the last process closed the pool, or had no PMDK
 * operation in flight, pmdk_busy.c): that is what can leave PMDK's lanes and
 * heap half written, and the check costs 10-25 ms on a 1 GB pool.
 * PMS_POOL_CHECK=1 checks every open (a pool that may have been damaged
 * behind our back), PMS_POOL_CHECK=0 none.
 */
int pool_check_wanted(int settled)
{
	const char *e = getenv("PMS_POOL_CHECK");

	if (e && strcmp(e, "0") == 0)
		return 0;
	if (e && strcmp(e, "1") == 0)
		return 1;
	return !settled;
}

/*
 * pool_pmdk_check -- PMDK's read-only consistency check, run in a child
 * process: on some damaged undo-log lanes PMDK's checker itself crashes (the
 * fuzzer found this), which must become an error, not kill the program.
 */
int pool_pmdk_check(const char *path, int settled)
{
	char msg[256] = "";
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (!pool_check_wanted(settled))
		return 0;
	if (pipe(fds) != 0)
		return err_set(errno, "cannot check pool '%s': pipe", path);
	pid_t parent = getpid();
	pid = fork();
	if (pid == 0) {
		/* an orphaned checker must not outlive a killed opener (also one
		 * killed before the death signal was armed) */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		pool_default_crash_signals();
		int c = pmdk.check(path, PMS_LAYOUT);
		const char *m = pmdk.errormsg();
		int code = c == 1 ? 0 : (c < 0 && (errno == EWOULDBLOCK ||
			errno == EAGAIN)) ? 2 : 1;
		if (write(fds[1], m, strlen(m)) < 0)
			code = 1;
		_exit(code);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return err_set(errno, "cannot check pool '%s': fork", path);
	}
	n = pool_read_timed(fds[0], msg, sizeof(msg) - 1, pool_check_ms());
	msg[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	if (n == -2)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (n == -2)
		return err_set(EPROTO, "pool '%s' failed PMDK's consistency "
			"check: the checker did not finish in %d ms (damaged "
			"pool; PMS_POOL_CHECK_MS raises the limit)", path,
			pool_check_ms());
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 2)
		return err_set(EBUSY, "pool '%s' is in use by another process",
			path);
	if (WIFSIGNALED(status))
		return err_set(EPROTO, "pool '%s' failed PMDK's consistency "
			"check: the checker died of signal %d (damaged pool)",
			path, WTERMSIG(status));
	return err_set(EPROTO, "pool '%s' failed PMDK's consistency check: %s",
		path, msg[0] ? msg : "inconsistent");
}

