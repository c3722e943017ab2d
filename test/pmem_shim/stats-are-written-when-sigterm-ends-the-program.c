// PMS_STATS is written when SIGTERM ends a program that has no handler of its own (no atexit
// handler runs then), and the program still dies of the signal.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %pms-cc %s -o %t/prog %pms-ldflags
// RUN: env PMS_POOL=%t/p.pool PMS_STATS=%t/stats.json %pms-python -c "import subprocess, sys; r = subprocess.run(['%t/prog']); print('status', r.returncode)" | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s --input-file=%t/stats.json
// STATUS: working
// STATUS: status -15
// CHECK: "transactions": {{[1-9]}}
#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>

struct counter { long n; };
static struct counter *c;

int main(void)
{
	pms_port_open("p.pool");
	c = pms_malloc(sizeof *c);
	pms_port_root("c", (void **)&c);
	pms_port_loaded();
	pms_op_begin();
	PMS_LOGGED(c->n) = 1;
	pms_op_end();
	printf("working\n");
	fflush(stdout);
	raise(SIGTERM);
	return 0;
}
