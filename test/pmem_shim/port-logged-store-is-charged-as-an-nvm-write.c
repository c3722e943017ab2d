// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_CHARGE=address PMS_STATS=%t.json %t.exe %t.pool | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: rm -f %t.pool
// RUN: env -u PMS_NVM_MODEL -u PMS_STATS %t.exe %t.pool | FileCheck %s --check-prefix=OFF

// A port's stores into the pool go through PMS_LOGGED (and the logged libc
// forms), whose arguments the delay-injector does not instrument: under an
// NVM model the runtime charges each of them as one NVM write, and a store
// into volatile memory through the same form costs nothing. Without a
// model (and no PMS_STATS) the hook is off.
// CHECK: pool stores charged: 3
// CHECK-NEXT: volatile stores charged: 0
// JSON: "writes": 3,
// OFF: pool stores charged: 0
// OFF-NEXT: volatile stores charged: 0

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
#include <stdlib.h>

struct rec { long a, b; char name[16]; };

static unsigned long writes(void)
{
	struct pms_stats s;
	pms_stats_get(&s);
	return s.writes;
}

int main(int argc, char **argv)
{
	struct rec *r, v;
	unsigned long w0;

	pms_port_open(argv[1]);
	pms_op_begin();
	r = pms_malloc(sizeof(*r));
	w0 = writes();
	PMS_LOGGED(r->a) = 1;
	PMS_LOGGED(r->b) += 2;
	pms_tx_memset(r->name, 0, sizeof(r->name));
	printf("pool stores charged: %lu\n", writes() - w0);
	w0 = writes();
	PMS_LOGGED(v.a) = 1;
	pms_tx_memset(v.name, 0, sizeof(v.name));
	printf("volatile stores charged: %lu\n", writes() - w0);
	pms_op_end();
	pms_port_loaded();
	return (int)(v.a - 1);
}
