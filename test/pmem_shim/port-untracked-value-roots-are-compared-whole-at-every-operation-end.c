// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool2 outside | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool2 | FileCheck %s --check-prefix=WARM2

// A root the rewriter could not mark every store of (its address escapes) is registered without
// pms_port_value_tracked: plain stores change it, and every operation's end compares it whole.
// The runtime keeps the list of those roots from the open, so an operation's end need not look
// at every root; a store into a tracked root outside any operation (the second run) makes it
// look at every root again. In both runs the plain stores must reach the pool.
// COLD: cold: operations committed
// WARM: warm: counter 3 tracked 7 last 4
// WARM2: warm: counter 3 tracked 7 last 9

#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static long counter;   /* untracked: stored without a form */
static long tracked[4];
static long last;      /* untracked too */
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("counter", &counter, sizeof(counter));
	pms_port_value("tracked", tracked, sizeof(tracked));
	pms_port_value_tracked("tracked");
	pms_port_value("last", &last, sizeof(last));
}

int main(int argc, char **argv)
{
	int outside = argc > 2 && strcmp(argv[2], "outside") == 0;

	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: counter %ld tracked %ld last %ld\n", counter, tracked[2], last);
		return 0;
	}
	pms_port_loaded();
	if (outside)
		PMS_VALUE_STORE(tracked[1]) = 5; /* outside any operation */
	for (int i = 0; i < 3; i++) {
		pms_op_begin();
		counter++;
		pms_op_end();
	}
	pms_op_begin();
	PMS_VALUE_STORE(tracked[2]) = 7;
	last = outside ? 9 : 4;
	pms_op_end();
	printf("cold: operations committed\n");
	fflush(stdout);
	raise(SIGKILL);
	return 1;
}
