// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s

// A forked child (Redis' BGSAVE) sees the pool as it was at the fork, whatever its parent stores
// afterwards: a value the parent changes, and a slab chunk the parent fills. When the child read
// the pages it had not written from the pool's file, which the parent keeps changing, it saw the
// new value, and the chunk with free slots in the child's counts was full in the bitmap it read:
// its allocation searched it for ever (a ported Redis hung in "GETDEL propagate as DEL command
// to replica"). The alarm turns a hang into a failure.
// CHECK: parent filled the chunk and stored 2 after the fork
// CHECK-NEXT: child sees 1, allocated 32 bytes
// CHECK-NEXT: child exited 0

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int go[2], status;
	pid_t child;
	long *value;
	char c;

	(void)argc;
	setvbuf(stdout, NULL, _IONBF, 0);
	pms_port_open(argv[1]);
	pms_port_loaded();
	pms_op_begin();
	value = pms_malloc(sizeof(*value));
	if (!value)
		return 1;
	*value = 1;
	for (int i = 0; i < 100; i++) /* a chunk of 32-byte slots, nearly all free */
		if (!pms_malloc(32))
			return 1;
	pms_op_end();
	if (pipe(go) != 0)
		return 1;
	child = fork();
	if (child == 0) {
		alarm(20);
		if (read(go[0], &c, 1) != 1)
			_exit(2);
		void *p = pms_malloc(32);
		printf("child sees %ld, allocated %zu bytes%s%s\n", *value,
		       p ? pms_malloc_usable_size(p) : 0, p ? "" : ": ", p ? "" : pms_errormsg());
		_exit(p ? 0 : 3);
	}
	pms_op_begin();
	PMS_LOGGED(*value) = 2;
	for (int i = 0; i < 10000; i++) /* the chunk's 8,000-odd free slots, and a new chunk */
		if (!pms_malloc(32))
			return 1;
	pms_op_end();
	printf("parent filled the chunk and stored 2 after the fork\n");
	if (write(go[1], "g", 1) != 1)
		return 1;
	waitpid(child, &status, 0);
	if (WIFSIGNALED(status))
		printf("child killed by signal %d\n", WTERMSIG(status));
	else
		printf("child exited %d\n", WEXITSTATUS(status));
	return 0;
}
