// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// The runtime finds the root a store goes to by the cache line of its address (a table of the
// tracked roots' lines). Roots may share a line (three small globals side by side) and a store
// may land between roots: each store must still mark the lines of its own root, or the
// operation's end does not copy them and a warm start after a crash brings back older bytes.
// COLD: cold: operations committed
// WARM: warm: first 1 second 20 third 30 big 4 between 0

#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>

static _Alignas(64) long line[8]; // first = line[0], second = line[1], third = line[2..5]
static long big[40];              // several lines of its own
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("first", &line[0], sizeof(long));
	pms_port_value_tracked("first");
	pms_port_value("second", &line[1], sizeof(long));
	pms_port_value_tracked("second");
	pms_port_value("third", &line[2], 4 * sizeof(long));
	pms_port_value_tracked("third");
	pms_port_value("big", big, sizeof(big));
	pms_port_value_tracked("big");
}

int main(int argc, char **argv)
{
	(void)argc;
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: first %ld second %ld third %ld big %ld between %ld\n", line[0], line[1],
		       line[3], big[33], line[6]);
		return 0;
	}
	pms_port_loaded();
	pms_op_begin();
	PMS_VALUE_STORE(line[1]) = 2;
	PMS_VALUE_STORE(line[3]) = 3;
	PMS_VALUE_STORE(big[33]) = 4;
	PMS_VALUE_STORE(line[0]) = 1;
	PMS_VALUE_STORE(line[6]) = 5; /* not a root: stays volatile */
	pms_op_end();
	pms_op_begin();
	PMS_VALUE_STORE(line[3]) = 30;
	PMS_VALUE_STORE(line[1]) = 20;
	pms_op_end();
	printf("cold: operations committed\n");
	fflush(stdout);
	raise(SIGKILL);
	return 1;
}
