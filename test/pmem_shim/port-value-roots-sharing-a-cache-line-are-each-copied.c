// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// The runtime finds the root a store goes to from the store's address (pms_value_touch). Roots
// may share a line (three small globals side by side), the lowest root need not start a line,
// a root may end in a line it only starts to cover, and a store may land between roots: each
// store must still mark the lines of its own root, or the operation's end does not copy them
// and a warm start after a crash brings back older bytes.
// COLD: cold: operations committed
// WARM: warm: first 1 second 20 third 30 tail 6 60 big 4 between 0

#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>

// Byte offsets in mem: first 8-16 (the lowest root: the span starts mid-line), second 16-24,
// third 24-56 (all in line 0), tail 120-144 (lines 1 and 2), big 192-384, nothing at 80.
static _Alignas(64) long mem[64];
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("first", &mem[1], sizeof(long));
	pms_port_value_tracked("first");
	pms_port_value("second", &mem[2], sizeof(long));
	pms_port_value_tracked("second");
	pms_port_value("third", &mem[3], 4 * sizeof(long));
	pms_port_value_tracked("third");
	pms_port_value("tail", &mem[15], 3 * sizeof(long));
	pms_port_value_tracked("tail");
	pms_port_value("big", &mem[24], 24 * sizeof(long));
	pms_port_value_tracked("big");
}

int main(int argc, char **argv)
{
	(void)argc;
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: first %ld second %ld third %ld tail %ld %ld big %ld between %ld\n",
		       mem[1], mem[2], mem[4], mem[15], mem[17], mem[45], mem[10]);
		return 0;
	}
	pms_port_loaded();
	pms_op_begin();
	PMS_VALUE_STORE(mem[2]) = 2;
	PMS_VALUE_STORE(mem[4]) = 3;
	PMS_VALUE_STORE(mem[45]) = 4;
	PMS_VALUE_STORE(mem[1]) = 1;
	PMS_VALUE_STORE(mem[10]) = 5; /* not a root: stays volatile */
	PMS_VALUE_STORE(mem[15]) = 6;
	pms_op_end();
	pms_op_begin();
	PMS_VALUE_STORE(mem[4]) = 30;
	PMS_VALUE_STORE(mem[17]) = 60;
	PMS_VALUE_STORE(mem[2]) = 20;
	pms_op_end();
	printf("cold: operations committed\n");
	fflush(stdout);
	raise(SIGKILL);
	return 1;
}
